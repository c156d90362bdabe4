import { IDLE, DONE, canceled, type Action, type Outcome } from './actions.js';
import {
  BLOCKING_HEIGHT,
  CELLS,
  CHILDREN,
  CROUCHING_HEIGHT,
  DAZE_TURNS,
  Ground,
  HIT_POINTS,
  Holding,
  MAX_HEIGHT,
  MAX_RUN_DISTANCE_SQ,
  MAX_THROW_DISTANCE_SQ,
  SMALL,
  STANDING_HEIGHT,
  THROW_DROP,
  cellIndex,
  onField,
  teamOf,
} from './constants.js';
import { domainSizes } from './domain.js';
import { roundAway, stepCount } from './geometry.js';
import type { RuleSet } from './rules.js';
import {
  addPowder,
  addSnowball,
  dropSnowball,
  heldSize,
  isSnowman,
  powderHeld,
  smallsHeld,
  stackOf,
  groundOf,
} from './snow.js';
import { cloneState, type IcyState } from './state.js';

/** How a thrown snowball ended. */
export type ThrowEnd =
  | 'child'
  | 'caught'
  | 'tree'
  | 'snowman_head'
  | 'ground'
  | 'off_field';

export interface ThrowRecord {
  readonly thrower: number;
  readonly from: readonly [number, number];
  readonly target: readonly [number, number];
  /** Spaces entered, in order, with the snowball's height there. */
  readonly path: ReadonlyArray<readonly [number, number, number]>;
  readonly end: ThrowEnd;
  /** The child hit or that caught it. */
  readonly child?: number;
}

export interface TurnResult {
  readonly state: IcyState;
  /** Per child (engine order), what became of its action. */
  readonly outcomes: readonly Outcome[];
  readonly throws: readonly ThrowRecord[];
}

interface Mover {
  child: number;
  fromX: number;
  fromY: number;
  dx: number;
  dy: number;
  steps: number;
  done: number;
  stopped: boolean;
  /** A knockback push, not the child's own action. */
  knockback?: boolean;
}

interface Flight {
  thrower: number;
  fromX: number;
  fromY: number;
  dx: number;
  dy: number;
  steps: number;
  done: number;
  startHeight: number;
  path: [number, number, number][];
  end: ThrowEnd | null;
  hit: number;
}

const NO_CHILD = -1;

/**
 * Plays one turn: `actions` are the eight children's actions in engine order
 * and engine coordinates. Returns the next state; the input is not modified.
 */
