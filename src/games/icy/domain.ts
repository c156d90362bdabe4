import { BLUE, CELLS, Ground, RED, SIZE } from './constants.js';

/** Reach of a snowman: spaces at Euclidean distance < 8, i.e. |dx|, |dy| <= 7. */
const R = 7;
const FAR = 64;
/** Each color's squared distances while owners are worked out (several times a turn): a typed array is slow to allocate. */
const NEAREST_RED = new Uint8Array(CELLS);
const NEAREST_BLUE = new Uint8Array(CELLS);
/** The owners while domain sizes are counted. */
const OWNERS = new Int8Array(CELLS);

/**
 * Per-space owner of the domain (section 2.2): -1 for nobody, else the team
 * whose nearest snowman is closer than 8 and strictly closer than the other
 * team's nearest one.
 */
export function domainOwners(ground: readonly number[], out: Int8Array = new Int8Array(CELLS)): Int8Array {
  out.fill(-1);
  const red = nearestSquares(ground, Ground.RED_SNOWMAN, NEAREST_RED);
  const blue = nearestSquares(ground, Ground.BLUE_SNOWMAN, NEAREST_BLUE);
  if (red === null && blue === null) return out;
  for (let i = 0; i < CELLS; i++) {
    const r = red === null ? FAR : red[i]!;
    const b = blue === null ? FAR : blue[i]!;
    if (r < b) out[i] = RED;
    else if (b < r) out[i] = BLUE;
  }
  return out;
}

/** Domain sizes `[red, blue]`. */
export function domainSizes(ground: readonly number[]): [number, number] {
  const owners = domainOwners(ground, OWNERS);
  let red = 0;
  let blue = 0;
  for (let i = 0; i < CELLS; i++) {
    if (owners[i] === RED) red++;
    else if (owners[i] === BLUE) blue++;
  }
  return [red, blue];
}

/** Squared distance to the nearest snowman of one color, capped at 64, written into `into`; null if there is none. */
function nearestSquares(ground: readonly number[], snowman: number, into: Uint8Array): Uint8Array | null {
  let best: Uint8Array | null = null;
  for (let i = 0; i < CELLS; i++) {
    if (ground[i] !== snowman) continue;
    if (best === null) best = into.fill(FAR);
    const sx = (i / SIZE) | 0;
    const sy = i % SIZE;
    for (let x = Math.max(0, sx - R); x <= Math.min(SIZE - 1, sx + R); x++) {
      const dx2 = (x - sx) * (x - sx);
      for (let y = Math.max(0, sy - R); y <= Math.min(SIZE - 1, sy + R); y++) {
        const d = dx2 + (y - sy) * (y - sy);
        const j = x * SIZE + y;
        if (d < best[j]!) best[j] = d;
      }
    }
  }
  return best;
}
