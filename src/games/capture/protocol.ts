import { BLUE, BUMPER_MAX_ACCEL, FIELD, HALF, RED } from './constants.js';
import { wrappedTrail, type Point, type Sled } from './sled.js';
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
  for (const p of pucks) lines.push(`${num(view(p.x))} ${num(view(p.y))} ${num(flip * p.vx)} ${num(flip * p.vy)} ${p.color === 2 ? 2 : p.color === seat ? 0 : 1}`);
  lines.push(String(bumpers.length));
  for (const b of bumpers) lines.push(`${num(view(b.x))} ${num(view(b.y))} ${num(flip * b.vx)} ${num(flip * b.vy)}`);
  lines.push('2');
  for (const owner of seat === BLUE ? [BLUE, RED] : [RED, BLUE]) lines.push(...sledLines(state.sleds[owner]!, owner === seat));
  return lines.join('\n') + '\n';
}

/** The line sent after the last turn. */
export const END_OF_GAME = '-1\n';

/** A sled as its owner (`own`) or its opponent sees it: each sled is kept in its owner's frame. */
function sledLines(sled: Sled, own: boolean): string[] {
  const toView = (p: Point): Point => (own ? { x: HALF + p.x, y: HALF + p.y } : { x: HALF - p.x, y: HALF - p.y });
  const at = wrap(toView(sled));
  const dir = own ? sled.dir : sled.dir + Math.PI;
  const trail = wrappedTrail(sled.trail.map(toView));
  return [`${num(at.x)} ${num(at.y)} ${num(dir)}`, [String(trail.length), ...trail.map((p) => `${num(p.x)} ${num(p.y)}`)].join(' ')];
}

function wrap(p: Point): Point {
  const w = (v: number) => v - Math.floor(v / FIELD) * FIELD;
  return { x: w(p.x), y: w(p.y) };
}

function num(v: number): string {
  return Object.is(v, -0) ? '0' : String(v);
}

/** A move in the player's own frame: both bumpers' accelerations and the sled's turn (left positive). */
export interface Move {
  readonly accel: readonly [readonly [number, number], readonly [number, number]];
  readonly turn: number;
}

export const NULL_MOVE: Move = { accel: [[0, 0], [0, 0]], turn: 0 };

/**
 * Reads five numbers from the first non-blank line. Anything else is the
 * null move with the reason; values out of range are clamped later by the
 * rules, as the original does.
 */
export function decodeMove(text: string): { move: Move; reason?: string } {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  const words = line === '' ? [] : line.split(/\s+/);
  if (words.length !== 5) return { move: NULL_MOVE, reason: line === '' ? 'empty answer' : `expected 5 numbers, got ${words.length}` };
  const values = words.map(Number);
  const bad = words.findIndex((w, k) => !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(w) || !Number.isFinite(values[k]));
  if (bad >= 0) return { move: NULL_MOVE, reason: `not a number: '${words[bad]!.slice(0, 20)}'` };
  const [ax0, ay0, ax1, ay1, turn] = values as [number, number, number, number, number];
  return { move: { accel: [[ax0, ay0], [ax1, ay1]], turn } };
}

/** An acceleration limited to 8 in magnitude, same direction. */
export function clampAccel(a: readonly [number, number]): [number, number] {
  const size = Math.sqrt(a[0] * a[0] + a[1] * a[1]);
  if (size <= BUMPER_MAX_ACCEL) return [a[0], a[1]];
  return [(a[0] / size) * BUMPER_MAX_ACCEL, (a[1] / size) * BUMPER_MAX_ACCEL];
}
