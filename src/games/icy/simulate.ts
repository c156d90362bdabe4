import { DONE, IDLE, canceled, type Action, type Outcome } from './actions.js';
import {
  CELLS,
  CHILDREN,
  CROUCHING_HEIGHT,
  DAZE_TURNS,
  HIT_POINTS,
  Holding,
  MAX_RUN_DISTANCE_SQ,
  MAX_THROW_DISTANCE_SQ,
  STANDING_HEIGHT,
  cellIndex,
  onField,
  teamOf,
} from './constants.js';
import { domainSizes } from './domain.js';
import { stepCount } from './geometry.js';
import { knockbackStep, moveAll, mover, type Flight, type Mover, type ThrowEnd } from './motion.js';
import type { RuleSet } from './rules.js';
import { powderHeld, smallsHeld } from './snow.js';
import { cloneState, type IcyState } from './state.js';
import { NO_CHILD, resolveTransfers, type FieldChanges } from './transfers.js';

export type { ThrowEnd } from './motion.js';

export interface ThrowRecord {
  readonly thrower: number;
  readonly from: readonly [number, number];
  readonly target: readonly [number, number];
  /** Spaces entered, in order, with the snowball's height in each. */
  readonly path: ReadonlyArray<readonly [number, number, number]>;
  readonly end: ThrowEnd;
  /** The child hit, or that caught it. */
  readonly child?: number;
}

export interface KnockbackRecord {
  readonly child: number;
  readonly from: readonly [number, number];
  readonly direction: readonly [number, number];
  readonly moved: boolean;
}

export interface TurnResult {
  readonly state: IcyState;
  /** Per child (engine order), what became of its action. */
  readonly outcomes: readonly Outcome[];
  readonly throws: readonly ThrowRecord[];
  readonly knockbacks: readonly KnockbackRecord[];
  /** Spaces whose height or contents changed this turn (may repeat). */
  readonly changedCells: readonly number[];
}

/**
 * Plays one turn (section 4.1): `actions` are the eight children's actions in
 * engine order and coordinates. Returns the next state; `prev` is untouched.
 *
 * Order: the daze counters drop and dazed children idle; drops; pickups;
 * stand, crouch and crush; then runs, crawls, knockback pushes and throws as
 * simultaneous steps; then hits, daze, knockback for next turn and scores.
 */
export function applyTurn(prev: IcyState, actions: readonly Action[], rules: RuleSet): TurnResult {
  const state = cloneState(prev);
  return { state, ...advance(state, actions, rules) };
}

export type TurnEvents = Omit<TurnResult, 'state'>;

/**
 * {@link applyTurn} in place: `s` becomes the next state. For callers that
 * own their state and step it many times (replays, the match runner).
 */
export function advance(s: IcyState, actions: readonly Action[], rules: RuleSet): TurnEvents {
  try {
    return play(s, actions, rules, OCCUPANT);
  } finally {
    OCCUPANT.fill(NO_CHILD);
  }
}

/** Which child stands on each space during a turn: scratch space, all NO_CHILD between turns. */
const OCCUPANT = new Int8Array(CELLS).fill(NO_CHILD);

