import type { z } from 'zod';
import type { MatchRecord } from '../core/game-module.js';
import type { BlobStore } from '../store/contract/blobs.js';
import { gzip, logsKey, replayKey } from './digest.js';
import { parseStoredJson, replayCorrupt, StoredLogsObject } from './stored-documents.js';

/**
 * A match is stored as one object, one PUT: its replay's gzip JSON, then its logs' gzip JSON when
 * it has logs. The record, written after, says how long each part is (`storedBytes`), so a reader
 * fetches only the part it needs with one ranged read, and the replay is never served with the
 * logs, which only their owners may read. Matches stored before have the two objects of
 * `replayKey` and `logsKey` instead, and no `storedBytes`.
 */
export const MATCH_OBJECT_PREFIX = 'matches/';
export const matchObjectKey = (id: string) => `${MATCH_OBJECT_PREFIX}${id}.gz`;
/** The match id of a match object's key (as a bucket listing names it). */
export const matchIdOfObjectKey = (key: string) => key.slice(MATCH_OBJECT_PREFIX.length, -'.gz'.length);

/** The byte length of each part of a match object, the replay first. */
export interface StoredBytes {
  readonly replay: number;
  readonly logs?: number;
}

/** The match object of a replay and its logs, each already gzipped, and the lengths to keep on the record. */
export function packMatchObject(
  replay: Uint8Array,
  logs?: Uint8Array,
): { bytes: Uint8Array; storedBytes: StoredBytes } {
  const bytes = new Uint8Array(replay.length + (logs?.length ?? 0));
  bytes.set(replay, 0);
  if (logs) bytes.set(logs, replay.length);
  return { bytes, storedBytes: logs ? { replay: replay.length, logs: logs.length } : { replay: replay.length } };
}

const isLength = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/** The record's part lengths; null for a record stored before (two objects). A malformed field is corrupt. */
function storedBytesOf(record: MatchRecord): StoredBytes | null {
  const field = record.storedBytes;
  if (field === undefined) return null;
  const parts = field as Partial<Record<keyof StoredBytes, unknown>> | null;
  if (
    typeof parts !== 'object' ||
    parts === null ||
    !isLength(parts.replay) ||
    !(parts.logs === undefined || isLength(parts.logs))
  )
    throw replayCorrupt(`the record of match ${record.id}`, 'its storedBytes are not the lengths of its parts');
  return parts as StoredBytes;
}

/**
 * An object stored before, under its own key, with `Content-Encoding: gzip`: a runtime whose fetch
 * undoes that encoding (Workers) hands back the JSON itself, which is gzipped again here, so every
 * reader gets gzip bytes whatever the runtime.
 */
async function legacyObject(blobs: BlobStore, key: string): Promise<Uint8Array | null> {
  const bytes = await blobs.get(key);
  return bytes && !(bytes[0] === 0x1f && bytes[1] === 0x8b) ? gzip(bytes) : bytes;
}

/** The stored replay's gzip bytes, or null when there are none. */
export async function storedReplayBytes(blobs: BlobStore, record: MatchRecord): Promise<Uint8Array | null> {
  const parts = storedBytesOf(record);
  return parts ? blobs.getRange(matchObjectKey(record.id), 0, parts.replay) : legacyObject(blobs, replayKey(record.id));
}

/** The stored logs' gzip bytes, or null when the match has none. */
export async function storedLogsBytes(blobs: BlobStore, record: MatchRecord): Promise<Uint8Array | null> {
  const parts = storedBytesOf(record);
  if (!parts) return legacyObject(blobs, logsKey(record.id));
  return parts.logs === undefined
    ? null
    : blobs.getRange(matchObjectKey(record.id), parts.replay, parts.replay + parts.logs);
}

/** The stored replay checked against `schema`, with its JSON text; null when it is missing. */
export async function readStoredReplay<T>(
  blobs: BlobStore,
  record: MatchRecord,
  schema: z.ZodType<T>,
): Promise<{ text: string; doc: T } | null> {
  const bytes = await storedReplayBytes(blobs, record);
  return bytes ? parseStoredJson(bytes, schema, `the stored replay of match ${record.id}`) : null;
}

/** The stored logs object (src/match/stored-documents.ts); null when the match has none. */
export async function readStoredLogs(blobs: BlobStore, record: MatchRecord) {
  const bytes = await storedLogsBytes(blobs, record);
  return bytes ? parseStoredJson(bytes, StoredLogsObject, `the stored logs of match ${record.id}`) : null;
}
