import type { Schedule, Seating } from './types.js';

/**
 * Every seating of a round robin, in order: for two seats every ordered pair
 * of bots (so both colors) on every venue; for more seats every group of that
 * many bots once from each rotation (turn order matters), on every venue.
 */
export function roundRobinSeatings(botIds: readonly string[], seats: number, venues: readonly string[]): Seating[] {
  const seatings: Seating[] = [];
  for (const map of venues.length > 0 ? venues : ['']) {
    if (seats === 2) {
      for (const red of botIds) for (const blue of botIds) if (red !== blue) seatings.push({ seats: [red, blue], map });
    } else {
      for (const group of groupsOf(botIds, seats))
        for (let shift = 0; shift < seats; shift++)
          seatings.push({ seats: group.map((_, k) => group[(k + shift) % seats]!), map });
    }
  }
  return seatings;
}

/** Every set of `n` ids, each in the given order. */
export function groupsOf(ids: readonly string[], n: number): string[][] {
  if (n === 0) return [[]];
  const groups: string[][] = [];
  for (let i = 0; i + n <= ids.length; i++)
    for (const rest of groupsOf(ids.slice(i + 1), n - 1)) groups.push([ids[i]!, ...rest]);
  return groups;
}

/** The full round robin: the entries in their stored order; it ignores history, seed and limit. */
export const ROUND_ROBIN: Schedule = {
  kind: 'round-robin',
  continuing: false,
  supports: (seats) => seats >= 2,
  pick: (input) =>
    roundRobinSeatings(
      input.entries.map((e) => e.botId),
      input.seats,
      input.venues,
    ),
};
