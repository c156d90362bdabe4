import type { GameRules } from '../../core/game-rules.js';
import { PLAYERS } from './constants.js';
import { appendAnswer, NO_OUTPUT, readHandshake, readLine, type OutputLines } from './output-lines.js';
import { playTurn, type TurnRecord } from './play.js';
import { decodeCommand, encodeInput, READY } from './protocol.js';
import { isOver, result } from './result.js';
import { initialState } from './setup.js';
import { currentPlayer, type BlockDropState } from './state.js';

export interface BlockDropOptions {
  /** Fixes the starting squares and directions. */
  readonly seed: number;
}

/** A match in play: the board, each bot's output not read yet, and the bots cut off for leaving no line to read. */
export interface BlockDropMatchState {
  readonly board: BlockDropState;
  readonly outputs: readonly OutputLines[];
  /** Per seat, the turn its bot left no line to read (the engine waits past its time and kills it), or null. */
  readonly stalledAt: readonly (number | null)[];
}

const set = <T>(values: readonly T[], seat: number, value: T): readonly T[] =>
  values.map((v, k) => (k === seat ? value : v));

/** Why a stalled bot plays N: the engine would wait for a line past its time limit and kill it. */
export const STALLED = 'no line to read: the bot is terminated, as the engine waits past its time for one';

/**
 * Block drop through the common game contract, as the engine runs it: the
 * player whose turn it is gets the input, fallen or not, and one line of
 * its output is read (a fallen player's line is not used). A call that
 * gives no answer (over budget, a throw, a forfeit) reads nothing and plays
 * N. An answer that leaves no line to read stalls the bot for good: it
 * plays N and is not called again, as the engine kills a bot that does not
 * give a line in time. A bot over its time is terminated the same way.
 */
export const blockDropGame: GameRules<BlockDropMatchState, BlockDropOptions, TurnRecord> = {
  id: 'blockdrop',
  handshake: { input: '', expect: READY, accepts: (answer) => readHandshake(answer, READY) !== null },
  afterHandshake: (state, seat, answer) => ({
    ...state,
    outputs: set(state.outputs, seat, readHandshake(answer, READY) ?? NO_OUTPUT),
  }),
  keepsForfeitedSeats: true,
  terminatesLateBots: true,
  players: () => Array.from({ length: PLAYERS }, (_, k) => String(k)),
  setup: (options) => ({
    board: initialState(options.seed),
    outputs: Array.from({ length: PLAYERS }, () => NO_OUTPUT),
    stalledAt: Array.from({ length: PLAYERS }, () => null),
  }),
  toAnswer: (state) => {
    const seat = currentPlayer(state.board);
    return state.stalledAt[seat] === null ? [seat] : [];
  },
  observe: (state, seat) => encodeInput(state.board, seat),
  step(state, answers) {
    const seat = currentPlayer(state.board);
    const answer = answers[0];
    if (state.stalledAt[seat] !== null || !answer) {
      const played = playTurn(state.board, 'N', state.stalledAt[seat] !== null ? STALLED : 'no answer');
      return { state: { ...state, board: played.state }, record: played.record };
    }
    const { line, rest } = readLine(appendAnswer(state.outputs[seat]!, answer.text));
    const decoded = line === null ? { command: 'N' as const, reason: STALLED } : decodeCommand(line);
    const played = playTurn(state.board, decoded.command, decoded.reason);
    const stalledAt = line === null ? set(state.stalledAt, seat, state.board.turn) : state.stalledAt;
    return {
      state: { board: played.state, outputs: set(state.outputs, seat, rest), stalledAt },
      record: played.record,
    };
  },
  isOver: (state) => isOver(state.board),
  result: (state) => {
    const outcome = result(state.board);
    return { ...outcome, details: { ...outcome.details, stalledAt: state.stalledAt } };
  },
};
