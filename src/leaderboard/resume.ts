import type { RoundJob } from '../store/contract/round-job.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { RoundJobStore } from '../store/contract/round-jobs.js';
import type { LeaderboardStore } from '../store/contract/leaderboards.js';

/**
 * Queues again every pending job of every unfinished round (the local server,
 * on start: its queue was in memory). Jobs another live process holds wait
 * for their lease; played ones are found played and only counted. A round
 * listed open but complete, or never stored (its scheduling crashed), is
 * closed. Returns how many jobs were queued.
 */
export async function resumeRounds(
  deps: { leaderboards: LeaderboardStore; roundJobs: RoundJobStore },
  queue: JobQueue<RoundJob>,
): Promise<number> {
  let queued = 0;
  for (const { board, round } of await deps.roundJobs.openRounds()) {
    const progress = await deps.leaderboards.getRound(board, round);
    if (!progress || progress.done + progress.failed >= progress.total) {
      await deps.roundJobs.closeRound(board, round);
      continue;
    }
    for (const job of await deps.roundJobs.pendingJobs(board, round)) {
      await queue.send(job);
      queued++;
    }
  }
  return queued;
}
