import { seatPair } from './colors.js';
import { firstSeats, lastMeetings, pairKey } from './meetings.js';
import { seededRandom, tieBreaks } from './seeded.js';
import type { Contender, Schedule, ScheduleInput, Seating } from './types.js';

/**
 * One batch of a ladder: up to `limit` pairs, no entry twice. Repeatedly the
 * unpaired entry with the fewest games (ties: seeded) is taken, and paired
 * with the unpaired opponent of the lowest score, where
 *   score = |rating difference| / (highest - lowest rating of the entries)
 *         + n / (n + matches on the board since the pair last met)   (0 if they never met)
 * with n the number of entries: close ratings and stale or new pairs come
 * first; ties go by a seeded tie-break. Colors alternate (seatPair); each
 * match's venue is drawn from the board's venues with the seed.
 */
export function ladderBatch(input: ScheduleInput): Seating[] {
  const { entries, history, venues, seed, limit } = input;
  const tie = tieBreaks(
    entries.map((e) => e.botId),
    seed,
  );
  const last = lastMeetings(history);
  const firsts = firstSeats(history);
  const draw = seededRandom(seed);
  const ratings = entries.map((e) => e.rating);
  const spread = Math.max(...ratings) - Math.min(...ratings) || 1;
  const n = entries.length;
  const byTie = (a: Contender, b: Contender) => tie.get(a.botId)! - tie.get(b.botId)!;
  const left = [...entries].sort((a, b) => a.played - b.played || byTie(a, b));
  const score = (a: Contender, b: Contender): number => {
    const met = last.get(pairKey(a.botId, b.botId));
    const freshness = met === undefined ? 0 : n / (n + (history.length - 1 - met));
    return Math.abs(a.rating - b.rating) / spread + freshness;
  };
  const seatings: Seating[] = [];
  while (seatings.length < limit && left.length >= 2) {
    const a = left.shift()!;
    let best = 0;
    for (let k = 1; k < left.length; k++) {
      const diff = score(a, left[k]!) - score(a, left[best]!);
      if (diff < 0 || (diff === 0 && byTie(left[k]!, left[best]!) < 0)) best = k;
    }
    const [b] = left.splice(best, 1);
    seatings.push({
      seats: seatPair(a.botId, b!.botId, history, firsts, tie),
      map: venues.length > 0 ? venues[Math.floor(draw() * venues.length)]! : '',
    });
  }
  return seatings;
}

export const LADDER: Schedule = {
  kind: 'ladder',
  continuing: true,
  supports: (seats) => seats === 2,
  pick: ladderBatch,
};
