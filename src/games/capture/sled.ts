// Sled motion, trail and loop capture for ICPC Challenge 2009 "Capture".
// Positions are unwrapped: the sled moves on a continuous plane and only
// its displayed position is reduced to the 800 x 800 torus. A trail is at
// most 600 long, under a field width, so it crosses itself on the torus
// exactly when it crosses itself in the plane.
import { FIELD } from './constants.js';
import { sinCos } from './trig.js';

export { FIELD };
export const SLED_SPEED = 15;
export const TRAIL_LIMIT = 600;
export const MAX_TURN = 0.5;

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** x, y unwrapped; dir in radians, counter-clockwise from +x, cumulative; trail oldest first, ending at (x, y). */
export interface Sled {
  readonly x: number;
  readonly y: number;
  readonly dir: number;
  readonly trail: readonly Point[];
}

/** A closed loop: first and last points are both the crossing point; `at` is the fraction of the move at which it closed. */
export interface Loop {
  points: Point[];
  at: number;
}

export function steer(sled: Sled, turn: number): Sled {
  const t = Number.isNaN(turn) ? 0 : Math.min(MAX_TURN, Math.max(-MAX_TURN, turn));
  return { ...sled, dir: sled.dir + t };
}

export function moveSled(sled: Sled): { sled: Sled; loop: Loop | null } {
  const { x, y, trail } = sled;
  const [s, c] = sinCos(sled.dir);
  const nx = x + SLED_SPEED * c;
  const ny = y + SLED_SPEED * s;
  const dx = nx - x;
  const dy = ny - y;

  // Find the earliest crossing along the move. A crossing counts for t in
  // (0, 1] along the move and u in [0, 1) along the trail segment, so a
  // touch at a trail vertex is seen exactly once, and a crossing at the old
  // position is not seen again (it closed a loop last turn). Parallel
  // segments never cross. Newest segments first, so ties keep the smallest loop.
  let seg = -1;
  let at = 2;
  for (let i = trail.length - 3; i >= 0; i--) {
    const a = trail[i]!;
    const b = trail[i + 1]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const d = dx * ey - dy * ex;
    if (d === 0) continue;
    const wx = a.x - x;
    const wy = a.y - y;
    const t = (wx * ey - wy * ex) / d;
    const u = (wx * dy - wy * dx) / d;
    if (t > 0 && t <= 1 && u >= 0 && u < 1 && t < at) {
      seg = i;
      at = t;
    }
  }

  const end: Point = { x: nx, y: ny };
  let loop: Loop | null = null;
  let next: Point[];
  if (seg < 0) {
    next = [...trail, end];
  } else {
    const cross: Point = at === 1 ? end : { x: x + at * dx, y: y + at * dy };
    loop = { points: [cross, ...trail.slice(seg + 1), cross], at };
    next = [cross, end];
  }
  return { sled: { x: nx, y: ny, dir: sled.dir, trail: trimTrail(next) }, loop };
}

/** Drops the oldest part of the trail (cutting into its oldest kept segment) so it is at most TRAIL_LIMIT long. */
function trimTrail(trail: Point[]): Point[] {
  let length = 0;
  for (let i = trail.length - 1; i > 0; i--) {
    const a = trail[i - 1]!;
    const b = trail[i]!;
    const seg = Math.sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
    if (length + seg <= TRAIL_LIMIT) {
      length += seg;
      continue;
    }
    if (length === TRAIL_LIMIT) return trail.slice(i);
    const keep = (TRAIL_LIMIT - length) / seg;
    return [{ x: b.x + (a.x - b.x) * keep, y: b.y + (a.y - b.y) * keep }, ...trail.slice(i)];
  }
  return trail;
}

