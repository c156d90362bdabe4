import { CELLS, SIZE } from './constants.js';
import { GROUND_LETTERS } from './protocol.js';
import type { RuleSet } from './rules.js';
import { applyTurn } from './simulate.js';
import { initialState, type ChildState, type IcyState } from './state.js';
import { blockActions, type TurnBlock } from './turns.js';

export interface Mismatch {
  readonly turn: number;
  /** What differs, expected vs got, for people. */
  readonly message: string;
}

export interface Replayed {
  /** Simulated states, index = turn. */
  readonly states: IcyState[];
  readonly mismatch: Mismatch | null;
}

/** The starting state a history implies: its turn-0 field, trees and all. */
export function stateFromBlock(block: TurnBlock): IcyState {
  const s = initialState({ trees: block.ground.map((g) => g === 1) });
  s.turn = block.turn;
  s.height = block.height.slice();
  s.ground = block.ground.slice();
  s.children = block.children.map((c) => ({ ...c }));
  s.score = [block.score[0], block.score[1]];
  return s;
}

/**
 * Re-simulates a history from its turn-0 state and the recorded moves and
 * compares every recorded state; stops at the first difference.
 */
export function replayHistory(blocks: readonly TurnBlock[], rules: RuleSet): Replayed {
  const first = blocks[0];
  const states: IcyState[] = [stateFromBlock(first)];
  const start = compareInitial(first);
  if (start) return { states, mismatch: start };
  let state = states[0];
  for (let t = 1; t < blocks.length; t++) {
    const expected = blocks[t];
    if (expected.turn !== state.turn + 1) {
      return { states, mismatch: { turn: expected.turn, message: `turn number ${expected.turn} follows turn ${state.turn}` } };
    }
    state = applyTurn(state, blockActions(blocks[t - 1]), rules).state;
    states.push(state);
    const diff = compareState(expected, state, rules);
    if (diff) return { states, mismatch: { turn: expected.turn, message: diff } };
  }
  return { states, mismatch: null };
}

function compareInitial(block: TurnBlock): Mismatch | null {
  const fresh = initialState({ trees: block.ground.map((g) => g === 1) });
  if (block.turn !== 0) return { turn: block.turn, message: `history starts at turn ${block.turn}, expected 0` };
  for (let i = 0; i < CELLS; i++) {
    if (block.height[i] !== fresh.height[i] || block.ground[i] !== fresh.ground[i]) {
      return { turn: 0, message: `${cellName(i)} is not a fresh space: ${block.height[i]}${GROUND_LETTERS[block.ground[i]]}` };
    }
  }
  return null;
}

/** Describes the first differences between a recorded and a simulated state, or null. */
export function compareState(expected: TurnBlock, got: IcyState, rules: RuleSet): string | null {
  const diffs: string[] = [];
  if (expected.score[0] !== got.score[0] || expected.score[1] !== got.score[1]) {
    diffs.push(`score: expected ${expected.score[0]} ${expected.score[1]}, got ${got.score[0]} ${got.score[1]}`);
  }
  for (let i = 0; i < CELLS && diffs.length < 6; i++) {
    if (expected.height[i] !== got.height[i] || expected.ground[i] !== got.ground[i]) {
      diffs.push(
        `${cellName(i)}: expected ${expected.height[i]}${GROUND_LETTERS[expected.ground[i]]}, got ${got.height[i]}${GROUND_LETTERS[got.ground[i]]}`,
      );
    }
  }
  for (let c = 0; c < expected.children.length && diffs.length < 6; c++) {
    const e = childText(expected.children[c], rules);
    const g = childText(got.children[c], rules);
    if (e !== g) diffs.push(`child ${c}: expected ${e}, got ${g}`);
  }
  return diffs.length === 0 ? null : diffs.join('; ');
}

function childText(c: ChildState, rules: RuleSet): string {
  return `${c.x} ${c.y} ${c.standing ? 'S' : 'C'} ${rules.holdingLetters[c.holding]} ${c.dazed}`;
}

function cellName(i: number): string {
  return `space (${Math.floor(i / SIZE)}, ${i % SIZE})`;
}
