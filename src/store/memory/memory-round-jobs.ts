import { JobError } from '../contract/job-errors.js';
import { jobIndex } from '../contract/job-ids.js';
import type { RoundJob } from '../contract/round-job.js';
import type { JobClaim, JobOutcome, RoundJobStore, RoundProgress } from '../contract/round-jobs.js';
import { Listings } from './listings.js';
import type { MemoryRounds } from './memory-rounds.js';

interface StoredJob {
  readonly json: string;
  state: 'pending' | JobOutcome;
  attempts: number;
  holder?: string;
  /** The end of the holder's lease, in ms since the epoch. */
  leaseUntil?: number;
}

/** Rounds' jobs in memory: claims under leases and counting once, as DynamoRoundJobStore does. */
export class MemoryRoundJobStore implements RoundJobStore {
  /** Jobs by board, keyed `<round id>#<index, 7 digits>`: a round's jobs in index order. */
  private readonly jobs = new Map<string, Map<string, StoredJob>>();
  private readonly open = new Listings<{ board: string; round: string }>();

  constructor(private readonly rounds: MemoryRounds) {}

  private index(job: Pick<RoundJob, 'id' | 'round'>): number {
    const index = jobIndex(job.id, job.round);
    if (index === null) throw new JobError('JOB_INVALID', `job id '${job.id}' is not <round>.<index>`);
    return index;
  }

  private slot(job: Pick<RoundJob, 'id' | 'board' | 'round'>): { board: Map<string, StoredJob>; key: string } {
    const key = `${job.round}#${String(this.index(job)).padStart(7, '0')}`;
    let board = this.jobs.get(job.board);
    if (!board) this.jobs.set(job.board, (board = new Map()));
    return { board, key };
  }

  private stored(job: RoundJob): StoredJob | undefined {
    const { board, key } = this.slot(job);
    return board.get(key);
  }

  async addJobs(jobs: readonly RoundJob[]): Promise<void> {
    for (const job of jobs) {
      const { board, key } = this.slot(job);
      board.set(key, { json: JSON.stringify(job), state: 'pending', attempts: 0 });
    }
  }

  async openRound(board: string, round: string): Promise<void> {
    this.open.put('open', `${board}#${round}`, { board, round });
  }

  async closeRound(board: string, round: string): Promise<void> {
    this.open.delete('open', `${board}#${round}`);
  }

  async openRounds(): Promise<{ board: string; round: string }[]> {
    return this.open.all('open').map((o) => o.item);
  }

  async pendingJobs(board: string, round: string): Promise<RoundJob[]> {
    const prefix = `${round}#`;
    return [...(this.jobs.get(board) ?? new Map<string, StoredJob>())]
      .filter(([key, job]) => key.startsWith(prefix) && job.state === 'pending')
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, job]) => JSON.parse(job.json) as RoundJob);
  }

  async claim(job: RoundJob, holder: string, nowMs: number, leaseMs: number): Promise<JobClaim> {
    const stored = this.stored(job);
    if (!stored) return { state: 'missing' };
    if (stored.state !== 'pending') return { state: 'finished', outcome: stored.state };
    if (stored.leaseUntil !== undefined && stored.leaseUntil >= nowMs)
      return { state: 'busy', until: stored.leaseUntil };
    stored.holder = holder;
    stored.leaseUntil = nowMs + leaseMs;
    stored.attempts++;
    return {
      state: 'claimed',
      job: JSON.parse(stored.json) as RoundJob,
      attempt: stored.attempts,
      ...(this.rounds.cancelled(job.board, job.round) ? { roundCancelled: true as const } : {}),
    };
  }

  async renew(job: RoundJob, holder: string, untilMs: number): Promise<boolean> {
    const stored = this.held(job, holder);
    if (stored) stored.leaseUntil = untilMs;
    return stored !== undefined;
  }

  async release(job: RoundJob, holder: string): Promise<void> {
    const stored = this.held(job, holder);
    if (stored) {
      delete stored.holder;
      delete stored.leaseUntil;
    }
  }

  private held(job: RoundJob, holder: string): StoredJob | undefined {
    const stored = this.stored(job);
    return stored?.state === 'pending' && stored.holder === holder ? stored : undefined;
  }

  async finish(job: RoundJob, outcome: JobOutcome): Promise<RoundProgress | null> {
    const progress = this.rounds.count(job.board, job.round, this.index(job), outcome);
    const stored = this.stored(job);
    if (stored?.state === 'pending') {
      stored.state = outcome;
      delete stored.holder;
      delete stored.leaseUntil;
    }
    return progress;
  }
}
