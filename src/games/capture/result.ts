import type { GameOutcome } from '../../core/game-rules.js';
import { BLUE, RED, TURNS } from './constants.js';
import type { CaptureState } from './state.js';

export const isOver = (state: CaptureState) => state.turn >= TURNS;

/** Section 3: most pucks of one's color wins; a tie goes to the larger sum of pucks owned at the end of each turn. */
export function result(state: CaptureState): GameOutcome {
  const red = state.pucks.filter((p) => p.color === RED).length;
  const blue = state.pucks.filter((p) => p.color === BLUE).length;
  const [sumRed, sumBlue] = state.ownership;
  const decidedBy = red !== blue ? 'pucks' : sumRed !== sumBlue ? 'ownership' : 'draw';
  const winner = red !== blue ? (red > blue ? RED : BLUE) : sumRed !== sumBlue ? (sumRed > sumBlue ? RED : BLUE) : null;
  return { winner, scores: [red, blue], details: { decidedBy, ownership: [sumRed, sumBlue], turns: state.turn } };
}
