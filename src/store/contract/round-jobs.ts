import type { Round } from './leaderboards.js';
import type { RoundJob } from './round-job.js';

/** `cancelled`: its round was cancelled before the job started, so it was not played. */
export type JobOutcome = 'done' | 'failed' | 'cancelled';

export type JobClaim =
  /**
   * This process holds the job until its lease ends: the stored job, which claim this is (1 first),
   * and whether its round was cancelled (then the job is finished as cancelled, not played).
   */
  | { readonly state: 'claimed'; readonly job: RoundJob; readonly attempt: number; readonly roundCancelled?: true }
  /** Played (or given up) already: a redelivery, nothing to do. */
  | { readonly state: 'finished'; readonly outcome: JobOutcome }
  /** Another process holds it, until `until` (ms since the epoch). */
  | { readonly state: 'busy'; readonly until: number }
  | { readonly state: 'missing' };

export interface RoundProgress {
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  /** Absent: none. */
  readonly cancelled?: number;
  /** Set when the round has batches to come (a continuing round, neither ended nor cancelled). */
  readonly continuing?: true;
}

/** The progress fields a round's own record gives: its total, and whether batches are to come. */
export function roundProgress(
  round: Pick<Round, 'total' | 'plan' | 'cancelledAt'>,
): Pick<RoundProgress, 'total' | 'continuing'> {
  const continuing = round.plan !== undefined && !round.plan.ended && round.cancelledAt === undefined;
  return { total: round.total, ...(continuing ? { continuing: true as const } : {}) };
}

/** Whether every job of a round is counted: played, failed or cancelled. */
export const progressComplete = (p: RoundProgress): boolean => p.done + p.failed + (p.cancelled ?? 0) >= p.total;

/**
 * Rounds' jobs in the table, so that a job outlives the process or message
 * that carries it: each is claimed under a lease before it is played, and
 * counted in its round once however often it is delivered.
 */
export interface RoundJobStore {
  /** Stores a new round's jobs, all pending. */
  addJobs(jobs: readonly RoundJob[]): Promise<void>;
  /** Lists a round as unfinished, for resumeRounds. */
  openRound(board: string, round: string): Promise<void>;
  closeRound(board: string, round: string): Promise<void>;
  openRounds(): Promise<{ board: string; round: string }[]>;
  /** The round's jobs not yet finished (claimed or not). */
  pendingJobs(board: string, round: string): Promise<RoundJob[]>;
  /** Takes a pending job whose lease (if any) has ended, for `leaseMs` from `nowMs`. */
  claim(job: RoundJob, holder: string, nowMs: number, leaseMs: number): Promise<JobClaim>;
  /** Extends the holder's lease; false if it is no longer the holder's. */
  renew(job: RoundJob, holder: string, untilMs: number): Promise<boolean>;
  /** Gives the job back (its attempt failed), so the next delivery may claim it at once. */
  release(job: RoundJob, holder: string): Promise<void>;
  /**
   * Counts the job in its round's done, failed or cancelled, once per job id (a second
   * call counts nothing), then marks it finished. The round's progress after, or null if
   * the round is gone. Exact whenever the round is complete; while it is not, a store may
   * report less than counted (DynamoDB does for a round of more than 1,024 jobs).
   */
  finish(job: RoundJob, outcome: JobOutcome): Promise<RoundProgress | null>;
}
