import { z } from 'zod';
import type { BlobStore } from '../store/contract/blobs.js';
import { UmpireError } from '../core/errors.js';

/**
 * Reading back what the service stored (gzip JSON replays and logs). Storage
 * can hand back anything: bytes that do not gunzip, text that is not JSON, or
 * JSON of another shape. Each is REPLAY_CORRUPT (the API answers 500), never a crash.
 */

export function replayCorrupt(what: string, why: string): UmpireError {
  return new UmpireError({ code: 'REPLAY_CORRUPT', message: `${what} is corrupt: ${why}` });
}

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A stored gzip JSON object checked against `schema`; null when there is none. `what` names it in the error. */
export async function readStoredJson<T>(
  blobs: BlobStore,
  key: string,
  schema: z.ZodType<T>,
  what: string,
): Promise<{ text: string; doc: T } | null> {
  const stored = await blobs.get(key);
  return stored ? parseStoredJson(stored, schema, what) : null;
}

/** Stored gzip JSON bytes checked against `schema`, with their JSON text. `what` names them in the error. */
export async function parseStoredJson<T>(
  stored: Uint8Array,
  schema: z.ZodType<T>,
  what: string,
): Promise<{ text: string; doc: T }> {
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
    if (e instanceof UmpireError) throw e;
    throw replayCorrupt(what, (e as Error).message ?? String(e));
  }
}

/** Logs: per side (icy, capture) or per player (block drop), a string, or null where withheld. */
export const StoredLogs = z.union([z.record(z.string(), z.string().nullable()), z.array(z.string().nullable())]);

const TurnSeats = z.array(
  z.object({
    marks: z.array(z.tuple([z.number().int(), z.number().int().nonnegative()])),
    cut: z.literal(true).optional(),
  }),
);

/**
 * Where each turn's part of each seat's log ends, by seat (src/core/log-turns.ts): an object of its
 * own in matches stored before the logs object held them.
 */
export const StoredLogTurns = z.object({ seats: TurnSeats });

/**
 * A match's logs object as stored now: the logs and where each turn's part ends, one object (one
 * write) where there were two. The old form, the logs alone, has no `logs` key holding an object.
 */
export const StoredLogsWithTurns = z.object({ logs: StoredLogs, turns: TurnSeats.optional() });

/** What a logs object may hold: the logs with their turns, or (stored before) the logs alone. */
export const StoredLogsObject = z.union([StoredLogsWithTurns, StoredLogs]);

export type LogsObject = z.infer<typeof StoredLogsObject>;

/** The logs and turns of a stored logs object; `turns` undefined when an object of its own may hold them (old form). */
export function logsAndTurns(doc: LogsObject): {
  logs: z.infer<typeof StoredLogs>;
  turns: z.infer<typeof TurnSeats> | null | undefined;
} {
  const parsed = StoredLogsWithTurns.safeParse(doc);
  if (parsed.success)
    return { logs: (doc as { logs: z.infer<typeof StoredLogs> }).logs, turns: parsed.data.turns ?? null };
  return { logs: doc as z.infer<typeof StoredLogs>, turns: undefined };
}
