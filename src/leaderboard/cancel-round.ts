import { StoreError } from '../store/contract/errors.js';
import type { Leaderboard, Round } from '../store/contract/leaderboards.js';
import { progressComplete } from '../store/contract/round-jobs.js';
import type { RoundStores } from './round-batches.js';
import { roundStatus } from './round-status.js';

/** Tries to revise a round against other writers (a batch scheduled meanwhile) before giving up. */
const REVISE_ATTEMPTS = 5;

export type CancelResult =
  | { readonly kind: 'cancelled'; readonly round: Round }
  | { readonly kind: 'finished'; readonly round: Round }
  | { readonly kind: 'missing' };

/**
 * Cancels a running round: marked cancelled (a continuing one also ended), its
 * jobs not yet started are counted cancelled as they come up and not played,
 * those running finish. Cancelling a cancelled round changes nothing; a
 * finished one cannot be.
 */
export async function cancelRound(
  deps: RoundStores,
  board: Leaderboard,
  roundId: string,
  now: Date,
): Promise<CancelResult> {
  for (let attempt = 0; attempt < REVISE_ATTEMPTS; attempt++) {
    const round = await deps.leaderboards.getRound(board.id, roundId);
    if (!round) return { kind: 'missing' };
    const status = roundStatus(round);
    if (status === 'cancelled') return { kind: 'cancelled', round };
    if (status === 'finished') return { kind: 'finished', round };
    const cancelled: Round = {
      ...round,
      cancelledAt: now.toISOString(),
      ...(round.plan ? { plan: { ...round.plan, ended: true } } : {}),
      revision: (round.revision ?? 0) + 1,
    };
    if (await deps.leaderboards.reviseRound(board.id, cancelled)) {
      // Between a ladder's batches nothing is left to drain: it closes now.
      if (progressComplete(cancelled)) await deps.roundJobs.closeRound(board.id, roundId);
      return { kind: 'cancelled', round: cancelled };
    }
  }
  throw new StoreError('STORAGE_UNAVAILABLE', `cancelling round ${roundId}: it kept changing, try again`);
}

/** The board's rounds still running (not cancelled, jobs or batches left), newest first. */
export async function runningRounds(deps: RoundStores, board: Leaderboard): Promise<Round[]> {
  const open = (await deps.roundJobs.openRounds()).filter((o) => o.board === board.id);
  const rounds = await Promise.all(open.map((o) => deps.leaderboards.getRound(board.id, o.round)));
  return rounds
    .filter((r): r is Round => r !== null && roundStatus(r) === 'running')
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
}
