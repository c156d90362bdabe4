import type { Outcome } from './actions.js';
import { BLOCKING_HEIGHT, CROUCHING_HEIGHT, Ground, SMALL, THROW_DROP, cellIndex, onField } from './constants.js';
import { roundAway, stepCount } from './geometry.js';
import { addSnowball, isSnowman, smallsHeld } from './snow.js';
import type { IcyState } from './state.js';
import { NO_CHILD, noteChange, type FieldChanges } from './transfers.js';

/** A child moving this turn: its own run or crawl, or a knockback push. */
export interface Mover {
  readonly child: number;
  readonly fromX: number;
  readonly fromY: number;
  readonly dx: number;
  readonly dy: number;
  readonly steps: number;
  readonly knockback: boolean;
  done: number;
  stopped: boolean;
}

/** How a thrown snowball ended. */
export type ThrowEnd = 'child' | 'caught' | 'tree' | 'snowman_head' | 'ground' | 'off_field';

export interface Flight {
  readonly thrower: number;
  readonly fromX: number;
  readonly fromY: number;
  readonly dx: number;
  readonly dy: number;
  readonly steps: number;
  /** 9 from a standing thrower, 6 from a crouching one. */
  readonly startHeight: number;
  /** Spaces entered, in order, with the snowball's height there. */
  readonly path: [number, number, number][];
  done: number;
  end: ThrowEnd | null;
  /** The child hit, or that caught it. */
  child: number;
}

export function mover(child: number, x: number, y: number, dx: number, dy: number, knockback = false): Mover {
  return { child, fromX: x, fromY: y, dx, dy, steps: stepCount(dx, dy), knockback, done: 0, stopped: false };
}

/** Who may catch what: `catchFrom[c]` is the thrower position child c named, or null. */
export type CatchTargets = readonly (readonly [number, number] | null)[];

/**
 * Runs, crawls, pushes and throws happen together as single-space steps at
 * times k/n of the turn (section 4.2). At each instant children step first,
 * then snowballs; equal instants of different paths are simultaneous.
 */
export function moveAll(
  s: IcyState,
  movers: Mover[],
  flights: Flight[],
  occupant: Int8Array,
  catchFrom: CatchTargets,
  outcomes: Outcome[],
  changes: FieldChanges,
): void {
  const stepping: Step[] = [];
  while (true) {
    // The next instant k/n: the earliest next step of anything still moving.
    let k = 0;
    let n = 0;
    for (const m of movers) {
      if (!m.stopped && m.done < m.steps && (n === 0 || (m.done + 1) * n < k * m.steps)) {
        k = m.done + 1;
        n = m.steps;
      }
    }
    for (const f of flights) {
      if (f.end === null && (n === 0 || (f.done + 1) * n < k * f.steps)) {
        k = f.done + 1;
        n = f.steps;
      }
    }
    if (n === 0) return;
    stepping.length = 0;
    for (const m of movers) {
      if (m.stopped || m.done >= m.steps || (m.done + 1) * n !== k * m.steps) continue;
      const t = m.done + 1;
      stepping.push({ m, x: m.fromX + roundAway(t * m.dx, m.steps), y: m.fromY + roundAway(t * m.dy, m.steps) });
    }
    if (stepping.length > 0) stepChildren(s, stepping, occupant, outcomes, changes);
    for (const f of flights) {
      if (f.end === null && (f.done + 1) * n === k * f.steps) stepFlight(s, f, occupant, catchFrom, changes);
    }
    // The original engine looks at every snowball still in the air after each instant, so a child
    // that steps into a space a snowball is passing over, between two of its steps, is hit too.
    if (stepping.length > 0)
      for (const f of flights) if (f.end === null && f.done > 0) meetChild(s, f, occupant, catchFrom);
  }
}

interface Step {
  readonly m: Mover;
  readonly x: number;
  readonly y: number;
}

/**
 * Children stepping at the same instant move together (section 4.3). A step is
 * blocked by the field's edge, a tree, snow 6 high, another child stepping
 * into the same space, or a child that stays put; a child may follow another
 * into the space it leaves, and two children may swap places. A blocked child
 * waits where it is for the rest of the turn. Stepping into a space smashes
 * its snowballs.
 */
