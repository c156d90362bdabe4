import { gameById } from '../games/catalog.js';
import { sendJobs, type JobQueue } from '../store/contract/job-queue.js';
import type { Leaderboard, Round } from '../store/contract/leaderboards.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { progressComplete } from '../store/contract/round-jobs.js';
import type { LeaderboardDeps } from './deps.js';

import { activeEntries, jobsOf, scheduleInput } from './round-inputs.js';
import { scheduleOf } from './schedules/registry.js';
import { seedOf } from './schedules/seeded.js';

/** The stores scheduling a round uses. */
export type RoundStores = Pick<LeaderboardDeps, 'leaderboards' | 'roundJobs'>;

/**
 * Schedules a continuing round's next batch (a round just started, or whose
 * batch has just finished): its schedule picks from the active entries and
 * the board's matches so far, with a seed of the round id and batch number.
 * The jobs are stored, then the round is revised to count them (a write
 * that only one caller wins, so a batch is never scheduled twice), then they
 * are queued. With nothing left to schedule (its matches or batches used up,
 * cancelled, fewer than two entries, no queue) the round ends instead.
 * Returns the round as it stands after.
 */
export async function nextBatch(
  deps: RoundStores,
  queue: JobQueue<RoundJob> | undefined,
  board: Leaderboard,
  round: Round,
): Promise<Round> {
  const plan = round.plan;
  if (!plan || plan.ended) return round;
  const limit = Math.min(plan.batch, plan.matches - round.total);
  if (round.cancelledAt || !queue || limit <= 0 || plan.scheduled >= plan.batches) return endRound(deps, board, round);
  const game = gameById(board.game);
  const entries = await activeEntries(deps, board);
  const input = await scheduleInput(deps, game, board, entries, {
    seed: seedOf(`${round.id}#${plan.scheduled}`),
    limit,
    withHistory: true,
  });
  const seatings = entries.length >= game.seats.length ? scheduleOf(round.schedule).pick(input) : [];
  if (seatings.length === 0) return endRound(deps, board, round);
  const jobs = jobsOf(board, round.id, round.total, seatings, entries);
  // Picked from finished matches only, so a second caller picks the same jobs: storing them twice is harmless.
  await deps.roundJobs.addJobs(jobs);
  const revised: Round = {
    ...round,
    total: round.total + jobs.length,
    plan: { ...plan, scheduled: plan.scheduled + 1 },
    revision: (round.revision ?? 0) + 1,
  };
  if (!(await deps.leaderboards.reviseRound(board.id, revised)))
    return (await deps.leaderboards.getRound(board.id, round.id)) ?? round;
  await sendJobs(queue, jobs);
  return revised;
}

/** Marks a continuing round ended (no batch follows) and closes it; a round revised meanwhile is read again and left to its writer. */
export async function endRound(deps: RoundStores, board: Leaderboard, round: Round): Promise<Round> {
  let current: Round | null = round;
  if (round.plan && !round.plan.ended) {
    const ended: Round = { ...round, plan: { ...round.plan, ended: true }, revision: (round.revision ?? 0) + 1 };
    if (!(await deps.leaderboards.reviseRound(board.id, ended))) {
      current = await deps.leaderboards.getRound(board.id, round.id);
      if (current && !current.plan?.ended && !current.cancelledAt) return current;
    } else current = ended;
  }
  await deps.roundJobs.closeRound(board.id, round.id);
  return current ?? round;
}

/**
 * What follows when every scheduled job of a round is counted: a continuing
 * round not cancelled goes on with its next batch; any other round is closed.
 */
export async function roundCaughtUp(
  deps: RoundStores,
  queue: JobQueue<RoundJob> | undefined,
  board: Leaderboard,
  roundId: string,
): Promise<void> {
  const round = await deps.leaderboards.getRound(board.id, roundId);
  // Another caller (a redelivered last job) may have scheduled the next batch already.
  if (round && !progressComplete(round)) return;
  if (round?.plan && !round.plan.ended && !round.cancelledAt) {
    await nextBatch(deps, queue, board, round);
    return;
  }
  if (round?.plan && !round.plan.ended) await endRound(deps, board, round);
  else await deps.roundJobs.closeRound(board.id, roundId);
}
