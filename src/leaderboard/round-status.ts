import type { Round } from '../store/contract/leaderboards.js';
import { progressComplete } from '../store/contract/round-jobs.js';

export type RoundStatus = 'running' | 'finished' | 'cancelled';

/**
 * A round's status: cancelled once its owner cancelled it (its started jobs
 * may still finish); running while jobs are left, or a continuing round has
 * batches to come; finished otherwise.
 */
export function roundStatus(round: Round): RoundStatus {
  if (round.cancelledAt) return 'cancelled';
  if (!progressComplete(round)) return 'running';
  return round.plan && !round.plan.ended ? 'running' : 'finished';
}
