import type { Answer, GameRules, GameOutcome } from '../../core/game-rules.js';
import { formatAction, type Action, type Outcome } from './actions.js';
import type { IcyMap } from './map.js';
import { playTurn } from './play.js';
import { encodeView } from './protocol.js';
import { isOver, result } from './result.js';
import type { RuleSet } from './rules.js';
import type { TurnEvents } from './simulate.js';
import { initialState, type IcyState } from './state.js';

export interface IcyOptions {
  readonly rules: RuleSet;
  readonly map: IcyMap;
}

/** What one Icy turn did: per child (engine order) the action played and its outcome, throws, pushes, score. */
export interface IcyTurnRecord extends Omit<TurnEvents, 'changedCells'> {
  readonly turn: number;
  /** Each child's action as the engine played it (engine coordinates). */
  readonly actions: readonly string[];
  readonly score: readonly [number, number];
}

/** A team whose bot gave no answer (over budget, error) idles all four children. */
const NO_ANSWER: Outcome = { status: 'canceled', reason: 'no_answer' };

export const icyGame: GameRules<IcyState, IcyOptions, IcyTurnRecord> = {
  id: 'icy',
  players: () => ['red', 'blue'],
  setup: (options) => initialState(options.map),
  toAnswer: () => [0, 1],
  observe: (state, seat, options) => encodeView(state, seat === 0 ? 0 : 1, options.rules),
  step(state, answers, options) {
    const [red, blue] = answers;
    const turn = playTurn(state, red?.text ?? '', blue?.text ?? '', options.rules);
    const outcomes = turn.outcomes.map((o, c) => ((c < 4 ? red : blue) === null ? NO_ANSWER : o));
    return {
      state: turn.state,
      record: {
        turn: state.turn,
        actions: turn.actions.map((a: Action, c) => ((c < 4 ? red : blue) === null ? 'idle' : formatAction(a))),
        outcomes,
        throws: turn.throws,
        knockbacks: turn.knockbacks,
        score: [turn.state.score[0], turn.state.score[1]],
      },
    };
  },
  isOver,
  // The original engine's last line to each player: a turn number of -1.
  farewell: () => '-1\n',
  result(state): GameOutcome {
    const r = result(state);
    return {
      winner: r.winner === 'draw' ? null : r.winner === 'red' ? 0 : 1,
      scores: r.score,
      details: { decidedBy: r.decidedBy, hitScore: r.hitScore, domainSum: r.domainSum },
    };
  },
};

export type { Answer };
