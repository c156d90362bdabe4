import { InputError } from '../core/errors.js';
import type { BlobStore } from '../store/contract/blobs.js';
import { isDeleted, latestValidVersion, versionOf } from '../store/contract/bot-versions.js';
import type { BotRecord, BotStore, BotVersion } from '../store/contract/bots.js';
import { readBundle } from './stored-bundles.js';
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

/** The record of a bot `owner` may use, or 404 (a deleted bot is not found). */
export async function usableBotRecord(bots: BotStore, id: string, owner: string, field = 'bot'): Promise<BotRecord> {
  const record = await bots.get(id);
  if (!record || isDeleted(record) || !canUseBot(record, owner)) throw botNotFound(id, field);
  return record;
}

/** Which version of a bot plays: a pinned one, or else its latest valid one made before `before` (ISO). */
export interface VersionChoice {
  readonly pin?: number | null;
  readonly before?: string;
}

/** A request's `bot_xxx@3`: the id and the version asked for, if any. */
export function splitBotRef(ref: string): { id: string; version: number | null } {
  const at = ref.indexOf('@');
  return at < 0 ? { id: ref, version: null } : { id: ref.slice(0, at), version: Number(ref.slice(at + 1)) };
}

/**
 * The version of a bot that plays: the one pinned (or asked for as `bot@N`), which must exist,
 * be enabled and not be newer than `before`; else the latest valid one. 422 NO_VALID_VERSION
 * when there is none, naming the reason its latest version was disabled.
 */
export function playingVersion(record: BotRecord, choice: VersionChoice, field: string): BotVersion {
  const before = choice.before;
  if (choice.pin !== undefined && choice.pin !== null) {
    const pinned = versionOf(record, choice.pin);
    const refusal = !pinned
      ? 'does not exist'
      : pinned.disabled
        ? `is disabled: ${pinned.disabled.reason}`
        : before !== undefined && pinned.createdAt > before
          ? `was uploaded after ${before}`
          : null;
    if (refusal || !pinned)
      throw new InputError(422, {
        code: 'NO_VALID_VERSION',
        message: `${field}: version ${choice.pin} of bot ${record.id} ${refusal}`,
        details: { field, bot: record.id, version: choice.pin },
      });
    return pinned;
  }
  const valid = latestValidVersion(record, before);
  if (valid) return valid;
  throw new InputError(422, {
    code: 'NO_VALID_VERSION',
    message: `${field}: bot ${record.id} has no version that may play${before ? ` uploaded by ${before}` : ''}`,
    details: { field, bot: record.id },
  });
}

/** A deleted bot asked to play (a board's entry, say): the same answer on every attempt. */
function botDeleted(id: string, field: string): InputError {
  return new InputError(422, {
    code: 'BOT_DELETED',
    message: `${field}: bot ${id} was deleted by its owner`,
    details: { field, bot: id },
  });
}

/** Who asks for a stored bot: with it, a bot the caller may not use is not found (404); without it (scheduled leaderboard matches, whose entries were checked), any bot. */
export interface BotAccess {
  readonly owner: string;
  /** The request field naming the bot, for the error. */
  readonly field?: string;
}

/**
 * A stored bot as a seat of a match, at the version that plays (`ref` may ask for one as
 * `bot_xxx@3`; `choice` pins one or bounds them by time), with its id, version and owner
 * (whose logs they are: see log-access.ts).
 */
export async function storedSeat(
  deps: { blobs: BlobStore; bots: BotStore },
  ref: string,
  access?: BotAccess,
  choice: VersionChoice = {},
  seatField?: string,
): Promise<DecodedSeat> {
  const { id, version } = splitBotRef(ref);
  const field = access?.field ?? seatField ?? 'bot';
  const record = access ? await usableBotRecord(deps.bots, id, access.owner, access.field) : await deps.bots.get(id);
  if (!record) throw botNotFound(id, access?.field);
  if (isDeleted(record)) throw botDeleted(id, field);
  const playing = playingVersion(record, version === null ? choice : { ...choice, pin: version }, field);
  const bytes = await readBundle(deps.blobs, playing.sha256);
  if (!bytes) throw botNotFound(id, access?.field);
  return {
    name: record.name,
    kind: playing.kind,
    bot: botFromBytes(playing.kind, bytes, record.name),
    bytes,
    owner: record.owner,
    botId: record.id,
    version: playing.number,
    ...(record.game === undefined ? {} : { game: record.game }),
  };
}
