import { BLOCK_SQUARES, BLOCKS, ENGINE_DIRECTIONS, MIN_DISTANCE, PLAYERS } from './constants.js';
import { JavaHashSet, type JavaKey } from './java/hash-set.js';
import { JavaRandom } from './java/random.js';
import type { BlockDropState, PlayerState } from './state.js';

/** A square as the engine's Point2 holds it: x the column, y the row. */
interface Point {
  readonly x: number;
  readonly y: number;
}

const POINT: JavaKey<Point> = {
  hashCode: (p) => p.x ^ p.y,
  equals: (a, b) => a.x === b.x && a.y === b.y,
  // Point2's natural order: x, then y.
  compare: (a, b) => (a.x !== b.x ? a.x - b.x : a.y - b.y),
};

/**
 * The squares a player may start on, in the engine's order: the squares of
 * every block (block rows top down, each block's squares in the order of
 * its own HashSet of 9) gathered into one HashSet, less those 3 or less
 * from a player already placed, in that set's iteration order.
 */
export function startSquares(placed: readonly Point[]): Point[] {
  const all = new JavaHashSet(POINT);
  for (let by = 0; by < BLOCKS; by++) {
    for (let bx = 0; bx < BLOCKS; bx++) {
      const block = new JavaHashSet(POINT);
      for (let y = by * BLOCK_SQUARES; y < (by + 1) * BLOCK_SQUARES; y++) {
        for (let x = bx * BLOCK_SQUARES; x < (bx + 1) * BLOCK_SQUARES; x++) block.add({ x, y });
      }
      for (const p of block.toArray()) all.add(p);
    }
  }
  for (const p of all.toArray()) {
    for (const q of placed) if (Math.abs(p.x - q.x) + Math.abs(p.y - q.y) < MIN_DISTANCE) all.remove(p);
  }
  return all.toArray();
}

/**
 * The start of a match, as the engine makes it from `new Random(seed)`:
 * players in id order each take the square at a random index of
 * `startSquares`, then a random direction of the engine's enum order.
 */
export function initialState(seed: number): BlockDropState {
  const random = new JavaRandom(seed);
  const placed: Point[] = [];
  const players: PlayerState[] = [];
  while (players.length < PLAYERS) {
    const squares = startSquares(placed);
    const square = squares[random.nextInt(squares.length)]!;
    const dir = ENGINE_DIRECTIONS[random.nextInt(ENGINE_DIRECTIONS.length)]!;
    placed.push(square);
    players.push({ row: square.y, col: square.x, dir, cooldown: 0, fellAt: null });
  }
  return { turn: 0, blocks: new Array<number>(BLOCKS * BLOCKS).fill(0), players };
}
