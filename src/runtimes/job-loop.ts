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
  /**
   * Whether a next job may start now (default: always). Lambda stops starting
   * jobs near its invocation's end: a match cut there would count as failed,
   * while a job left unstarted is played on the message's next delivery.
   */
  readonly mayStart?: () => boolean;
  /**
   * Plays one job (default runQueuedJob): the hook for a runtime that plays or
   * rates a message's jobs together; it must keep runQueuedJob's guarantees
   * (claimed, played and rated once however often delivered).
   */
  readonly play?: (deps: BatchDeps, job: QueuedJob) => Promise<unknown>;
}

/** How a message of several jobs ended: failed if any job failed, else busy if any was held, else done. */
export function messageVerdict(verdicts: readonly JobVerdict[]): JobVerdict {
  const failed = verdicts.find((v) => v.kind === 'failed');
  if (failed) return failed;
  let retryAt = -Infinity;
  for (const v of verdicts) if (v.kind === 'busy') retryAt = Math.max(retryAt, v.retryAt);
  return retryAt === -Infinity ? { kind: 'done' } : { kind: 'busy', retryAt };
}

/** No job of the message was started: the invocation is about to end. Handed back to the queue. */
const DEFERRED: JobVerdict = { kind: 'failed', code: null };

/**
 * The one job loop of the queue consumers (Lambda's SQS batches, Workers'
 * queue batches): plays each message's jobs in turn (a round's or a batch's,
 * runQueuedJob; a message carries one job or a bundle of them), `jobsOf`
 * reading them from the message (a JOB_INVALID JobError when it holds none),
 * and gives each message its verdict, in order (messageVerdict of its jobs').
 * A job that fails is logged and never stops the others: every job is
 * claimed and finished on its own, so the message's next delivery finds the
 * jobs played already finished and plays only the rest.
 */
export async function playQueuedJobs<M>(
  deps: BatchDeps,
  messages: readonly M[],
  jobsOf: (message: M) => QueuedJob | readonly QueuedJob[],
  options: JobLoopOptions<M> = {},
): Promise<JobVerdict[]> {
  const log = options.log ?? ((line: unknown) => console.error(line));
  const play = options.play ?? runQueuedJob;
  const verdicts: JobVerdict[] = [];
  for (const message of messages) {
    const each: JobVerdict[] = [];
    try {
      const jobs = jobsOf(message);
      for (const job of Array.isArray(jobs) ? jobs : [jobs as QueuedJob]) {
        if (options.mayStart && !options.mayStart()) {
          each.push(DEFERRED);
          break;
        }
        each.push(await playOne(deps, job, play, log));
      }
    } catch (e) {
      each.push(logged(e, log));
    }
    const verdict = messageVerdict(each);
    verdicts.push(verdict);
    options.onVerdict?.(message, verdict);
  }
  return verdicts;
}

async function playOne(
  deps: BatchDeps,
  job: QueuedJob,
  play: (deps: BatchDeps, job: QueuedJob) => Promise<unknown>,
  log: (line: unknown) => void,
): Promise<JobVerdict> {
  try {
    await play(deps, job);
    return { kind: 'done' };
  } catch (e) {
    return logged(e, log);
  }
}

function logged(e: unknown, log: (line: unknown) => void): JobVerdict {
  const code = jobErrorCode(e);
  log(code ? `${code}: ${(e as Error).message}` : e);
  return failureVerdict(e);
}
