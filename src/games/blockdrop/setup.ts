import { BLOCKS, DIRECTIONS, MIN_DISTANCE, PLAYERS, SQUARES } from './constants.js';
import { manhattan, type BlockDropState, type PlayerState } from './state.js';

/** A small seeded generator (mulberry32) for the starting positions only. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The start of a match: each player in id order gets a random square more
 * than 3 (Manhattan) from those placed before it, and a random direction.
 * The seed fixes everything.
 */
export function initialState(seed: number): BlockDropState {
  const next = generator(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const players: PlayerState[] = [];
  while (players.length < PLAYERS) {
    const square = { row: pick(SQUARES), col: pick(SQUARES) };
    if (players.some((p) => manhattan(p, square) < MIN_DISTANCE)) continue;
    players.push({ ...square, dir: DIRECTIONS[pick(4)]!, cooldown: 0, fellAt: null });
  }
  return { turn: 0, blocks: new Array<number>(BLOCKS * BLOCKS).fill(0), players };
}