function stepChildren(
  s: IcyState,
  stepping: Step[],
  occupant: Int8Array,
  outcomes: Outcome[],
  changes: FieldChanges,
): void {
  const blocked = new Set<Mover>();
  for (const st of stepping) {
    if (!onField(st.x, st.y)) blocked.add(st.m);
    else {
      const i = cellIndex(st.x, st.y);
      if (s.ground[i] === Ground.TREE || s.height[i]! >= BLOCKING_HEIGHT) blocked.add(st.m);
      else if (stepping.some((o) => o !== st && o.x === st.x && o.y === st.y)) blocked.add(st.m);
    }
  }
  const leaving = (child: number) => stepping.some((o) => o.m.child === child && !blocked.has(o.m));
  for (let changed = true; changed; ) {
    changed = false;
    for (const st of stepping) {
      if (blocked.has(st.m)) continue;
      const other = occupant[cellIndex(st.x, st.y)]!;
      if (other !== NO_CHILD && !leaving(other)) {
        blocked.add(st.m);
        changed = true;
      }
    }
  }
  const kids = s.children;
  for (const st of stepping) {
    const m = st.m;
    m.done++;
    if (blocked.has(m)) {
      m.stopped = true;
      if (!m.knockback) outcomes[m.child] = { status: 'blocked', step: m.done };
    } else {
      const k = kids[m.child]!;
      if (occupant[cellIndex(k.x, k.y)] === m.child) occupant[cellIndex(k.x, k.y)] = NO_CHILD;
    }
  }
  for (const st of stepping) {
    if (blocked.has(st.m)) continue;
    const k = kids[st.m.child]!;
    k.x = st.x;
    k.y = st.y;
    const i = cellIndex(st.x, st.y);
    occupant[i] = st.m.child;
    if (s.ground[i] !== Ground.EMPTY) {
      noteChange(changes, i, s.ground[i]!, Ground.EMPTY);
      s.ground[i] = Ground.EMPTY;
    }
  }
}

/**
 * One step of a snowball (section 4.4): it leaves the field, shatters on a
 * tree, hits (or is caught by) a standing child or a crouching one if it is
 * no higher than 6, knocks the head off a snowman of exactly its height, falls
 * into snow at least as high as itself, or flies on.
 */
function stepFlight(s: IcyState, f: Flight, occupant: Int8Array, catchFrom: CatchTargets, changes: FieldChanges): void {
  const t = ++f.done;
  const x = f.fromX + roundAway(t * f.dx, f.steps);
  const y = f.fromY + roundAway(t * f.dy, f.steps);
  const h = f.startHeight - roundAway(THROW_DROP * t, f.steps);
  f.path.push([x, y, h]);
  if (!onField(x, y)) {
    f.end = 'off_field';
    return;
  }
  const i = cellIndex(x, y);
  if (s.ground[i] === Ground.TREE) {
    f.end = 'tree';
    return;
  }
  if (meetChild(s, f, occupant, catchFrom)) return;
  if (isSnowman(s.ground[i]!) && h === s.height[i]) {
    noteChange(changes, i, s.ground[i]!, Ground.MEDIUM_ON_LARGE);
    s.ground[i] = Ground.MEDIUM_ON_LARGE;
    f.end = 'snowman_head';
    return;
  }
  // At the end of its path a snowball is destroyed wherever it is.
  if (h <= s.height[i]! || t === f.steps) f.end = 'ground';
}

/**
 * Ends a snowball at the child on its current space, if it reaches it there: a
 * standing child always, a crouching one when the ball is no higher than 6.
 * The child catches it when it named the thrower's space and has room.
 */
function meetChild(s: IcyState, f: Flight, occupant: Int8Array, catchFrom: CatchTargets): boolean {
  const [x, y, h] = f.path[f.path.length - 1]!;
  const c = occupant[cellIndex(x, y)]!;
  if (c === NO_CHILD) return false;
  const k = s.children[c]!;
  if (!k.standing && h > CROUCHING_HEIGHT) return false;
  const named = catchFrom[c];
  f.child = c;
  if (named && named[0] === f.fromX && named[1] === f.fromY && smallsHeld(k.holding) < 3) {
    k.holding = addSnowball(k.holding, SMALL)!;
    f.end = 'caught';
  } else {
    f.end = 'child';
  }
  return true;
}

/**
 * The one-space push a child gets from the snowballs that hit it last turn
 * (2011 rules): along an axis when the summed flight direction is at least
 * twice as long on that axis as on the other, diagonal otherwise.
 */
export function knockbackStep(vx: number, vy: number): [number, number] | null {
  if (vx === 0 && vy === 0) return null;
  if (Math.abs(vx) >= 2 * Math.abs(vy)) return [Math.sign(vx), 0];
  if (Math.abs(vy) >= 2 * Math.abs(vx)) return [0, Math.sign(vy)];
  return [Math.sign(vx), Math.sign(vy)];
}
