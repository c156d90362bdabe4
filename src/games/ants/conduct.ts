import { loadFailure, type SeatConduct } from '../../core/seat-conduct.js';
import type { AntsReplay } from './match.js';

/**
 * An ant brain is checked whole before the match: one that does not parse
 * forfeits, and one that does takes only legal steps, so a side's only
 * failure is its forfeit and there are no invalid moves to count.
 */
export function antsConduct(replay: AntsReplay): SeatConduct[] {
  const { forfeits, rounds } = replay.result;
  return (['red', 'black'] as const).map((seat) => ({
    seat,
    asked: rounds,
    validMoves: null,
    firstFailure: loadFailure(forfeits[seat]),
  }));
}
