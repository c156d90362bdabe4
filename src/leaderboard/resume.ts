import { jobIndex } from '../store/contract/job-ids.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import { progressComplete } from '../store/contract/round-jobs.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { roundCaughtUp, type RoundStores } from './round-batches.js';

/**
 * Queues again every pending job of every unfinished round (the local server,
 * on start: its queue was in memory). Jobs another live process holds wait
 * for their lease; played ones are found played and only counted. A round
 * listed open but never stored (its scheduling crashed) is closed; one whose
 * jobs are all counted is closed, or goes on with its next batch if it is a
 * continuing round (a ladder, Swiss rounds). Returns how many jobs were queued.
 */
export async function resumeRounds(deps: RoundStores, queue: JobQueue<RoundJob>): Promise<number> {
  let queued = 0;
  for (const { board, round } of await deps.roundJobs.openRounds()) {
    const progress = await deps.leaderboards.getRound(board, round);
    if (!progress) {
      await deps.roundJobs.closeRound(board, round);
      continue;
    }
    if (progressComplete(progress)) {
      const stored = await deps.leaderboards.getBoard(board);
      if (stored) await roundCaughtUp(deps, queue, stored, round);
      else await deps.roundJobs.closeRound(board, round);
      continue;
    }
    for (const job of await deps.roundJobs.pendingJobs(board, round)) {
      // A batch whose round another write revised first was never counted in it: it is not played.
      if ((jobIndex(job.id, round) ?? 0) >= progress.total) continue;
      await queue.send(job);
      queued++;
    }
  }
  return queued;
}
