import type { CallRecord } from '../core/match-types.js';

/** The record of a call not made: the game terminated the seat's bot at `turn` (GameRules.terminatesLateBots). */
export function terminatedCall(turn: number): CallRecord {
  return { fuel: 0, failure: 'terminated', detail: `terminated at turn ${turn} for running over its time` };
}
