import { z } from 'zod';
import type { BlobStore } from '../store/types.js';
import { ApiProblem } from './problems.js';

/**
 * Reading back what the service stored (gzip JSON replays and logs). Storage
 * can hand back anything: bytes that do not gunzip, text that is not JSON, or
 * JSON of another shape. Each is REPLAY_CORRUPT (500), never a crash.
 */

export function replayCorrupt(what: string, why: string): ApiProblem {
  return new ApiProblem(500, 'REPLAY_CORRUPT', `${what} is corrupt: ${why}`);
}

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A stored gzip JSON object checked against `schema`; null when there is none. `what` names it in the error. */
export async function readStoredJson<T>(blobs: BlobStore, key: string, schema: z.ZodType<T>, what: string): Promise<{ text: string; doc: T } | null> {
  const stored = await blobs.get(key);
  if (!stored) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await gunzip(stored));
  } catch {
    throw replayCorrupt(what, 'it does not decompress as gzip UTF-8 text');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw replayCorrupt(what, 'it is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw replayCorrupt(what, `${issue?.path.join('.') || '(document)'}: ${issue?.message ?? 'unexpected shape'}`);
  }
  // The document as stored, not zod's copy: a re-run is compared byte for byte, key order included.
  return { text, doc: json as T };
}

/** Runs a computation over a stored document that may still throw on content the schema lets through. */
export function decodeOrCorrupt<T>(what: string, compute: () => T): T {
  try {
    return compute();
  } catch (e) {
    if (e instanceof ApiProblem) throw e;
    throw replayCorrupt(what, (e as Error).message ?? String(e));
  }
}

const sha = z.string().regex(/^[0-9a-f]{64}$/);
const budgets = z.record(z.string(), z.number());
const manifest = z.looseObject({});

/** What the verify and turn-history code reads of each game's replay; the rest passes through. */
export const StoredReplays = {
  icy: z.looseObject({
    map: z.string(),
    manifest: z.looseObject({
      rules: z.enum(['queue2011', 'icpc2010']),
      seed: z.number().int().nullable().optional(),
      budgets: budgets.nullable().optional(),
      bots: z.looseObject({
        red: z.looseObject({ sha256: sha.nullable(), kind: z.enum(['js', 'wasm', 'history']) }),
        blue: z.looseObject({ sha256: sha.nullable(), kind: z.enum(['js', 'wasm', 'history']) }),
      }),
    }),
    turns: z.array(z.looseObject({ a: z.array(z.string()) })),
  }),
  ants: z.looseObject({
    world: z.string(),
    seed: z.number().int(),
    rounds: z.number().int().min(1),
    snapshotEvery: z.number().int().min(1),
    manifest,
    food: z.array(z.unknown()),
  }),
  blockdrop: z.looseObject({ seed: z.number().int(), manifest, turns: z.array(z.unknown()) }),
  capture: z.looseObject({ seed: z.number().int(), manifest, turns: z.array(z.unknown()) }),
} as const;

/** Logs: per side (icy, capture) or per player (block drop), a string, or null where withheld. */
export const StoredLogs = z.union([z.record(z.string(), z.string().nullable()), z.array(z.string().nullable())]);
