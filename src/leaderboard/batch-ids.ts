import { jobMatch } from '../store/contract/job-ids.js';
import type { BatchJob } from '../store/contract/batch-job.js';
import type { Batch } from '../store/contract/batches.js';
import { newId } from './new-id.js';

/** Where an asynchronous match's batch is stored: its match id is known before it is played. */
const ASYNC_PREFIX = 'am_';

export const newBatchId = (): string => newId('bat');

/** The batch of one that plays asynchronous match `matchId`. */
export const asyncMatchBatchId = (matchId: string): string => `${ASYNC_PREFIX}${matchId}`;

/** Whether `id` may name a batch (what GET /v1/batches/:id accepts). */
export const isBatchId = (id: string): boolean => /^bat_[A-Za-z0-9_-]{16}$/.test(id);

/**
 * The match a batch's job plays, the same on every delivery: an asynchronous
 * match's id is in its batch id; a pairing's comes from its job id
 * (jobMatch), with the pairing's seed if it gave one. A redelivery finds it
 * stored and plays nothing twice.
 */
export async function batchJobMatch(
  batch: Pick<Batch, 'id' | 'kind'>,
  job: BatchJob,
): Promise<{ readonly matchId: string; readonly seed: number | undefined }> {
  const derived = await jobMatch(job.id);
  if (batch.kind === 'match') return { matchId: batch.id.slice(ASYNC_PREFIX.length), seed: undefined };
  return { matchId: derived.matchId, seed: job.seed ?? derived.seed };
}