/** Whether (x, y), or a copy shifted by multiples of FIELD on each axis, is inside the loop (even-odd rule). */
export function insideLoop(loop: readonly Point[], x: number, y: number): boolean {
  if (loop.length < 3) return false;
  let minX = loop[0]!.x;
  let maxX = minX;
  let minY = loop[0]!.y;
  let maxY = minY;
  for (const p of loop) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  // Only shifts that land inside the bounding box can be inside the loop.
  for (let kx = -Math.floor((x - minX) / FIELD); kx <= Math.floor((maxX - x) / FIELD); kx++) {
    for (let ky = -Math.floor((y - minY) / FIELD); ky <= Math.floor((maxY - y) / FIELD); ky++) {
      if (evenOdd(loop, x + kx * FIELD, y + ky * FIELD)) return true;
    }
  }
  return false;
}

function evenOdd(poly: readonly Point[], px: number, py: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[j]!;
    const b = poly[i]!;
    if (a.y > py !== b.y > py && px < a.x + ((py - a.y) * (b.x - a.x)) / (b.y - a.y)) inside = !inside;
  }
  return inside;
}

/**
 * Position reduced to [0, FIELD): exact for v >= 0 (% is exact), one
 * rounding for v < 0. Both the sled's shown position and its trail use it,
 * so the trail's last point is the sled's position to the bit.
 */
export function wrapCoordinate(v: number): number {
  const r = v % FIELD;
  if (r >= 0) return r + 0; // + 0 turns -0 into 0
  const up = r + FIELD;
  return up < FIELD ? up : 0;
}

const wrap = wrapCoordinate;

/** Which copy of the field v lies in, consistent with wrap(v). */
function cell(v: number): number {
  return Math.floor((v - wrap(v)) / FIELD + 0.5);
}

function clamp(v: number): number {
  return Math.min(FIELD, Math.max(0, v));
}

export function wrapped(sled: Sled): Point {
  return { x: wrap(sled.x), y: wrap(sled.y) };
}

interface Crossing {
  readonly t: number;
  readonly axis: 0 | 1;
  readonly line: number;
  readonly step: 1 | -1;
}

/** Where a segment from a to b (one coordinate) crosses the lines v = FIELD * k. */
function crossings(a: number, b: number, axis: 0 | 1, out: Crossing[]): void {
  const ca = cell(a);
  const cb = cell(b);
  const step = cb > ca ? 1 : -1;
  for (let k = ca; k !== cb; k += step) {
    const line = (step > 0 ? k + 1 : k) * FIELD;
    out.push({ t: Math.min(1, Math.max(0, (line - a) / (b - a))), axis, line, step });
  }
}

/**
 * The trail as the player protocol sends it: points in [0, FIELD], where a
 * wrap shows as the point on the edge it leaves followed by the point on the
 * opposite edge, e.g. (800, y) then (0, y).
 */
export function wrappedTrail(trail: readonly Point[]): Point[] {
  const out: Point[] = [];
  const emit = (x: number, y: number): void => {
    const last = out[out.length - 1];
    if (last === undefined || last.x !== x || last.y !== y) out.push({ x, y });
  };
  const start = trail[0];
  if (start === undefined) return out;
  const cellOf: [number, number] = [cell(start.x), cell(start.y)];
  emit(wrap(start.x), wrap(start.y));
  for (let i = 1; i < trail.length; i++) {
    const a = trail[i - 1]!;
    const b = trail[i]!;
    const events: Crossing[] = [];
    crossings(a.x, b.x, 0, events);
    crossings(a.y, b.y, 1, events);
    events.sort((p, q) => p.t - q.t || p.axis - q.axis);
    for (const e of events) {
      const x = e.axis === 0 ? e.line : a.x + e.t * (b.x - a.x);
      const y = e.axis === 1 ? e.line : a.y + e.t * (b.y - a.y);
      emit(clamp(x - cellOf[0] * FIELD), clamp(y - cellOf[1] * FIELD));
      cellOf[e.axis] += e.step;
      emit(clamp(x - cellOf[0] * FIELD), clamp(y - cellOf[1] * FIELD));
    }
    emit(wrap(b.x), wrap(b.y));
  }
  return out;
}
