import {
  BLUE,
  BUMPER_MASS,
  BUMPER_MAX_SPEED,
  BUMPER_RADIUS,
  GREY,
  PUCK_FRICTION,
  PUCK_MASS,
  PUCK_RADIUS,
  RED,
  type PuckColor,
} from './constants.js';
import { advance, applyFriction, type Body } from './physics.js';
import { clampAccel, type Move } from './protocol.js';
import { insideLoop, moveSled, steer, type Point, type Sled } from './sled.js';
import type { CaptureState, Piece, Puck } from './state.js';

export interface CaptureEvent {
  /** The sled's owner: 0 red, 1 blue. */
  readonly sled: number;
  /** When in the turn the loop closed (0..1). */
  readonly at: number;
  /** Indexes of the pucks inside the loop. */
  readonly pucks: readonly number[];
  /** Their color afterwards. */
  readonly color: PuckColor | null;
}

export interface CaptureTurnRecord {
  readonly turn: number;
  /** Each player's move as given, in its own frame (the turn clamps it): replaying these reproduces the turn exactly. */
  readonly moves: readonly [Move, Move];
  readonly captures: readonly CaptureEvent[];
  readonly collisions: number;
  /** Pucks each player owns at the end of the turn. */
  readonly owned: readonly [number, number];
}

/** Bumper indexes of each player, in the order its moves name them (blue's list is reversed). */
const BUMPERS_OF = [
  [0, 1],
  [3, 2],
] as const;

/**
 * One turn (section 3.2): the moves change bumper velocities and sled
 * directions at once, then the turn is simulated in continuous time, with
 * captures happening at the instant a sled closes its loop (both loops
 * together when they close at the same instant). Friction slows the pucks at
 * the end of the turn. Nothing here looks at red before blue, so a mirrored
 * position gives an exactly mirrored turn.
 */
export function playTurn(
  state: CaptureState,
  moves: readonly [Move, Move],
): { state: CaptureState; record: CaptureTurnRecord } {
  const bumpers = state.bumpers.map((b) => ({ ...b }));
  moves.forEach((move, seat) => {
    // Blue's accelerations are in its rotated frame: negating them is exact.
    const sign = seat === BLUE ? -1 : 1;
    BUMPERS_OF[seat]!.forEach((k, n) => {
      const [ax, ay] = clampAccel(move.accel[n]!);
      bumpers[k] = capSpeed({ ...bumpers[k]!, vx: bumpers[k]!.vx + sign * ax, vy: bumpers[k]!.vy + sign * ay });
    });
  });
  const moved = state.sleds.map((sled, seat) => moveSled(steer(sled, moves[seat]!.turn)));
  const bodies: Body[] = [
    ...state.pucks.map((p) => ({ x: p.x, y: p.y, vx: p.vx, vy: p.vy, r: PUCK_RADIUS, m: PUCK_MASS })),
    ...bumpers.map((b) => ({ x: b.x, y: b.y, vx: b.vx, vy: b.vy, r: BUMPER_RADIUS, m: BUMPER_MASS })),
  ];
  const colors = state.pucks.map((p) => p.color);
  const mirror = mirrorPairs(state.pucks.length, bumpers.length);
  const loops = moved.flatMap((m, seat) => (m.loop ? [{ seat, ...m.loop }] : [])).sort((a, b) => a.at - b.at);
  let collisions = 0;
  let now = 0;
  const captures: CaptureEvent[] = [];
  for (let first = 0; first < loops.length; ) {
    const at = loops[first]!.at;
    let end = first + 1;
    while (end < loops.length && loops[end]!.at === at) end++;
    if (at > now) collisions += advance(bodies, at - now, mirror);
    now = at;
    captures.push(...captureAtOnce(loops.slice(first, end), bodies, colors));
    first = end;
  }
  if (now < 1) collisions += advance(bodies, 1 - now, mirror);
  const pucks: Puck[] = state.pucks.map((_, k) => {
    const b = bodies[k]!;
    applyFriction(b, PUCK_FRICTION);
    return { x: b.x, y: b.y, vx: b.vx, vy: b.vy, color: colors[k]! };
  });
  const owned: [number, number] = [colors.filter((c) => c === RED).length, colors.filter((c) => c === BLUE).length];
  const next: CaptureState = {
    turn: state.turn + 1,
    pucks,
    bumpers: bodies.slice(pucks.length).map((b): Piece => ({ x: b.x, y: b.y, vx: b.vx, vy: b.vy })),
    sleds: [moved[0]!.sled, moved[1]!.sled] as [Sled, Sled],
    ownership: [state.ownership[0] + owned[0], state.ownership[1] + owned[1]],
  };
  return {
    state: next,
    record: {
      turn: state.turn,
      moves: [moves[0], moves[1]],
      captures,
      collisions,
      owned,
    },
  };
}

