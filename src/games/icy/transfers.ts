import { canceled, type Action, type Outcome } from './actions.js';
import { CHILDREN, Ground, Holding, MAX_HEIGHT, cellIndex, onField, teamOf } from './constants.js';
import {
  addPowder,
  addSnowball,
  dropSnowball,
  groundOf,
  heldSize,
  isSnowman,
  powderHeld,
  smallsHeld,
  stackOf,
} from './snow.js';
import type { IcyState } from './state.js';

/** `occupant[cell]` is the child standing there, or this. */
export const NO_CHILD = -1;

type Cancel = (child: number, outcome: Outcome) => void;

/** What a turn changed on the field, collected while it is played. */
export interface FieldChanges {
  /** Spaces whose height or contents changed (may repeat). */
  readonly cells: number[];
  /** Whether a snowman was made or unmade, so the domain must be recomputed. */
  snowmen: boolean;
}

export function noteChange(changes: FieldChanges, i: number, before: number, after: number): void {
  changes.cells.push(i);
  if (isSnowman(before) || isSnowman(after)) changes.snowmen = true;
}

/**
 * All drops (or all pickups) of a turn at once. Each is checked on its own
 * first; only the valid ones count for contention, where two children aiming
 * at the same space cancel each other (section 4.1).
 */
export function resolveTransfers(
  s: IcyState,
  act: readonly Action[],
  occupant: Int8Array,
  kind: 'drop' | 'pickup',
  cancel: Cancel,
  changes: FieldChanges,
): void {
  // Up to eight valid claims: child and target space.
  const claimant: number[] = [];
  const claimed: number[] = [];
  for (let c = 0; c < CHILDREN; c++) {
    const a = act[c]!;
    if (a.kind !== kind) continue;
    const problem = kind === 'drop' ? checkDrop(s, c, a, occupant) : checkPickup(s, c, a, occupant);
    if (problem) cancel(c, problem);
    else {
      claimant.push(c);
      claimed.push(cellIndex(a.x, a.y));
    }
  }
  for (let j = 0; j < claimant.length; j++) {
    const c = claimant[j]!;
    const i = claimed[j]!;
    if (claimed.indexOf(i) !== claimed.lastIndexOf(i)) {
      cancel(c, canceled('contention'));
      continue;
    }
    const before = s.ground[i]!;
    if (kind === 'drop') drop(s, c, i);
    else pickup(s, c, i);
    noteChange(changes, i, before, s.ground[i]!);
  }
}

/** One of the eight neighbours, on the field, no tree, no child. */
function checkNeighbour(s: IcyState, c: number, a: Action, occupant: Int8Array): Outcome | null {
  const k = s.children[c]!;
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

/** Height a drop adds: all the powder held, or one snowball. */
function dropSize(h: Holding): number {
  return powderHeld(h) || heldSize(h);
}

function checkDrop(s: IcyState, c: number, a: Action, occupant: Int8Array): Outcome | null {
  if (s.children[c]!.holding === Holding.EMPTY) return canceled('empty_handed');
  const problem = checkNeighbour(s, c, a, occupant);
  if (problem) return problem;
  // The original refuses a drop only onto a space already 9 high: a large
  // snowball dropped onto height 8 makes 11 (recorded in the conformance games).
  if (s.height[cellIndex(a.x, a.y)]! >= MAX_HEIGHT) return canceled('too_high');
  return null;
}

function drop(s: IcyState, c: number, i: number): void {
  const k = s.children[c]!;
  s.height[i]! += dropSize(k.holding);
  if (powderHeld(k.holding) === 0) s.ground[i] = dropSnowball(s.ground[i]!, heldSize(k.holding), teamOf(c));
  // Small snowballs go one at a time; anything else is dropped whole.
  k.holding = smallsHeld(k.holding) > 1 ? ((k.holding - 1) as Holding) : Holding.EMPTY;
}

/** What the child would hold after picking up from space `i`, or why it cannot. */
function pickupResult(s: IcyState, c: number, i: number): Holding | Outcome {
  const holding = s.children[c]!.holding;
  const stack = stackOf(s.ground[i]!);
  if (stack.length > 0) return addSnowball(holding, stack[stack.length - 1]!) ?? canceled('hands_full');
  if (s.height[i] === 0) return canceled('nothing_to_pick_up');
  return addPowder(holding) ?? canceled('hands_full');
}

function checkPickup(s: IcyState, c: number, a: Action, occupant: Int8Array): Outcome | null {
  if (s.children[c]!.standing) return canceled('not_crouching');
  const problem = checkNeighbour(s, c, a, occupant);
  if (problem) return problem;
  const result = pickupResult(s, c, cellIndex(a.x, a.y));
  return typeof result === 'number' ? null : result;
}

/** Takes the topmost snowball, or one unit of powder when there is none. */
function pickup(s: IcyState, c: number, i: number): void {
  const stack = stackOf(s.ground[i]!);
  s.children[c]!.holding = pickupResult(s, c, i) as Holding;
  if (stack.length > 0) {
    s.height[i]! -= stack[stack.length - 1]!;
    s.ground[i] = groundOf(stack.slice(0, -1), teamOf(c));
  } else {
    s.height[i]! -= 1;
  }
}
