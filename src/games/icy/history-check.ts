import { CELLS, Ground, SIZE, type Team } from './constants.js';
import { domainSizes } from './domain.js';
import { GROUND_LETTERS, encodeView, formatChild } from './protocol.js';
import { IncrementalBlockRenderer, STATE_BLOCK_MAX_BYTES, renderStateBlock } from './state-block.js';
import type { RuleSet } from './rules.js';
import { advance } from './simulate.js';
import { cloneState, initialState, type IcyState } from './state.js';
import { TurnReader, TurnsSyntaxError, blockActions, writtenMoveLines, type TurnBlock } from './turns.js';

export interface Mismatch {
  readonly turn: number;
  /** What differs, expected vs got, for people. */
  readonly message: string;
}

export interface Verified {
  /** Number of states in the history (181 for a full game). */
  readonly count: number;
  /** Every simulated state, index = turn, when asked for. */
  readonly states: IcyState[];
  /** The first difference, or a syntax problem of the file; null when it replays exactly. */
  readonly mismatch: Mismatch | null;
}

/** The starting state a history implies: its turn-0 field, trees and all. */
export function stateFromBlock(block: Omit<TurnBlock, 'moves'>): IcyState {
  const s = initialState({ trees: Array.from(block.ground, (g) => g === Ground.TREE) });
  s.turn = block.turn;
  s.height = Array.from(block.height);
  s.ground = Array.from(block.ground);
  s.children = block.children.map((c) => ({ ...c }));
  s.score = [block.score[0], block.score[1]];
  s.domain = domainSizes(s.ground);
  return s;
}

/**
 * Re-simulates a turn history (the original `-view turns` text) from its
 * turn-0 field and the recorded moves, and compares every recorded state
 * with the simulated one; stops at the first difference. Each block is
 * checked by rendering the simulated state and comparing bytes, and only
 * parsed to explain a difference.
 */
export function verifyHistory(bytes: Uint8Array, rules: RuleSet, options: { keepStates?: boolean } = {}): Verified {
  const reader = new TurnReader(bytes, rules);
  const states: IcyState[] = [];
  let count = 0;
  const stop = (turn: number, message: string): Verified => ({ count, states, mismatch: { turn, message } });
  try {
    if (reader.atEnd()) return stop(0, 'no turns in the file');
    const first = reader.state();
    const start = checkInitial(first);
    if (start) return stop(0, start);
    const state = stateFromBlock(first);
    const blocks = new IncrementalBlockRenderer(rules);
    blocks.reset(state);
    const full = new Uint8Array(STATE_BLOCK_MAX_BYTES);
    while (true) {
      count++;
      if (options.keepStates) states.push(cloneState(state));
      const lines = reader.moves();
      const actions = blockActions(lines);
      const moved = compareMoves(lines, writtenMoveLines(state, actions));
      if (moved) return stop(state.turn, moved);
      if (reader.atEnd()) break;
      const { changedCells } = advance(state, actions, rules);
      blocks.update(state, changedCells);
      const start = reader.pos;
      const same = blocks.wide
        ? reader.skipIfEqual(full, renderStateBlock(state, rules, full))
        : reader.skipIfEqual(blocks.head, blocks.headLength) &&
          reader.skipIfEqual(blocks.grid, blocks.grid.length) &&
          reader.skipIfEqual(blocks.tail, blocks.tailLength);
      if (same) continue;
      reader.pos = start;
      const expected = reader.state();
      if (expected.turn !== state.turn)
        return stop(expected.turn, `turn number ${expected.turn} follows turn ${state.turn - 1}`);
      return stop(state.turn, describeDifference(expected, state, rules) ?? 'formatting differs');
    }
  } catch (e) {
    if (e instanceof TurnsSyntaxError) return stop(count, `not a turn history: ${e.message}`);
    throw e;
  }
  return { count, states, mismatch: null };
}

