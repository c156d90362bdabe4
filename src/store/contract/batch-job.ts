import type { RoundJob } from './round-job.js';

/**
 * One pairing of a batch (or an asynchronous match) on the queue: a round job
 * whose board and round are both the batch id, so the round job store claims
 * and counts it (`<batch id>.<index>`), marked with its kind. Round jobs carry
 * no kind (messages queued before batches existed parse as rounds' jobs).
 */
export interface BatchJob extends RoundJob {
  readonly kind: 'batch';
  /** The pairing's own seed; absent: the seed from the job id (jobMatch). */
  readonly seed?: number;
}

/** A queued message's job: a round's, or a batch's. */
export type QueuedJob = RoundJob | BatchJob;

export const isBatchJob = (job: QueuedJob): job is BatchJob => (job as { kind?: unknown }).kind === 'batch';