function capSpeed(b: Piece): Piece {
  const speed = Math.sqrt(b.vx * b.vx + b.vy * b.vy);
  if (speed <= BUMPER_MAX_SPEED) return b;
  return { ...b, vx: (b.vx / speed) * BUMPER_MAX_SPEED, vy: (b.vy / speed) * BUMPER_MAX_SPEED };
}

/**
 * Each body's mirror image in a mirrored game (pucks k and n - 1 - k; bumpers
 * 0 and 3, 1 and 2), so that the physics meets simultaneous collisions in the
 * same order on both halves of the field.
 */
function mirrorPairs(pucks: number, bumpers: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < pucks; k++) out.push(pucks - 1 - k);
  for (let k = 0; k < bumpers; k++) out.push(pucks + bumpers - 1 - k);
  return out;
}

/** Section 1.4 on a population: red and blue make grey, red (blue) with grey makes red (blue), grey alone stays grey. */
function captureColor(red: boolean, blue: boolean): PuckColor {
  return red && blue ? GREY : red ? RED : blue ? BLUE : GREY;
}

/**
 * The loops that close at one instant (one per sled at most), judged
 * together on the colors just before it, so the result does not depend on
 * which sled is looked at first. Section 1.4 decides each puck from the
 * population it is captured with: all the pucks of every loop that encloses
 * it. A puck inside one loop takes that loop's result; a puck inside both
 * takes the result of both loops' pucks together. The capturing sled's color
 * plays no part. Each event reports its own loop's result; a shared puck's
 * color can differ from it.
 */
function captureAtOnce(
  loops: readonly { seat: number; points: readonly Point[]; at: number }[],
  bodies: readonly Body[],
  colors: PuckColor[],
): CaptureEvent[] {
  const insides = loops.map((loop) => {
    // The loop is in its sled's frame; blue's frame is the field rotated 180 degrees.
    const sign = loop.seat === BLUE ? -1 : 1;
    const inside: number[] = [];
    for (let k = 0; k < colors.length; k++)
      if (insideLoop(loop.points, sign * bodies[k]!.x, sign * bodies[k]!.y)) inside.push(k);
    return inside;
  });
  const has = insides.map(
    (inside) => [inside.some((k) => colors[k] === RED), inside.some((k) => colors[k] === BLUE)] as const,
  );
  const events = loops.map(
    (loop, n): CaptureEvent => ({
      sled: loop.seat,
      at: loop.at,
      pucks: insides[n]!,
      color: insides[n]!.length === 0 ? null : captureColor(has[n]![0], has[n]![1]),
    }),
  );
  const next = colors.map((c, k) => {
    let red = false;
    let blue = false;
    let inAny = false;
    insides.forEach((inside, n) => {
      if (!inside.includes(k)) return;
      inAny = true;
      red ||= has[n]![0];
      blue ||= has[n]![1];
    });
    return inAny ? captureColor(red, blue) : c;
  });
  next.forEach((c, k) => (colors[k] = c));
  return events;
}
