import { isBatchJob, type QueuedJob } from '../store/contract/batch-job.js';
import { runBatchJob, type BatchDeps } from './run-batch-job.js';
import { runRoundJob, type JobResult } from './run-round-job.js';

/** Plays a queued job of either kind: a batch's pairing, or a round's match. */
export function runQueuedJob(deps: BatchDeps, job: QueuedJob): Promise<JobResult> {
  return isBatchJob(job) ? runBatchJob(deps, job) : runRoundJob(deps, job);
}