export function applyTurn(prev: IcyState, actions: readonly Action[], rules: RuleSet): TurnResult {
  const s = cloneState(prev);
  s.turn = prev.turn + 1;
  const kids = s.children;
  const outcomes: Outcome[] = new Array(CHILDREN).fill(DONE);
  const act: Action[] = new Array(CHILDREN);
  for (let c = 0; c < CHILDREN; c++) {
    act[c] = actions[c] ?? IDLE;
    // The counter drops at the start of a turn; a child still dazed after that stays idle.
    if (kids[c].dazed > 0) kids[c].dazed--;
    if (kids[c].dazed > 0 && act[c].kind !== 'idle') {
      outcomes[c] = canceled('dazed');
      act[c] = IDLE;
    }
  }

  const occupant = new Int8Array(CELLS).fill(NO_CHILD);
  for (let c = 0; c < CHILDREN; c++) occupant[cellIndex(kids[c].x, kids[c].y)] = c;

  const cancel = (c: number, o: Outcome) => {
    outcomes[c] = o;
    act[c] = IDLE;
  };

  // Drops, then pickups; two children aiming at the same space cancel each other.
  resolveTransfers(s, act, occupant, 'drop', cancel);
  resolveTransfers(s, act, occupant, 'pickup', cancel);

  for (let c = 0; c < CHILDREN; c++) {
    const a = act[c];
    const k = kids[c];
    if (a.kind === 'stand') {
      if (k.standing) cancel(c, canceled('already_standing'));
      else k.standing = true;
    } else if (a.kind === 'crouch') {
      if (!k.standing) cancel(c, canceled('already_crouching'));
      else k.standing = false;
    } else if (a.kind === 'crush') {
      const p = powderHeld(k.holding);
      if (p === 0) cancel(c, canceled('no_powder'));
      else k.holding = p === 1 ? Holding.SMALL_1 : p === 2 ? Holding.MEDIUM : Holding.LARGE;
    }
  }

  const movers: Mover[] = [];
  const flights: Flight[] = [];
  const catching = new Int8Array(CHILDREN).fill(0);
  for (let c = 0; c < CHILDREN; c++) {
    const a = act[c];
    const k = kids[c];
    const dx = a.x - k.x;
    const dy = a.y - k.y;
    if (a.kind === 'run' || a.kind === 'crawl') {
      const problem = checkMove(a.kind, k.standing, a.x, a.y, dx, dy);
      if (problem) {
        cancel(c, problem);
        continue;
      }
      movers.push({ child: c, fromX: k.x, fromY: k.y, dx, dy, steps: stepCount(dx, dy), done: 0, stopped: false });
    } else if (a.kind === 'throw') {
      if (smallsHeld(k.holding) === 0) {
        cancel(c, canceled('no_snowball'));
        continue;
      }
      if (dx === 0 && dy === 0) {
        cancel(c, canceled('same_space'));
        continue;
      }
      if (dx * dx + dy * dy > MAX_THROW_DISTANCE_SQ) {
        cancel(c, canceled('too_far'));
        continue;
      }
      k.holding = (k.holding - 1) as Holding;
      if (k.holding < Holding.SMALL_1) k.holding = Holding.EMPTY;
      flights.push({
        thrower: c,
        fromX: k.x,
        fromY: k.y,
        dx,
        dy,
        steps: stepCount(dx, dy),
        done: 0,
        startHeight: k.standing ? STANDING_HEIGHT : CROUCHING_HEIGHT,
        path: [],
        end: null,
        hit: NO_CHILD,
      });
    } else if (a.kind === 'catch') {
      if (k.holding !== Holding.EMPTY && smallsHeld(k.holding) === 0) cancel(c, canceled('hands_full'));
      else if (smallsHeld(k.holding) === 3) cancel(c, canceled('hands_full'));
      else catching[c] = 1;
    }
  }

  if (rules.knockback) {
    for (let c = 0; c < CHILDREN; c++) {
      const push = knockbackStep(s.knockback[c]);
      if (push) movers.push({ child: c, fromX: kids[c].x, fromY: kids[c].y, dx: push[0], dy: push[1], steps: 1, done: 0, stopped: false, knockback: true });
    }
  }

  const hitBy: number[][] = Array.from({ length: CHILDREN }, () => []);
  moveAll(s, movers, flights, occupant, catching, act, outcomes, hitBy);

  // A child hit this turn sits out the next four turns (the counter shows 5, 4, 3, 2 then).
  for (let c = 0; c < CHILDREN; c++) if (hitBy[c].length > 0) kids[c].dazed = DAZE_TURNS + 1;

  // Knockback directions for the next turn.
  for (let c = 0; c < CHILDREN; c++) {
    let vx = 0;
    let vy = 0;
    for (const f of hitBy[c]) {
      const fl = flights[f];
      vx += fl.dx;
      vy += fl.dy;
    }
    s.knockback[c] = [vx, vy];
  }


  for (const fl of flights) {
    if (fl.end === 'child' && teamOf(fl.thrower) !== teamOf(fl.hit)) s.hitScore[teamOf(fl.thrower)] += HIT_POINTS;
  }
  const domain = domainSizes(s.ground);
  for (const t of [0, 1] as const) {
    s.domainSum[t] += domain[t];
    s.score[t] = s.hitScore[t] + domain[t];
  }

  const throws: ThrowRecord[] = flights.map((f) => ({
    thrower: f.thrower,
    from: [f.fromX, f.fromY] as const,
    target: [f.fromX + f.dx, f.fromY + f.dy] as const,
    path: f.path,
    end: f.end ?? 'ground',
    ...(f.hit !== NO_CHILD ? { child: f.hit } : {}),
  }));
  return { state: s, outcomes, throws };
}

function checkMove(kind: 'run' | 'crawl', standing: boolean, x: number, y: number, dx: number, dy: number): Outcome | null {
  if (kind === 'run' && !standing) return canceled('not_standing');
  if (kind === 'crawl' && standing) return canceled('not_crouching');
  if (dx === 0 && dy === 0) return canceled('same_space');
  if (kind === 'run' && dx * dx + dy * dy > MAX_RUN_DISTANCE_SQ) return canceled('too_far');
  if (kind === 'crawl' && Math.abs(dx) + Math.abs(dy) !== 1) return canceled('not_adjacent');
  if (!onField(x, y)) return canceled('off_field');
  return null;
}

/**
 * The one-space push a child gets from the snowballs that hit it last turn:
 * straight along an axis when the summed flight direction is at least twice
 * as long on that axis as on the other, diagonal otherwise.
 */
export function knockbackStep([vx, vy]: readonly [number, number]): [number, number] | null {
  if (vx === 0 && vy === 0) return null;
  if (Math.abs(vx) >= 2 * Math.abs(vy)) return [Math.sign(vx), 0];
  if (Math.abs(vy) >= 2 * Math.abs(vx)) return [0, Math.sign(vy)];
  return [Math.sign(vx), Math.sign(vy)];
}

