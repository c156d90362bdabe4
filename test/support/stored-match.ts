import type { MatchRecord } from '../../src/core/game-module.js';
import { newMatchId } from '../../src/match/digest.js';
import { matchObjectKey, packMatchObject, storedLogsBytes, storedReplayBytes } from '../../src/match/match-object.js';
import type { BlobStore } from '../../src/store/contract/blobs.js';
import type { MatchStore } from '../../src/store/contract/matches.js';

/**
 * A copy of stored match `id` under a new id, with its replay or logs (gzip bytes, whatever they
 * hold) swapped for `parts`: how a test stores content the service would never write. A record
 * names the lengths of its parts, so a part cannot be overwritten in place; the copy is a new match.
 */
export async function copyWithStoredParts(
  stores: { readonly blobs: BlobStore; readonly matches: MatchStore },
  id: string,
  parts: { readonly replay?: Uint8Array; readonly logs?: Uint8Array },
): Promise<string> {
  const record = await stores.matches.get<MatchRecord>(id);
  if (!record) throw new Error(`no match ${id} to copy`);
  const replay = parts.replay ?? (await storedReplayBytes(stores.blobs, record));
  const logs = parts.logs ?? (await storedLogsBytes(stores.blobs, record)) ?? undefined;
  if (!replay) throw new Error(`match ${id} has no stored replay`);
  const copy = newMatchId();
  const packed = packMatchObject(replay, logs);
  await stores.blobs.put(matchObjectKey(copy), packed.bytes, { contentType: 'application/octet-stream' });
  await stores.matches.create({ ...record, id: copy, storedBytes: packed.storedBytes }, []);
  return copy;
}
