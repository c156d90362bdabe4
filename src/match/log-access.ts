import type { MatchRecord } from '../core/game-module.js';
import type { BotStore } from '../store/contract/bots.js';
import { seatBotsOf } from './seat-bots.js';

/**
 * Which seats' logs (and failures) a key may read in a match, by seat:
 * - the key that created the match: the seats it filled itself (bots sent
 *   with the request, or its own stored bots);
 * - a stored bot's owner: that bot's seat, in any match (a board's, run under
 *   the organizer's key, included), even after deleting the bot;
 * - a board match's owner (the board's): every seat.
 * A record stored before matches named their stored bots keeps its logs as
 * stored (other keys' seats were stored null): only its creator reads it.
 */
export async function readableSeats(
  bots: BotStore,
  record: MatchRecord,
  seatCount: number,
  caller: string,
): Promise<boolean[]> {
  const seats = seatBotsOf(record);
  const creator = record.owner === caller;
  if (!seats) return Array.from({ length: seatCount }, () => creator);
  if (creator && typeof record.board === 'string') return Array.from({ length: seatCount }, () => true);
  const owners = await Promise.all(
    seats.map(async (seat) => (seat ? ((await bots.get(seat.bot))?.owner ?? null) : undefined)),
  );
  return Array.from({ length: seatCount }, (_, k) => {
    const owner = owners[k];
    return owner === undefined ? creator : owner === caller;
  });
}

/** A stored logs document (by side, or by player) with the seats the caller may not read as null. */
export function withheldLogs<Doc extends Record<string, string | null> | (string | null)[]>(
  doc: Doc,
  readable: readonly boolean[],
): Doc {
  if (Array.isArray(doc)) return doc.map((log, k) => (readable[k] ? log : null)) as Doc;
  return Object.fromEntries(Object.entries(doc).map(([side, log], k) => [side, readable[k] ? log : null])) as Doc;
}

/** How many seats a logs document has. */
export const logSeatCount = (doc: Record<string, unknown> | readonly unknown[]): number =>
  Array.isArray(doc) ? doc.length : Object.keys(doc).length;
