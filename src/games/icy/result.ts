import { BLUE, RED, TURNS } from './constants.js';
import type { IcyState } from './state.js';

export type Winner = 'red' | 'blue' | 'draw';

/** What settled the winner (section 2.4): the score, then hit points, then the domain sum. */
export type DecidedBy = 'score' | 'hits' | 'domain_sum' | 'tie';

export interface IcyResult {
  readonly winner: Winner;
  readonly decidedBy: DecidedBy;
  readonly score: readonly [number, number];
  readonly hitScore: readonly [number, number];
  readonly domainSum: readonly [number, number];
}

export function isOver(state: IcyState): boolean {
  return state.turn >= TURNS;
}

export function result(state: IcyState): IcyResult {
  const keys: [DecidedBy, readonly [number, number]][] = [
    ['score', state.score],
    ['hits', state.hitScore],
    ['domain_sum', state.domainSum],
  ];
  let winner: Winner = 'draw';
  let decidedBy: DecidedBy = 'tie';
  for (const [by, [red, blue]] of keys) {
    if (red !== blue) {
      winner = red > blue ? 'red' : 'blue';
      decidedBy = by;
      break;
    }
  }
  return {
    winner,
    decidedBy,
    score: [state.score[RED], state.score[BLUE]],
    hitScore: [state.hitScore[RED], state.hitScore[BLUE]],
    domainSum: [state.domainSum[RED], state.domainSum[BLUE]],
  };
}
