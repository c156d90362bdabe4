import type { BatchDeps } from '../leaderboard/run-batch-job.js';
import { runQueuedJob } from '../leaderboard/run-queued-job.js';
import type { QueuedJob } from '../store/contract/batch-job.js';
import { type JobError, jobErrorCode, type JobErrorCode } from '../store/contract/job-errors.js';

/**
 * How one delivery of a queued job ended, for the queue to act on: `done`
 * (played, failed for good, or finished before: acknowledge it), `busy`
 * (another live process holds it: deliver it again at `retryAt`, when that
 * lease ends), or `failed` (an error that may pass, such as storage, or a
 * message that is no job: hand it back for the queue's own retries).
 */
export type JobVerdict =
  | { readonly kind: 'done' }
  | { readonly kind: 'busy'; readonly retryAt: number }
  | { readonly kind: 'failed'; readonly code: JobErrorCode | null };

/** The verdict on a job that threw `e`. */
export function failureVerdict(e: unknown, now: number = Date.now()): JobVerdict {
  const code = jobErrorCode(e);
  if (code === 'JOB_BUSY') return { kind: 'busy', retryAt: (e as JobError).retryAt ?? now };
  return { kind: 'failed', code };
}

export interface JobLoopOptions<M> {
  /** Called as each message's verdict is known (a queue that settles messages one by one). */
  readonly onVerdict?: (message: M, verdict: JobVerdict) => void;
  /** Where failures are logged (default console.error). */
  readonly log?: (line: unknown) => void;
}

/**
 * The one job loop of the queue consumers (Lambda's SQS batches, Workers'
 * queue batches): plays each message's job in turn (a round's or a batch's,
 * runQueuedJob), `jobOf` reading it from
 * the message (a JOB_INVALID JobError when it is none), and gives each
 * message its verdict, in order. A message that fails is logged and never
 * stops the batch: a delivery again finds its job finished, or held.
 */
export async function playQueuedJobs<M>(
  deps: BatchDeps,
  messages: readonly M[],
  jobOf: (message: M) => QueuedJob,
  options: JobLoopOptions<M> = {},
): Promise<JobVerdict[]> {
  const log = options.log ?? ((line: unknown) => console.error(line));
  const verdicts: JobVerdict[] = [];
  for (const message of messages) {
    let verdict: JobVerdict;
    try {
      await runQueuedJob(deps, jobOf(message));
      verdict = { kind: 'done' };
    } catch (e) {
      const code = jobErrorCode(e);
      log(code ? `${code}: ${(e as Error).message}` : e);
      verdict = failureVerdict(e);
    }
    verdicts.push(verdict);
    options.onVerdict?.(message, verdict);
  }
  return verdicts;
}