function play(s: IcyState, actions: readonly Action[], rules: RuleSet, occupant: Int8Array): TurnEvents {
  s.turn++;
  const kids = s.children;
  const outcomes: Outcome[] = new Array(CHILDREN).fill(DONE);
  const act: Action[] = new Array(CHILDREN);
  const cancel = (c: number, o: Outcome) => {
    outcomes[c] = o;
    act[c] = IDLE;
  };
  for (let c = 0; c < CHILDREN; c++) {
    const a = actions[c] ?? IDLE;
    const k = kids[c]!;
    act[c] = a;
    if (k.dazed > 0) k.dazed--;
    if (k.dazed > 0 && a.kind !== 'idle') cancel(c, canceled('dazed'));
  }

  for (let c = 0; c < CHILDREN; c++) occupant[cellIndex(kids[c]!.x, kids[c]!.y)] = c;

  const changes: FieldChanges = { cells: [], snowmen: false };
  resolveTransfers(s, act, occupant, 'drop', cancel, changes);
  resolveTransfers(s, act, occupant, 'pickup', cancel, changes);
  for (let c = 0; c < CHILDREN; c++) applyInstant(s, c, act[c]!, cancel);

  const movers: Mover[] = [];
  const flights: Flight[] = [];
  const catchFrom: ([number, number] | null)[] = new Array(CHILDREN).fill(null);
  for (let c = 0; c < CHILDREN; c++) {
    const a = act[c]!;
    const k = kids[c]!;
    if (a.kind === 'run' || a.kind === 'crawl') {
      const problem = checkMove(a, k.x, k.y, k.standing);
      if (problem) cancel(c, problem);
      else movers.push(mover(c, k.x, k.y, a.x - k.x, a.y - k.y));
    } else if (a.kind === 'throw') {
      const problem = checkThrow(a, k.x, k.y, k.holding);
      if (problem) cancel(c, problem);
      else {
        k.holding = smallsHeld(k.holding) > 1 ? ((k.holding - 1) as Holding) : Holding.EMPTY;
        flights.push(flight(c, k.x, k.y, a.x - k.x, a.y - k.y, k.standing));
      }
    } else if (a.kind === 'catch') {
      // Only an empty hand or one holding at most two small snowballs can catch.
      const smalls = smallsHeld(k.holding);
      if (k.holding === Holding.EMPTY || smalls === 1 || smalls === 2) catchFrom[c] = [a.x, a.y];
      else cancel(c, canceled('hands_full'));
    }
  }
  const knockbacks: { child: number; from: [number, number]; direction: [number, number]; m: Mover }[] = [];
  if (rules.knockback) {
    for (let c = 0; c < CHILDREN; c++) {
      const hit = s.knockback[c]!;
      const push = knockbackStep(hit[0], hit[1]);
      if (!push) continue;
      const { x, y } = kids[c]!;
      const m = mover(c, x, y, push[0], push[1], true);
      movers.push(m);
      knockbacks.push({ child: c, from: [x, y], direction: push, m });
    }
  }

  moveAll(s, movers, flights, occupant, catchFrom, outcomes, changes);

  for (const v of s.knockback) v[0] = v[1] = 0;
  for (const f of flights) {
    if (f.end !== 'child') continue;
    // The counter shows 5 after a hit and drops before each turn: 4 idle turns.
    kids[f.child]!.dazed = DAZE_TURNS + 1;
    const push = s.knockback[f.child]!;
    push[0] += f.dx;
    push[1] += f.dy;
    if (teamOf(f.thrower) !== teamOf(f.child)) s.hitScore[teamOf(f.thrower)] += HIT_POINTS;
  }

  if (changes.snowmen) s.domain = domainSizes(s.ground);
  for (const t of [0, 1] as const) {
    s.domainSum[t] += s.domain[t];
    s.score[t] = s.hitScore[t] + s.domain[t];
  }

  return {
    outcomes,
    throws: flights.map(throwRecord),
    changedCells: changes.cells,
    knockbacks: knockbacks.map(({ child, from, direction, m }) => ({ child, from, direction, moved: !m.stopped })),
  };
}

/** Stand, crouch and crush take effect at once, after pickups. */
function applyInstant(s: IcyState, c: number, a: Action, cancel: (c: number, o: Outcome) => void): void {
  const k = s.children[c]!;
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

function checkMove(a: Action, x: number, y: number, standing: boolean): Outcome | null {
  const dx = a.x - x;
  const dy = a.y - y;
  if (a.kind === 'run' && !standing) return canceled('not_standing');
  if (a.kind === 'crawl' && standing) return canceled('not_crouching');
  if (dx === 0 && dy === 0) return canceled('same_space');
  if (a.kind === 'run' && dx * dx + dy * dy > MAX_RUN_DISTANCE_SQ) return canceled('too_far');
  if (a.kind === 'crawl' && Math.abs(dx) + Math.abs(dy) !== 1) return canceled('not_adjacent');
  if (!onField(a.x, a.y)) return canceled('off_field');
  return null;
}

function checkThrow(a: Action, x: number, y: number, holding: Holding): Outcome | null {
  const dx = a.x - x;
  const dy = a.y - y;
  if (smallsHeld(holding) === 0) return canceled('no_snowball');
  if (dx === 0 && dy === 0) return canceled('same_space');
  if (dx * dx + dy * dy > MAX_THROW_DISTANCE_SQ) return canceled('too_far');
  return null;
}

function flight(thrower: number, x: number, y: number, dx: number, dy: number, standing: boolean): Flight {
  return {
    thrower,
    fromX: x,
    fromY: y,
    dx,
    dy,
    steps: stepCount(dx, dy),
    startHeight: standing ? STANDING_HEIGHT : CROUCHING_HEIGHT,
    path: [],
    done: 0,
    end: null,
    child: NO_CHILD,
  };
}

function throwRecord(f: Flight): ThrowRecord {
  const base = {
    thrower: f.thrower,
    from: [f.fromX, f.fromY] as const,
    target: [f.fromX + f.dx, f.fromY + f.dy] as const,
    path: f.path,
    end: f.end ?? 'ground',
  };
  return f.child === NO_CHILD ? base : { ...base, child: f.child };
}
