import type { MatchRecord } from '../../core/game-module.js';
import { callFailure, INVALID_MOVE, loadFailure, type SeatConduct, SeatFailures } from '../../core/seat-conduct.js';
import { SIDES, type CaptureMatchRecord } from './match.js';
import type { CaptureReplay } from './replay.js';

/** Each side's moves the game could read, and its first failure: a failed call, or an answer played as the null move. */
export function captureConduct(record: MatchRecord, replay: CaptureReplay): SeatConduct[] {
  const { bots } = record as unknown as CaptureMatchRecord;
  return SIDES.map((seat, k) => {
    let asked = 0;
    let validMoves = 0;
    const failures = new SeatFailures(loadFailure(bots[seat].forfeit));
    replay.turns.forEach((t, turn) => {
      const call = t.k[k];
      if (!call) return;
      asked++;
      const reason = t.r?.[k] ?? null;
      if (reason === null) validMoves++;
      failures.add(callFailure(turn, call) ?? (reason === null ? null : { turn, code: INVALID_MOVE, message: reason }));
    });
    return { seat, asked, validMoves, firstFailure: failures.firstFailure, firstErrors: failures.firstErrors };
  });
}
