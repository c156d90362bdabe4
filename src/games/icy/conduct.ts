import type { MatchRecord } from '../../core/game-module.js';
import { callFailure, INVALID_MOVE, loadFailure, type SeatConduct, SeatFailures } from '../../core/seat-conduct.js';
import { TEAM_SIZE } from './constants.js';
import type { IcyReplay } from './replay.js';

const SIDES = ['red', 'blue'] as const;
/** Outcomes of a child whose line the engine could not read: it idled. */
const UNREAD: Readonly<Record<string, string>> = {
  malformed: 'an action line it could not read, played as idle',
  no_answer: 'no action line, played as idle',
};

/**
 * Each side's turns whose answer the engine read in full (a missing line is
 * an idle child, as in the original), and its first failure: a failed call,
 * or a child's line it could not read. A move the rules cancel (a tree in the
 * way, too far) was read: it is a move, not a failure.
 */
export function icyConduct(record: MatchRecord, replay: IcyReplay): SeatConduct[] {
  const bots = (record as unknown as { bots: Record<string, { forfeit?: { code: string; message: string } }> }).bots;
  return SIDES.map((seat, k) => {
    let asked = 0;
    let validMoves = 0;
    const failures = new SeatFailures(loadFailure(bots[seat]?.forfeit));
    replay.turns.forEach((t, turn) => {
      const call = t.c?.[k];
      if (!call) return;
      asked++;
      const outcomes = t.o.slice(k * TEAM_SIZE, (k + 1) * TEAM_SIZE);
      const child = outcomes.findIndex((o) => Object.hasOwn(UNREAD, o));
      if (child < 0 && !call.x) validMoves++;
      failures.add(
        callFailure(turn, call) ??
          (child < 0 ? null : { turn, code: INVALID_MOVE, message: `child ${child}: ${UNREAD[outcomes[child]!]}` }),
      );
    });
    return { seat, asked, validMoves, firstFailure: failures.firstFailure, firstErrors: failures.firstErrors };
  });
}