/**
 * Drops (then pickups) of all children at once. Each is checked on its own
 * first; only valid ones count for contention, where two children aiming at
 * the same space cancel each other.
 */
function resolveTransfers(
  s: IcyState,
  act: Action[],
  occupant: Int8Array,
  kind: 'drop' | 'pickup',
  cancel: (c: number, o: Outcome) => void,
): void {
  const claims = new Map<number, number[]>();
  for (let c = 0; c < CHILDREN; c++) {
    const a = act[c];
    if (a.kind !== kind) continue;
    const problem = kind === 'drop' ? checkDrop(s, c, a, occupant) : checkPickup(s, c, a, occupant);
    if (problem) {
      cancel(c, problem);
      continue;
    }
    const i = cellIndex(a.x, a.y);
    const list = claims.get(i);
    if (list) list.push(c);
    else claims.set(i, [c]);
  }
  for (const [i, list] of claims) {
    if (list.length > 1) {
      for (const c of list) cancel(c, canceled('contention'));
    } else if (kind === 'drop') {
      drop(s, list[0], i);
    } else {
      pickup(s, list[0], i);
    }
  }
}

function checkAdjacent(s: IcyState, c: number, a: Action, occupant: Int8Array): Outcome | null {
  const k = s.children[c];
  const dx = a.x - k.x;
  const dy = a.y - k.y;
  if (dx === 0 && dy === 0) return canceled('same_space');
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1) return canceled('not_adjacent');
  if (!onField(a.x, a.y)) return canceled('off_field');
  const i = cellIndex(a.x, a.y);
  if (s.ground[i] === Ground.TREE) return canceled('tree');
  if (occupant[i] !== NO_CHILD) return canceled('occupied');
  return null;
}

/** Height a child's whole drop adds: all its powder, or one snowball. */
function dropSize(h: Holding): number {
  return powderHeld(h) || heldSize(h);
}

function checkDrop(s: IcyState, c: number, a: Action, occupant: Int8Array): Outcome | null {
  const k = s.children[c];
  if (k.holding === Holding.EMPTY) return canceled('empty_handed');
  const problem = checkAdjacent(s, c, a, occupant);
  if (problem) return problem;
  // The original refuses a drop only onto a space already 9 high: a large
  // snowball dropped onto height 8 makes 11 (recorded in the conformance games).
  if (s.height[cellIndex(a.x, a.y)] >= MAX_HEIGHT) return canceled('too_high');
  return null;
}

function drop(s: IcyState, c: number, i: number): void {
  const k = s.children[c];
  const powder = powderHeld(k.holding);
  s.height[i] += dropSize(k.holding);
  if (powder === 0) s.ground[i] = dropSnowball(s.ground[i], heldSize(k.holding), teamOf(c));
  // Small snowballs go one at a time; anything else is dropped whole.
  k.holding = smallsHeld(k.holding) > 1 ? ((k.holding - 1) as Holding) : Holding.EMPTY;
}

/** What the child would hold after picking up from space `i`, or a reason it cannot. */
function pickupResult(s: IcyState, c: number, i: number): Holding | Outcome {
  const holding = s.children[c].holding;
  const stack = stackOf(s.ground[i]);
  if (stack.length > 0) return addSnowball(holding, stack[stack.length - 1]) ?? canceled('hands_full');
  if (s.height[i] === 0) return canceled('nothing_to_pick_up');
  return addPowder(holding) ?? canceled('hands_full');
}

function checkPickup(s: IcyState, c: number, a: Action, occupant: Int8Array): Outcome | null {
  if (s.children[c].standing) return canceled('not_crouching');
  const problem = checkAdjacent(s, c, a, occupant);
  if (problem) return problem;
  const result = pickupResult(s, c, cellIndex(a.x, a.y));
  return typeof result === 'number' ? null : result;
}

function pickup(s: IcyState, c: number, i: number): void {
  const stack = stackOf(s.ground[i]);
  s.children[c].holding = pickupResult(s, c, i) as Holding;
  if (stack.length > 0) {
    s.height[i] -= stack[stack.length - 1];
    s.ground[i] = groundOf(stack.slice(0, -1), teamOf(c));
  } else {
    s.height[i] -= 1;
  }
}

/**
 * Runs, crawls and throws happen together as single-space steps at times
 * k/n of the turn (section 4.2). Equal times are compared exactly.
 */
