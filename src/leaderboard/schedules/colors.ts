import { aSatFirstLast } from './meetings.js';
import type { Meeting } from './types.js';

/**
 * The seat order of a pair, so colors alternate: the reverse of their latest
 * meeting; if they never met, first the one that sat first less often, and on
 * a tie the one with the smaller seeded tie-break.
 */
export function seatPair(
  a: string,
  b: string,
  history: readonly Meeting[],
  firsts: ReadonlyMap<string, number>,
  tie: ReadonlyMap<string, number>,
): string[] {
  const aFirstBefore = aSatFirstLast(history, a, b);
  if (aFirstBefore !== null) return aFirstBefore ? [b, a] : [a, b];
  const fa = firsts.get(a) ?? 0;
  const fb = firsts.get(b) ?? 0;
  if (fa !== fb) return fa < fb ? [a, b] : [b, a];
  return (tie.get(a) ?? 0) <= (tie.get(b) ?? 0) ? [a, b] : [b, a];
}
