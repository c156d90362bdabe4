import type { GameRules, GameOutcome } from '../../core/game-rules.js';
import type { Brain } from './brain.js';
import { playRound } from './round.js';
import { aliveAnts, carriedFood, createState, type AntsState, BLACK, RED } from './state.js';
import type { World } from './world.js';

export interface AntsOptions {
  readonly world: World;
  /** Red's brain, then black's. */
  readonly brains: readonly [Brain, Brain];
  /** s0 of the random-number generator (section 2.10). */
  readonly seed: number;
  readonly rounds: number;
}

/** What a round changed that a replay keeps: the food on each anthill after it. */
export interface AntsRound {
  readonly round: number;
  readonly food: readonly [number, number];
}

/**
 * Ants through the common game contract. The bots are brains, parsed
 * before setup, so nobody is asked for answers. For speed the state is
 * updated in place: `step` consumes the state it is given.
 */
export const antsGame: GameRules<AntsState, AntsOptions, AntsRound> = {
  id: 'ants',
  players: () => ['red', 'black'],
  setup: (options) => createState(options.world, options.brains, options.seed, options.rounds),
  toAnswer: () => [],
  observe: () => '',
  step(state) {
    playRound(state);
    return { state, record: { round: state.round, food: [state.hillFood[RED]!, state.hillFood[BLACK]!] } };
  },
  isOver: (state) => state.round >= state.rounds,
  result: outcome,
};

/** Section 2.12: the color with more food on its anthill wins; food being carried does not count. */
export function outcome(state: AntsState): GameOutcome {
  const red = state.hillFood[RED]!;
  const black = state.hillFood[BLACK]!;
  return {
    winner: red === black ? null : red > black ? RED : BLACK,
    scores: [red, black],
    details: {
      rounds: state.round,
      alive: [aliveAnts(state, RED), aliveAnts(state, BLACK)],
      carried: [carriedFood(state, RED), carriedFood(state, BLACK)],
    },
  };
}
