import { z } from 'zod';
import { replayCorrupt } from '../match/stored-documents.js';
import type { BlobStore } from '../store/contract/blobs.js';

/**
 * What a batch keeps beside its record, as plain JSON blobs: its pairings (the
 * results list them in order), an asynchronous match's request (its seats may
 * be code), and why a pairing failed. Plain, not gzip: an S3 client that
 * decodes Content-Encoding itself (fetch on Workers) reads them the same.
 */

export const Pairing = z.object({
  seats: z.array(z.string().max(200)).min(1).max(16),
  map: z.string().max(200).optional(),
  seed: z.number().int().min(0).max(4294967295).optional(),
});
export type Pairing = z.infer<typeof Pairing>;

export const JobFailure = z.object({ code: z.string(), message: z.string() });
export type JobFailure = z.infer<typeof JobFailure>;

const pairingsKey = (batch: string) => `batches/${batch}/pairings.json`;
const requestKey = (batch: string) => `batches/${batch}/request.json`;
const failureKey = (batch: string, index: number) => `batches/${batch}/failed/${index}.json`;

async function putJson(blobs: BlobStore, key: string, value: unknown): Promise<void> {
  await blobs.put(key, new TextEncoder().encode(JSON.stringify(value)), { contentType: 'application/json' });
}

/** A stored JSON blob checked against `schema`; null when there is none, REPLAY_CORRUPT when it does not read. */
async function readStoredJson<T>(
  blobs: BlobStore,
  key: string,
  schema: z.ZodType<T>,
  what: string,
): Promise<{ doc: T } | null> {
  const bytes = await blobs.get(key);
  if (!bytes) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw replayCorrupt(what, 'it is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw replayCorrupt(what, 'it is not of its shape');
  return { doc: parsed.data };
}

export const putPairings = (blobs: BlobStore, batch: string, pairings: readonly Pairing[]) =>
  putJson(blobs, pairingsKey(batch), pairings);

export async function readPairings(blobs: BlobStore, batch: string): Promise<Pairing[]> {
  const stored = await readStoredJson(blobs, pairingsKey(batch), z.array(Pairing), `the pairings of batch ${batch}`);
  return stored?.doc ?? [];
}

export const putAsyncRequest = (blobs: BlobStore, batch: string, request: unknown) =>
  putJson(blobs, requestKey(batch), request);

export async function readAsyncRequest(blobs: BlobStore, batch: string): Promise<unknown> {
  const stored = await readStoredJson(blobs, requestKey(batch), z.unknown(), `the request of ${batch}`);
  return stored?.doc ?? null;
}

export const putFailure = (blobs: BlobStore, batch: string, index: number, failure: JobFailure) =>
  putJson(blobs, failureKey(batch, index), failure);

export async function readFailure(blobs: BlobStore, batch: string, index: number): Promise<JobFailure | null> {
  const stored = await readStoredJson(blobs, failureKey(batch, index), JobFailure, `a failure of batch ${batch}`);
  return stored?.doc ?? null;
}
