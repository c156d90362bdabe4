import type { Game } from '../../core/game.js';
import { PLAYERS } from './constants.js';
import { playTurn, type TurnRecord } from './play.js';
import { decodeCommand, encodeInput, READY } from './protocol.js';
import { isOver, result } from './result.js';
import { initialState } from './setup.js';
import { currentPlayer, onBoard, type BlockDropState } from './state.js';

export interface BlockDropOptions {
  /** Fixes the starting squares and directions. */
  readonly seed: number;
}

/**
 * Block drop through the common game contract: four seats taking turns; a
 * fallen player's turns pass without asking its bot. A bot that gives no
 * answer (over budget, a throw) plays N, recorded as such; one over its time
 * is terminated, as the original engine kills it, and plays N to the end.
 */
export const blockDropGame: Game<BlockDropState, BlockDropOptions, TurnRecord> = {
  id: 'blockdrop',
  handshake: { input: '', expect: READY },
  keepsForfeitedSeats: true,
  terminatesLateBots: true,
  players: () => Array.from({ length: PLAYERS }, (_, k) => String(k)),
  setup: (options) => initialState(options.seed),
  toAnswer: (state) => (onBoard(state.players[currentPlayer(state)]!) ? [currentPlayer(state)] : []),
  observe: (state, seat) => encodeInput(state, seat),
  step(state, answers) {
    const answer = answers[0];
    const asked = onBoard(state.players[currentPlayer(state)]!);
    const decoded = !asked ? { command: 'N' as const } : answer ? decodeCommand(answer.text) : { command: 'N' as const, reason: 'no answer' };
    return playTurn(state, decoded.command, decoded.reason);
  },
  isOver,
  result,
};
