import { seatPair } from './colors.js';
import { firstSeats, lastMeetings, pairKey } from './meetings.js';
import { seededRandom, tieBreaks } from './seeded.js';
import type { Contender, Schedule, ScheduleInput, Seating } from './types.js';

/** Steps the search for a pairing without rematches may take before it settles for the fewest rematches greedily. */
const SEARCH_STEPS = 20_000;

/**
 * One Swiss round. Entries are ranked by match points (2 a win, 1 a draw),
 * then rating, then a seeded tie-break. With an odd count one entry sits out
 * (the bye, scoring nothing): of those with the most games played (so a bye
 * goes round), the lowest ranked. The rest are paired down the ranking, each
 * with the nearest-ranked entry it has not met, searching for a pairing
 * without rematches; if none is found within a bounded search, the nearest
 * unmet entry is taken where there is one and a rematch where not. Colors
 * alternate (seatPair). Every pair plays one match, all on one venue drawn
 * from the board's venues with the seed. At most `limit` pairs, the top ones.
 */
export function swissRound(input: ScheduleInput): Seating[] {
  const { entries, history, venues, seed, limit } = input;
  const tie = tieBreaks(
    entries.map((e) => e.botId),
    seed,
  );
  const ranked = [...entries].sort(
    (a, b) => b.points - a.points || b.rating - a.rating || tie.get(a.botId)! - tie.get(b.botId)!,
  );
  if (ranked.length % 2 === 1) ranked.splice(byeIndex(ranked), 1);
  const met = lastMeetings(history);
  const haveMet = (a: Contender, b: Contender) => met.has(pairKey(a.botId, b.botId));
  const pairs = pairWithoutRematches(ranked, haveMet) ?? pairGreedily(ranked, haveMet);
  const firsts = firstSeats(history);
  const map = venues.length > 0 ? venues[Math.floor(seededRandom(seed)() * venues.length)]! : '';
  return pairs.slice(0, limit).map(([a, b]) => ({ seats: seatPair(a.botId, b.botId, history, firsts, tie), map }));
}

/** The bye: among the entries with the most games, the lowest ranked. */
function byeIndex(ranked: readonly Contender[]): number {
  const most = Math.max(...ranked.map((e) => e.played));
  for (let k = ranked.length - 1; k >= 0; k--) if (ranked[k]!.played === most) return k;
  return ranked.length - 1;
}

type Pair = [Contender, Contender];

/** Pairs down the ranking with no rematch, by a depth-first search that tries the nearest opponents first; null if none is found in time. */
function pairWithoutRematches(
  ranked: readonly Contender[],
  haveMet: (a: Contender, b: Contender) => boolean,
): Pair[] | null {
  let steps = 0;
  const search = (left: readonly Contender[]): Pair[] | null => {
    if (left.length === 0) return [];
    const [top, ...rest] = left;
    for (let k = 0; k < rest.length; k++) {
      if (++steps > SEARCH_STEPS) return null;
      if (haveMet(top!, rest[k]!)) continue;
      const others = search([...rest.slice(0, k), ...rest.slice(k + 1)]);
      if (others) return [[top!, rest[k]!], ...others];
      if (steps > SEARCH_STEPS) return null;
    }
    return null;
  };
  return search(ranked);
}

/** Each top entry with the nearest-ranked one it has not met, or the nearest one if it has met them all. */
function pairGreedily(ranked: readonly Contender[], haveMet: (a: Contender, b: Contender) => boolean): Pair[] {
  const left = [...ranked];
  const pairs: Pair[] = [];
  while (left.length >= 2) {
    const top = left.shift()!;
    const k = Math.max(
      0,
      left.findIndex((e) => !haveMet(top, e)),
    );
    pairs.push([top, left.splice(k, 1)[0]!]);
  }
  return pairs;
}

export const SWISS: Schedule = {
  kind: 'swiss',
  continuing: true,
  supports: (seats) => seats === 2,
  pick: swissRound,
};
