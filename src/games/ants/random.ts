/**
 * The random-number generator of section 2.10: s(i+1) = s(i) * 22695477 + 1
 * and x(i) = (s(i+4) div 65536) mod 16384. Only bits 16..29 of s are ever
 * read, so arithmetic modulo 2^32 gives the infinite-precision results.
 */
export interface RandomState {
  /** The last s(i) produced, as an unsigned 32-bit integer. */
  s: number;
}

const MULTIPLIER = 22695477;

function next(s: number): number {
  return (Math.imul(s, MULTIPLIER) + 1) >>> 0;
}

/** A seed is any non-negative integer; only its value modulo 2^32 matters. */
export function createRandom(seed: number): RandomState {
  let s = (seed % 4294967296) >>> 0;
  for (let i = 0; i < 3; i++) s = next(s);
  return { s };
}

/** The next x(i), a value in 0..16383. */
export function nextRaw(random: RandomState): number {
  random.s = next(random.s);
  return (random.s >>> 16) & 0x3fff;
}

/** randomint(n) for a positive n. */
export function randomInt(random: RandomState, n: number): number {
  return nextRaw(random) % n;
}
