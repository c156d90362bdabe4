import type { MatchRecord } from '../../core/game-module.js';
import { callFailure, INVALID_MOVE, loadFailure, type SeatConduct, SeatFailures } from '../../core/seat-conduct.js';
import { isInvalidAnswer, type BlockDropMatchRecord } from './match.js';
import type { BlockDropReplay } from './replay.js';

/** Each player's commands the game could read, and its first failure: a failed call, or an answer played as N. */
export function blockDropConduct(record: MatchRecord, replay: BlockDropReplay): SeatConduct[] {
  const { players } = record as unknown as BlockDropMatchRecord;
  return players.map((player) => {
    let asked = 0;
    let validMoves = 0;
    const failures = new SeatFailures(loadFailure(player.forfeit));
    replay.turns.forEach((t, turn) => {
      if (t.p !== player.id || !t.k) return;
      const invalid = isInvalidAnswer(t);
      failures.add(
        callFailure(turn, t.k) ?? (invalid ? { turn, code: INVALID_MOVE, message: t.r ?? 'not a command' } : null),
      );
      // A fallen player's bot is still asked, but its answers no longer move anything.
      if (t.o === 'fallen') return;
      asked++;
      if (!invalid && !t.k.x) validMoves++;
    });
    return {
      seat: String(player.id),
      asked,
      validMoves,
      firstFailure: failures.firstFailure,
      firstErrors: failures.firstErrors,
    };
  });
}
