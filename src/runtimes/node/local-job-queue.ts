import type { Tenant } from '../../core/fair-queue.js';
import { isBatchJob } from '../../store/contract/batch-job.js';
import { jobIndex } from '../../store/contract/job-ids.js';
import type { RoundJob } from '../../store/contract/round-job.js';
import { InProcessQueue } from './in-process-queue.js';
import type { JobQueue } from '../../store/contract/job-queue.js';
import { failureVerdict } from '../job-loop.js';

/** Tries of a job that failed for a reason that may pass (storage), after 2, 4, 8, 16 s. */
const RETRY_DELAYS_MS = [2000, 4000, 8000, 16000];
/** Times a job held by another process is waited for (each until that lease ends). */
const MAX_BUSY_WAITS = 50;
/** Past the end of a lease, so the holder's clock and this one need not agree to the ms. */
const BUSY_SLACK_MS = 250;

/**
 * The queue of `npm start` and `umpire tournament`: jobs run in this process,
 * `concurrency` at a time (the server runs as many as it has match workers),
 * fairly between boards: the next job is of the board with the fewest
 * running, boards taking turns, so one board's long round does not hold
 * another's short one. Each is claimed in the table first (runRoundJob). A
 * job another process holds is tried again when its lease ends; one that
 * failed otherwise, a few times after a pause. A job given up here stays
 * pending in the table, and the next start resumes it.
 */
export class LocalJobQueue implements JobQueue<RoundJob> {
  private readonly queue: InProcessQueue<RoundJob>;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly tries = new Map<string, { busy: number; errors: number }>();
  private timerWaiters: (() => void)[] = [];
  private closed = false;

  /**
   * `concurrency`: jobs at once, or jobs at once in all and per board. The
   * server lets more run than it has workers, each board at most its owner's
   * part of them, so that a board arriving finds a place at once and the
   * match pool's own fair share decides who plays. A batch's pairings (no
   * rating to keep in order) run up to `perBatch` at once.
   */
  constructor(
    run: (job: RoundJob) => Promise<unknown>,
    concurrency: number | { readonly total: number; readonly perBoard: number; readonly perBatch?: number } = 1,
    private readonly log: (line: string) => void = (line) => console.error(line),
  ) {
    const { total, perBoard, perBatch } =
      typeof concurrency === 'number' ? { total: concurrency, perBoard: concurrency, perBatch: 1 } : concurrency;
    this.queue = new InProcessQueue<RoundJob>(
      async (job) => {
        await run(job);
        this.tries.delete(job.id);
      },
      total,
      (e, job) => this.failed(e, job),
      (job) => queueTenant(job, perBatch ?? 1),
      perBoard,
    );
  }

  async send(job: RoundJob): Promise<void> {
    if (!this.closed) await this.queue.send(job);
  }

  /** Resolves when every job sent so far has run or been given up, retries included. */
  async idle(): Promise<void> {
    for (;;) {
      await this.queue.idle();
      if (this.timers.size === 0) return;
      await new Promise<void>((resolve) => this.timerWaiters.push(resolve));
    }
  }

  /** Drops the waiting retries (shutting down: the table keeps their jobs). */
  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const w of this.timerWaiters.splice(0)) w();
  }

  private failed(e: unknown, job: RoundJob): void {
    const verdict = failureVerdict(e);
    const tries = this.tries.get(job.id) ?? { busy: 0, errors: 0 };
    this.tries.set(job.id, tries);
    if (verdict.kind === 'busy' && tries.busy < MAX_BUSY_WAITS) {
      tries.busy++;
      return this.later(job, Math.max(0, verdict.retryAt - Date.now()) + BUSY_SLACK_MS);
    }
    const where = isBatchJob(job) ? `batch ${job.board}` : `leaderboard ${job.board} round ${job.round}`;
    const message = `${where}: job ${job.id}: ${(e as Error).message ?? String(e)}`;
    if (verdict.kind === 'failed' && verdict.code === null && tries.errors < RETRY_DELAYS_MS.length) {
      this.log(`${message}; trying again`);
      return this.later(job, RETRY_DELAYS_MS[tries.errors++]!);
    }
    this.tries.delete(job.id);
    this.log(`${message}; left pending`);
  }

  private later(job: RoundJob, ms: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.send(job);
      for (const w of this.timerWaiters.splice(0)) w();
    }, ms);
    this.timers.add(timer);
  }
}

/**
 * Whose turn a job takes in the queue: its board's, or one of `perBatch`
 * lanes of its batch (by index), so a batch plays that many pairings at once.
 */
export function queueTenant(job: RoundJob, perBatch: number): Tenant {
  if (!isBatchJob(job)) return { key: job.board };
  return { key: `${job.board}#${(jobIndex(job.id, job.round) ?? 0) % Math.max(1, perBatch)}` };
}
