import type { Meeting } from './types.js';

/** The key of an unordered pair of bots. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/** Per pair of bots, the position in `history` of their latest meeting (oldest first, so larger is later). */
export function lastMeetings(history: readonly Meeting[]): Map<string, number> {
  const last = new Map<string, number>();
  history.forEach((m, k) => {
    for (let i = 0; i < m.seats.length; i++)
      for (let j = i + 1; j < m.seats.length; j++) last.set(pairKey(m.seats[i]!, m.seats[j]!), k);
  });
  return last;
}

/** Per bot, how many of its matches in `history` it played in the first seat (red). */
export function firstSeats(history: readonly Meeting[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of history) if (m.seats[0]) counts.set(m.seats[0], (counts.get(m.seats[0]) ?? 0) + 1);
  return counts;
}

/** The seat order of the latest meeting of `a` and `b`: whether `a` sat first; null if they never met. */
export function aSatFirstLast(history: readonly Meeting[], a: string, b: string): boolean | null {
  for (let k = history.length - 1; k >= 0; k--) {
    const seats = history[k]!.seats;
    if (seats.length === 2 && seats.includes(a) && seats.includes(b)) return seats[0] === a;
  }
  return null;
}
