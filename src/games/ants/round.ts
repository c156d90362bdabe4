import { MARKER_CONDITION, Op, STRIDE } from './brain.js';
import { nextRaw } from './random.js';
import type { AntsState } from './state.js';
import { BLACK_HILL, RED_HILL } from './world.js';

const REST_AFTER_MOVE = 14;
const FOOD_PER_CORPSE = 3;

const enum Cond {
  Friend = 0,
  Foe = 1,
  FriendWithFood = 2,
  FoeWithFood = 3,
  Food = 4,
  Rock = 5,
  FoeMarker = 7,
  Home = 8,
  FoeHome = 9,
}

/** Plays one round (section 2.11): every living ant, in id order, steps once. Mutates `s`. */
export function playRound(s: AntsState): void {
  const ants = s.antPos.length;
  for (let id = 0; id < ants; id++) {
    const p = s.antPos[id]!;
    if (p < 0) continue;
    if (s.antResting[id]! > 0) {
      s.antResting[id]!--;
      continue;
    }
    stepAnt(s, id, p);
  }
  s.round++;
}

export function playRounds(s: AntsState, rounds: number): void {
  for (let r = 0; r < rounds; r++) playRound(s);
}

function stepAnt(s: AntsState, id: number, p: number): void {
  const color = s.antColor[id]!;
  const brain = s.brains[color]!;
  const at = s.antState[id]! * STRIDE;
  const code = brain.code;
  const a = code[at + 1]!;
  const b = code[at + 2]!;
  switch (code[at] as Op) {
    case Op.Sense: {
      const dir = s.antDir[id]!;
      const target = a === 0 ? p : s.neighbours[p * 6 + (a === 1 ? dir : a === 2 ? (dir + 5) % 6 : (dir + 1) % 6)]!;
      s.antState[id] = cellMatches(s, target, code[at + 4]!, color) ? b : code[at + 3]!;
      return;
    }
    case Op.Mark:
      s.markers[color]![p]! |= 1 << a;
      s.antState[id] = b;
      return;
    case Op.Unmark:
      s.markers[color]![p]! &= ~(1 << a);
      s.antState[id] = b;
      return;
    case Op.PickUp:
      if (s.antFood[id] || s.food[p] === 0) {
        s.antState[id] = code[at + 3]!;
      } else {
        addFood(s, p, -1);
        s.antFood[id] = 1;
        s.antState[id] = b;
      }
      return;
    case Op.Drop:
      if (s.antFood[id]) {
        addFood(s, p, 1);
        s.antFood[id] = 0;
      }
      s.antState[id] = b;
      return;
    case Op.Turn:
      s.antDir[id] = a === 0 ? (s.antDir[id]! + 5) % 6 : (s.antDir[id]! + 1) % 6;
      s.antState[id] = b;
      return;
    case Op.Move: {
      const next = s.neighbours[p * 6 + s.antDir[id]!]!;
      if (s.rock[next] || s.antAt[next]! >= 0) {
        s.antState[id] = code[at + 3]!;
        return;
      }
      s.antAt[p] = -1;
      s.antAt[next] = id;
      s.antPos[id] = next;
      s.antState[id] = b;
      s.antResting[id] = REST_AFTER_MOVE;
      checkForSurroundedAnts(s, next);
      return;
    }
    case Op.Flip:
      s.antState[id] = nextRaw(s.random) % a === 0 ? b : code[at + 3]!;
      return;
  }
}

function cellMatches(s: AntsState, p: number, cond: number, color: number): boolean {
  if (s.rock[p]) return cond === Cond.Rock;
  if (cond >= MARKER_CONDITION) return (s.markers[color]![p]! & (1 << (cond - MARKER_CONDITION))) !== 0;
  switch (cond) {
    case Cond.Friend:
    case Cond.Foe:
    case Cond.FriendWithFood:
    case Cond.FoeWithFood: {
      const other = s.antAt[p]!;
      if (other < 0) return false;
      const friend = s.antColor[other] === color;
      if (cond === Cond.Friend) return friend;
      if (cond === Cond.Foe) return !friend;
      return (cond === Cond.FriendWithFood) === friend && s.antFood[other] === 1;
    }
    case Cond.Food:
      return s.food[p]! > 0;
    case Cond.FoeMarker:
      return s.markers[1 - color]![p] !== 0;
    case Cond.Home:
      return s.hill[p] === (color === 0 ? RED_HILL : BLACK_HILL);
    case Cond.FoeHome:
      return s.hill[p] === (color === 0 ? BLACK_HILL : RED_HILL);
    default:
      return false;
  }
}

function addFood(s: AntsState, p: number, amount: number): void {
  s.food[p]! += amount;
  const hill = s.hill[p]!;
  if (hill) s.hillFood[hill - 1]! += amount;
}

/** Section 2.9: the cell an ant just entered, then its six neighbours in direction order. */
function checkForSurroundedAnts(s: AntsState, p: number): void {
  checkForSurroundedAntAt(s, p);
  const base = p * 6;
  for (let d = 0; d < 6; d++) checkForSurroundedAntAt(s, s.neighbours[base + d]!);
}

function checkForSurroundedAntAt(s: AntsState, p: number): void {
  const id = s.antAt[p]!;
  if (id < 0) return;
  const color = s.antColor[id]!;
  let enemies = 0;
  const base = p * 6;
  for (let d = 0; d < 6; d++) {
    const other = s.antAt[s.neighbours[base + d]!]!;
    if (other >= 0 && s.antColor[other] !== color) enemies++;
  }
  if (enemies < 5) return;
  s.antAt[p] = -1;
  s.antPos[id] = -1;
  addFood(s, p, FOOD_PER_CORPSE + s.antFood[id]!);
}
