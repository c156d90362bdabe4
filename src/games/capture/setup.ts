import { BLUE, GREY, HALF, RED, type PuckColor } from './constants.js';
import type { CaptureState, Piece, Puck } from './state.js';

const SPACING = 50;

/**
 * The start of section 3.1: 112 pucks on a checkerboard of 50-unit
 * diagonals (the points (50i, 50j), 1 <= i, j <= 15, with i + j odd), the
 * four around each sled in its player's color; red's sled at (100, 400)
 * facing the middle, its bumpers at (100, 300) and (100, 500); blue's the
 * mirror image.
 */
export function initialState(): CaptureState {
  const pucks: Puck[] = [];
  for (let j = 1; j <= 15; j++) {
    for (let i = 1; i <= 15; i++) {
      if ((i + j) % 2 === 0) continue;
      const x = i * SPACING - HALF;
      const y = j * SPACING - HALF;
      pucks.push({ x, y, vx: 0, vy: 0, color: colorAround(x, y) });
    }
  }
  const still = (x: number, y: number): Piece => ({ x, y, vx: 0, vy: 0 });
  const bumpers = [still(-300, -100), still(-300, 100), still(300, -100), still(300, 100)];
  // Both sleds start at (-300, 0) of their own frame, heading along +x.
  const sled = { x: -300, y: 0, dir: 0, trail: [{ x: -300, y: 0 }] };
  return { turn: 0, pucks, bumpers, sleds: [sled, sled], ownership: [0, 0] };
}

function colorAround(x: number, y: number): PuckColor {
  const near = (cx: number) => Math.abs(x - cx) + Math.abs(y) === SPACING;
  return near(-300) ? RED : near(300) ? BLUE : GREY;
}
