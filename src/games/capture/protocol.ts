import { BLUE, BUMPER_MAX_ACCEL, HALF, RED } from './constants.js';
import { wrapCoordinate, wrappedTrail, type Point, type Sled } from './sled.js';
import type { CaptureState } from './state.js';

/**
 * Section 2's player-centric view: both players see themselves as red on
 * the left. For blue, coordinates are rotated 180 degrees, object lists
 * reversed and colors remapped (0 own, 1 opponent, 2 grey).
 */
export function encodeView(state: CaptureState, seat: number): string {
  const flip = seat === BLUE ? -1 : 1;
  const view = (v: number) => HALF + flip * v;
  const pucks = seat === BLUE ? [...state.pucks].reverse() : state.pucks;
  const bumpers = seat === BLUE ? [...state.bumpers].reverse() : state.bumpers;
  const lines = [String(state.turn), String(pucks.length)];
  for (const p of pucks)
    lines.push(
      `${num(view(p.x))} ${num(view(p.y))} ${num(flip * p.vx)} ${num(flip * p.vy)} ${p.color === 2 ? 2 : p.color === seat ? 0 : 1}`,
    );
  lines.push(String(bumpers.length));
  for (const b of bumpers) lines.push(`${num(view(b.x))} ${num(view(b.y))} ${num(flip * b.vx)} ${num(flip * b.vy)}`);
  lines.push('2');
  for (const owner of seat === BLUE ? [BLUE, RED] : [RED, BLUE])
    lines.push(...sledLines(state.sleds[owner]!, owner === seat));
  return lines.join('\n') + '\n';
}

/** The line sent after the last turn (section 2.1: a turn number of -1 ends the game). */
export const END_OF_GAME = '-1\n';

/** A sled as its owner (`own`) or its opponent sees it: each sled is kept in its owner's frame. */
function sledLines(sled: Sled, own: boolean): string[] {
  const toView = (p: Point): Point => (own ? { x: HALF + p.x, y: HALF + p.y } : { x: HALF - p.x, y: HALF - p.y });
  const at = wrap(toView(sled));
  const dir = own ? sled.dir : sled.dir + Math.PI;
  const trail = wrappedTrail(sled.trail.map(toView));
  // Section 2.1: the trail ends with the sled's current location, the same numbers as the line above.
  if (trail.length > 0) {
    trail[trail.length - 1] = at;
    const before = trail[trail.length - 2];
    if (before !== undefined && before.x === at.x && before.y === at.y) trail.pop();
  }
  return [
    `${num(at.x)} ${num(at.y)} ${num(dir)}`,
    [String(trail.length), ...trail.map((p) => `${num(p.x)} ${num(p.y)}`)].join(' '),
  ];
}

function wrap(p: Point): Point {
  return { x: wrapCoordinate(p.x), y: wrapCoordinate(p.y) };
}

function num(v: number): string {
  return Object.is(v, -0) ? '0' : String(v);
}

/** A move in the player's own frame: both bumpers' accelerations and the sled's turn (left positive). */
export interface Move {
  readonly accel: readonly [readonly [number, number], readonly [number, number]];
  readonly turn: number;
}

export const NULL_MOVE: Move = {
  accel: [
    [0, 0],
    [0, 0],
  ],
  turn: 0,
};

/**
 * Reads five numbers from the first non-blank line. Anything else is the
 * null move with the reason; values out of range are clamped later by the
 * rules, as the original does.
 */
export function decodeMove(text: string): { move: Move; reason?: string } {
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  const words = line === '' ? [] : line.split(/\s+/);
  if (words.length !== 5)
    return { move: NULL_MOVE, reason: line === '' ? 'empty answer' : `expected 5 numbers, got ${words.length}` };
  const values = words.map(Number);
  const bad = words.findIndex(
    (w, k) => !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(w) || !Number.isFinite(values[k]),
  );
  if (bad >= 0) return { move: NULL_MOVE, reason: `not a number: '${words[bad]!.slice(0, 20)}'` };
  const [ax0, ay0, ax1, ay1, turn] = values as [number, number, number, number, number];
  return {
    move: {
      accel: [
        [ax0, ay0],
        [ax1, ay1],
      ],
      turn,
    },
  };
}

/**
 * An acceleration limited to 8 in magnitude, same direction (section 2.2),
 * for any finite input. Ordinary inputs take the direct formula; when
 * x^2 + y^2 overflows (e.g. 1e200), the vector is first divided by its
 * largest component, which is exact in direction and cannot overflow.
 * Tiny inputs (even denormal) are under 8 and kept as they are.
 */
export function clampAccel(a: readonly [number, number]): [number, number] {
  const [x, y] = a;
  const squared = x * x + y * y;
  if (squared === Infinity) {
    const big = Math.max(Math.abs(x), Math.abs(y));
    const sx = x / big;
    const sy = y / big;
    const unit = Math.sqrt(sx * sx + sy * sy);
    return [(sx / unit) * BUMPER_MAX_ACCEL, (sy / unit) * BUMPER_MAX_ACCEL];
  }
  const size = Math.sqrt(squared);
  if (size <= BUMPER_MAX_ACCEL) return [x, y];
  return [(x / size) * BUMPER_MAX_ACCEL, (y / size) * BUMPER_MAX_ACCEL];
}
