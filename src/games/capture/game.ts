import type { GameRules } from '../../core/game-rules.js';
import { playTurn, type CaptureTurnRecord } from './play.js';
import { decodeMove, encodeView, END_OF_GAME, NULL_MOVE, type Move } from './protocol.js';
import { isOver, result } from './result.js';
import { initialState } from './setup.js';
import type { CaptureState } from './state.js';

export type CaptureOptions = Record<string, never>;

/** What a turn did, with why a player's answer counted as the null move. */
export interface CaptureStep extends CaptureTurnRecord {
  readonly reasons: readonly [string | null, string | null];
}

/** Capture through the common contract: both players answer every turn; a late or bad answer is the null move. */
export const captureGame: GameRules<CaptureState, CaptureOptions, CaptureStep> = {
  id: 'capture',
  players: () => ['red', 'blue'],
  setup: () => initialState(),
  toAnswer: () => [0, 1],
  observe: (state, seat) => encodeView(state, seat),
  step(state, answers) {
    const decoded = answers.map((a) => (a ? decodeMove(a.text) : { move: NULL_MOVE, reason: 'no answer' }));
    const turn = playTurn(state, [decoded[0]!.move, decoded[1]!.move] as [Move, Move]);
    return {
      state: turn.state,
      record: { ...turn.record, reasons: [decoded[0]!.reason ?? null, decoded[1]!.reason ?? null] },
    };
  },
  isOver,
  result,
  farewell: () => END_OF_GAME,
};
