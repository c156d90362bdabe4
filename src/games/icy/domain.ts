import { BLUE, CELLS, Ground, REACH_SQ, RED, SIZE } from './constants.js';

/** Per-space owner of the domain: -1 for nobody, else the team (section 2.2). */
export function domainOwners(ground: readonly number[], out: Int8Array = new Int8Array(CELLS)): Int8Array {
  const red: number[] = [];
  const blue: number[] = [];
  for (let i = 0; i < CELLS; i++) {
    if (ground[i] === Ground.RED_SNOWMAN) red.push(i);
    else if (ground[i] === Ground.BLUE_SNOWMAN) blue.push(i);
  }
  out.fill(-1);
  if (red.length === 0 && blue.length === 0) return out;
  for (let x = 0; x < SIZE; x++) {
    for (let y = 0; y < SIZE; y++) {
      const r = nearestSq(red, x, y);
      const b = nearestSq(blue, x, y);
      if (r < REACH_SQ && r < b) out[x * SIZE + y] = RED;
      else if (b < REACH_SQ && b < r) out[x * SIZE + y] = BLUE;
    }
  }
  return out;
}

/** Domain sizes `[red, blue]`. */
export function domainSizes(ground: readonly number[]): [number, number] {
  const owners = domainOwners(ground);
  let red = 0;
  let blue = 0;
  for (let i = 0; i < CELLS; i++) {
    if (owners[i] === RED) red++;
    else if (owners[i] === BLUE) blue++;
  }
  return [red, blue];
}

function nearestSq(cells: readonly number[], x: number, y: number): number {
  let best = Infinity;
  for (const c of cells) {
    const dx = Math.floor(c / SIZE) - x;
    const dy = (c % SIZE) - y;
    const d = dx * dx + dy * dy;
    if (d < best) best = d;
  }
  return best;
}

export { BLUE, RED };
