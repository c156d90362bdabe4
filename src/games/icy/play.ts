import type { Action, Outcome } from './actions.js';
import { BLUE, RED } from './constants.js';
import { decodeMoves, type DecodedMoves } from './protocol.js';
import type { RuleSet } from './rules.js';
import { applyTurn, type TurnResult } from './simulate.js';
import type { IcyState } from './state.js';

export interface PlayedTurn extends TurnResult {
  /** The eight answer lines as received, engine child order. */
  readonly lines: readonly string[];
  /** What the answers asked for, in engine order and coordinates (idle for unusable lines): what a turn history records. */
  readonly actions: readonly Action[];
}

/**
 * One turn from the two players' raw answers (each in its own view): decodes
 * them, plays the turn, and reports malformed lines as canceled actions.
 */
export function playTurn(state: IcyState, redAnswer: unknown, blueAnswer: unknown, rules: RuleSet): PlayedTurn {
  const red = decodeMoves(redAnswer, RED);
  const blue = decodeMoves(blueAnswer, BLUE);
  const actions = [...red.actions, ...blue.actions];
  const turn = applyTurn(state, actions, rules);
  const problems = [...red.problems, ...blue.problems];
  const outcomes: Outcome[] = turn.outcomes.map((o, c) => problems[c] ?? o);
  return { ...turn, outcomes, lines: [...red.lines, ...blue.lines], actions };
}

export type { DecodedMoves };
