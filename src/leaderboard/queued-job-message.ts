import type { BatchJob, QueuedJob } from '../store/contract/batch-job.js';
import { JobError } from '../store/contract/job-errors.js';
import { MAX_JOBS_PER_MESSAGE } from './job-bundles.js';
import { parseRoundJob } from './job-message.js';

/**
 * A queue message's body as a job of either kind: `kind: "batch"` is a
 * batch's pairing (board and round both its batch id, an optional seed);
 * no kind is a round's job. JOB_INVALID otherwise.
 */
export function parseQueuedJob(body: unknown): QueuedJob {
  const kind = typeof body === 'object' && body !== null ? (body as { kind?: unknown }).kind : undefined;
  if (kind === undefined) return parseRoundJob(body);
  if (kind !== 'batch') throw new JobError('JOB_INVALID', `no job kind '${String(kind).slice(0, 40)}'`);
  const job = parseRoundJob(body);
  if (job.board !== job.round) throw new JobError('JOB_INVALID', "a batch's job has its batch id as board and round");
  if (job.pins !== undefined || job.before !== undefined)
    throw new JobError('JOB_INVALID', "a batch's job has no pins and no before");
  const seed = (body as { seed?: unknown }).seed;
  if (seed !== undefined && !(Number.isSafeInteger(seed) && (seed as number) >= 0 && (seed as number) <= 0xffffffff))
    throw new JobError('JOB_INVALID', 'seed must be a whole number from 0 to 4294967295');
  const batchJob: BatchJob = { ...job, kind: 'batch', ...(seed === undefined ? {} : { seed: seed as number }) };
  return batchJob;
}

/**
 * The jobs of a queue message: a bundle's (`{ jobs: [...] }`, job-bundles.ts),
 * or the one job a message is (every message before bundles). JOB_INVALID
 * when the bundle or any of its jobs is not valid.
 */
export function parseQueuedMessage(body: unknown): QueuedJob[] {
  const jobs = typeof body === 'object' && body !== null ? (body as { jobs?: unknown }).jobs : undefined;
  if (jobs === undefined) return [parseQueuedJob(body)];
  if (!Array.isArray(jobs) || jobs.length === 0 || jobs.length > MAX_JOBS_PER_MESSAGE)
    throw new JobError('JOB_INVALID', `a bundle's jobs are a list of 1 to ${MAX_JOBS_PER_MESSAGE} jobs`);
  return jobs.map(parseQueuedJob);
}

/** parseQueuedMessage of a JSON text (an SQS message body). */
export function parseQueuedMessageText(text: string): QueuedJob[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new JobError('JOB_INVALID', 'the message body is not JSON');
  }
  return parseQueuedMessage(body);
}

/** parseQueuedJob of a JSON text: a message of one job. */
export function parseQueuedJobText(text: string): QueuedJob {
  const jobs = parseQueuedMessageText(text);
  if (jobs.length !== 1) throw new JobError('JOB_INVALID', 'the message is a bundle of jobs, not one job');
  return jobs[0]!;
}