function moveAll(
  s: IcyState,
  movers: Mover[],
  flights: Flight[],
  occupant: Int8Array,
  catching: Int8Array,
  act: Action[],
  outcomes: Outcome[],
  hitBy: number[][],
): void {
  // All step times as fractions k/n with n <= 24; visit them in order.
  const times: [number, number][] = [];
  const seen = new Set<number>();
  const addTimes = (n: number) => {
    for (let k = 1; k <= n; k++) {
      const key = Math.round((k * 5354228880) / n);
      if (!seen.has(key)) {
        seen.add(key);
        times.push([k, n]);
      }
    }
  };
  for (const m of movers) addTimes(m.steps);
  for (const f of flights) addTimes(f.steps);
  times.sort((a, b) => a[0] * b[1] - b[0] * a[1]);

  const kids = s.children;
  for (const [tk, tn] of times) {
    // Children stepping at this instant.
    const stepping: Step[] = [];
    for (const m of movers) {
      if (m.stopped || (m.done + 1) * tn !== tk * m.steps) continue;
      const t = m.done + 1;
      stepping.push({ m, x: m.fromX + roundAway(t * m.dx, m.steps), y: m.fromY + roundAway(t * m.dy, m.steps) });
    }
    if (stepping.length > 0) resolveSteps(s, stepping, occupant, outcomes);

    // Snowballs stepping at this instant.
    for (const f of flights) {
      if (f.end !== null || (f.done + 1) * tn !== tk * f.steps) continue;
      f.done++;
      const t = f.done;
      const x = f.fromX + roundAway(t * f.dx, f.steps);
      const y = f.fromY + roundAway(t * f.dy, f.steps);
      const h = f.startHeight - roundAway(THROW_DROP * t, f.steps);
      f.path.push([x, y, h]);
      if (!onField(x, y)) {
        f.end = 'off_field';
        continue;
      }
      const i = cellIndex(x, y);
      if (s.ground[i] === Ground.TREE) {
        f.end = 'tree';
        continue;
      }
      const c = occupant[i];
      if (c !== NO_CHILD && (kids[c].standing || h <= CROUCHING_HEIGHT)) {
        if (catching[c] && act[c].x === f.fromX && act[c].y === f.fromY && smallsHeld(kids[c].holding) < 3) {
          kids[c].holding = addSnowball(kids[c].holding, SMALL)!;
          f.end = 'caught';
        } else {
          f.end = 'child';
          hitBy[c].push(flights.indexOf(f));
        }
        f.hit = c;
        continue;
      }
      if (isSnowman(s.ground[i]) && h === s.height[i]) {
        s.ground[i] = Ground.MEDIUM_ON_LARGE;
        f.end = 'snowman_head';
        continue;
      }
      if (h <= s.height[i]) {
        f.end = 'ground';
      }
    }
  }
}

interface Step {
  m: Mover;
  x: number;
  y: number;
}

/**
 * Children stepping at the same instant move together: a step is blocked by a
 * tree, deep snow, another child stepping into the same space, or a child that
 * stays where it is. A child may follow another into the space it leaves, and
 * two children may swap places.
 */
function resolveSteps(s: IcyState, stepping: Step[], occupant: Int8Array, outcomes: Outcome[]): void {
  const kids = s.children;
  const blocked = new Set<Mover>();
  for (const st of stepping) {
    const i = cellIndex(st.x, st.y);
    if (!onField(st.x, st.y) || s.ground[i] === Ground.TREE || s.height[i] >= BLOCKING_HEIGHT) blocked.add(st.m);
    else if (stepping.some((o) => o !== st && o.x === st.x && o.y === st.y)) blocked.add(st.m);
  }
  const leaving = (child: number) => stepping.some((o) => o.m.child === child && !blocked.has(o.m));
  for (let changed = true; changed; ) {
    changed = false;
    for (const st of stepping) {
      if (blocked.has(st.m)) continue;
      const other = occupant[cellIndex(st.x, st.y)];
      if (other !== NO_CHILD && !leaving(other)) {
        blocked.add(st.m);
        changed = true;
      }
    }
  }
  for (const st of stepping) {
    const m = st.m;
    m.done++;
    if (blocked.has(m)) {
      m.stopped = true;
      if (!m.knockback) outcomes[m.child] = { status: 'blocked', step: m.done };
      continue;
    }
    const k = kids[m.child];
    if (occupant[cellIndex(k.x, k.y)] === m.child) occupant[cellIndex(k.x, k.y)] = NO_CHILD;
  }
  for (const st of stepping) {
    if (blocked.has(st.m)) continue;
    const k = kids[st.m.child];
    k.x = st.x;
    k.y = st.y;
    const i = cellIndex(st.x, st.y);
    occupant[i] = st.m.child;
    if (s.ground[i] !== Ground.TREE) s.ground[i] = Ground.EMPTY;
  }
}
