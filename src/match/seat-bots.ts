import type { MatchRecord } from '../core/game-module.js';
import type { DecodedSeat } from './seats.js';

/** A seat's stored bot as a match record names it: its id and the version that played. */
export interface SeatBot {
  readonly bot: string;
  readonly version: number;
}

/**
 * The record's `storedBots` field, by seat (null for a bot sent with the request), when any
 * seat is a stored bot: matches are listed by bot id and version, and a bot's owner reads its
 * seat's log. Records stored before it have none. It never enters the replay.
 */
export function storedBotsOf(seats: readonly DecodedSeat[]): { storedBots?: (SeatBot | null)[] } {
  const bots = seats.map((s) =>
    s.botId !== undefined && s.version !== undefined ? { bot: s.botId, version: s.version } : null,
  );
  return bots.some((b) => b !== null) ? { storedBots: bots } : {};
}

/** A record's stored bots by seat; undefined for records stored before they were named. */
export function seatBotsOf(record: MatchRecord): readonly (SeatBot | null)[] | undefined {
  const bots = record.storedBots;
  return Array.isArray(bots) ? (bots as (SeatBot | null)[]) : undefined;
}

/** The listing keys of a record besides its bots' sha256: each stored bot's id, and its id with the version. */
export function seatBotKeys(record: MatchRecord): string[] {
  return (seatBotsOf(record) ?? []).flatMap((b) => (b ? [b.bot, `${b.bot}@${b.version}`] : []));
}
