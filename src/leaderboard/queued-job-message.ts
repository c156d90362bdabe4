import type { BatchJob, QueuedJob } from '../store/contract/batch-job.js';
import { JobError } from '../store/contract/job-errors.js';
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

/** parseQueuedJob of a JSON text (an SQS message body). */
export function parseQueuedJobText(text: string): QueuedJob {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new JobError('JOB_INVALID', 'the message body is not JSON');
  }
  return parseQueuedJob(body);
}