/** The first move line written differently from how the original would write it, described; or null. */
function compareMoves(recorded: readonly string[], written: readonly string[]): string | null {
  for (let c = 0; c < written.length; c++) {
    if (recorded[c] !== written[c]) {
      return `move of child ${c}: recorded ${JSON.stringify(recorded[c])}, the original writes ${JSON.stringify(written[c])}`;
    }
  }
  return null;
}

function checkInitial(block: Omit<TurnBlock, 'moves'>): string | null {
  if (block.turn !== 0) return `history starts at turn ${block.turn}, expected 0`;
  if (block.score[0] !== 0 || block.score[1] !== 0)
    return `turn 0 has score ${block.score[0]} ${block.score[1]}, expected 0 0`;
  const fresh = initialState({ trees: Array.from(block.ground, (g) => g === Ground.TREE) });
  for (let i = 0; i < CELLS; i++) {
    if (block.height[i] !== fresh.height[i] || block.ground[i] !== fresh.ground[i]) {
      return `${cellName(i)} is not a fresh space: ${block.height[i]}${GROUND_LETTERS[block.ground[i]!]}`;
    }
  }
  const moved = fresh.children.findIndex((c, k) => {
    const b = block.children[k]!;
    return c.x !== b.x || c.y !== b.y || c.standing !== b.standing || c.holding !== b.holding || c.dazed !== b.dazed;
  });
  if (moved >= 0) return `child ${moved} does not start at its start position`;
  return null;
}

/** Describes the first differences between a recorded and a simulated state, or null. */
export function describeDifference(expected: Omit<TurnBlock, 'moves'>, got: IcyState, rules: RuleSet): string | null {
  const diffs: string[] = [];
  if (expected.score[0] !== got.score[0] || expected.score[1] !== got.score[1]) {
    diffs.push(`score: expected ${expected.score[0]} ${expected.score[1]}, got ${got.score[0]} ${got.score[1]}`);
  }
  for (let i = 0; i < CELLS && diffs.length < 6; i++) {
    if (expected.height[i] !== got.height[i] || expected.ground[i] !== got.ground[i]) {
      diffs.push(
        `${cellName(i)}: expected ${expected.height[i]}${GROUND_LETTERS[expected.ground[i]!]}, got ${got.height[i]}${GROUND_LETTERS[got.ground[i]!]}`,
      );
    }
  }
  for (let c = 0; c < expected.children.length && diffs.length < 6; c++) {
    const e = formatChild(expected.children[c]!, rules);
    const g = formatChild(got.children[c]!, rules);
    if (e !== g) diffs.push(`child ${c}: expected ${e}, got ${g}`);
  }
  return diffs.length === 0 ? null : diffs.join('; ');
}

function cellName(i: number): string {
  return `space (${Math.floor(i / SIZE)}, ${i % SIZE})`;
}

/** Lines per turn of a player's input: turn, score, 31 field rows, 8 children. */
const VIEW_BLOCK_LINES = 2 + SIZE + 8;

/**
 * Compares the text a player would have been sent over a game (the states of
 * every turn but the last, then `-1`) with a recording of it, line by line.
 */
export function compareView(
  states: readonly IcyState[],
  team: Team,
  rules: RuleSet,
  recorded: string,
): Mismatch | null {
  const sent = states
    .slice(0, -1)
    .map((s) => encodeView(s, team, rules))
    .join('');
  const got = `${sent}-1\n`.split('\n');
  const expected = recorded.split('\n');
  const lines = Math.max(got.length, expected.length);
  for (let line = 0; line < lines; line++) {
    if (got[line] === expected[line]) continue;
    const turn = Math.floor(line / VIEW_BLOCK_LINES);
    const where =
      turn < states.length - 1
        ? `turn ${turn}, line ${(line % VIEW_BLOCK_LINES) + 1} of its block`
        : 'after the last turn';
    return {
      turn,
      message: `${where}: expected ${JSON.stringify(expected[line] ?? '<end of file>')}, got ${JSON.stringify(got[line] ?? '<end of file>')}`,
    };
  }
  return null;
}
