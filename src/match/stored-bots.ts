import { InputError } from '../core/errors.js';
import type { BlobStore } from '../store/contract/blobs.js';
import type { BotRecord, BotStore } from '../store/contract/bots.js';
import { bundleKey } from './digest.js';
import { botFromBytes, type DecodedSeat } from './seats.js';

/** A bot is usable (matches, leaderboard entries) by its owner, and by anyone once its owner made it public. */
export function canUseBot(record: BotRecord, owner: string): boolean {
  return record.owner === owner || record.public === true;
}

/** The same answer for a bot that does not exist and one the caller may not use, so ids cannot be probed. */
export function botNotFound(id: string, field = 'bot'): InputError {
  return new InputError(404, {
    code: 'NOT_FOUND',
    message: `${field}: no bot '${id}' that you can use`,
    details: { field },
  });
}

/** The record of a bot `owner` may use, or 404. */
export async function usableBotRecord(bots: BotStore, id: string, owner: string, field = 'bot'): Promise<BotRecord> {
  const record = await bots.get(id);
  if (!record || !canUseBot(record, owner)) throw botNotFound(id, field);
  return record;
}

/** Who asks for a stored bot: with it, a bot the caller may not use is not found (404); without it (scheduled leaderboard matches, whose entries were checked), any bot. */
export interface BotAccess {
  readonly owner: string;
  /** The request field naming the bot, for the error. */
  readonly field?: string;
}

/** A stored bot as a seat of a match, with its owner (whose logs a match keeps: see ownLogs). */
export async function storedSeat(
  deps: { blobs: BlobStore; bots: BotStore },
  id: string,
  access?: BotAccess,
): Promise<DecodedSeat> {
  const record = access ? await usableBotRecord(deps.bots, id, access.owner, access.field) : await deps.bots.get(id);
  const bytes = record ? await deps.blobs.get(bundleKey(record.sha256)) : null;
  if (!record || !bytes) throw botNotFound(id, access?.field);
  return {
    name: record.name,
    kind: record.kind,
    bot: botFromBytes(record.kind, bytes, record.name),
    bytes,
    owner: record.owner,
    ...(record.game === undefined ? {} : { game: record.game }),
  };
}
