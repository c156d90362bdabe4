import type { ResultLine } from '../store/contract/leaderboards.js';

/** A seat of a result line: the game's object naming its bot (and its score, where the game has one). */
export interface LineSeat {
  readonly botId: string;
  readonly score?: unknown;
}

const SERVICE_FIELDS = new Set(['match', 'round', 'finishedAt', 'map', 'ratings', 'void']);

const isSeat = (v: unknown): v is LineSeat =>
  typeof v === 'object' && v !== null && typeof (v as { botId?: unknown }).botId === 'string';

/** A result line's seats in seat order: the game's fields naming a bot, alone or in a list, as the game wrote them. */
export function lineSeats(line: ResultLine): LineSeat[] {
  const seats: LineSeat[] = [];
  for (const [key, value] of Object.entries(line)) {
    if (SERVICE_FIELDS.has(key)) continue;
    if (isSeat(value)) seats.push(value);
    else if (Array.isArray(value) && value.length > 0 && value.every(isSeat)) seats.push(...value);
  }
  return seats;
}
