import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { UmpireError } from '../../core/errors.js';
import { ANONYMOUS, FairQueue, type Tenant } from '../../core/fair-queue.js';
import type { WorkerReply, WorkerRequest } from './messages.js';
import { MATCH_THREAD_STACK_MB } from '../../sandbox/wasm/call-depth.js';

/*
 * A small pool of node:worker_threads, written here rather than taken from
 * piscina: a job past its deadline must be killed (terminate) and its worker
 * replaced, job kinds have their own deadlines, and that is about 150 lines.
 *
 * Scheduling is fair between keys, not first come first served: one key that
 * sends many slow jobs must not make another key's one job wait behind them.
 * Every job names its tenant (the API key it is for; for a leaderboard
 * round's job, the board's owner as key and the board as lane). A worker that
 * comes free takes the oldest waiting job of the key with the fewest jobs
 * running, and within that key of its lane with the fewest; on a tie the one
 * served longest ago goes first. No key holds more than maxRunningPerKey
 * workers: a server shared by keys sets half, so a key arriving always finds
 * a worker it can have at once, however long the others' jobs run (a job is
 * never stopped to make room); a server of one owner lets it fill them all. Waiting jobs are bounded per key
 * (maxQueuedPerKey: KEY_QUEUE_FULL, for that key only, a 429 in the API) and
 * in all (maxQueued: POOL_BUSY, the last resort).
 */

export interface PoolOptions {
  /** The worker script (compiled JS: dist/match/pool/match-worker.js, or a bundle of it). */
  readonly url: URL;
  /** Worker threads; default os.availableParallelism(). */
  readonly size?: number;
  /** Jobs that may wait, all keys together; past this, POOL_BUSY at once. Default 64 × size. */
  readonly maxQueued?: number;
  /** Jobs of one key (Tenant.key) that may wait; past this, that key gets KEY_QUEUE_FULL at once. Default 8 × size. */
  readonly maxQueuedPerKey?: number;
  /**
   * Workers one key may hold at once, waiting or not for others (default:
   * all). A server shared by keys sets half, so that another key's job
   * finds a worker free at once however long the first key's jobs run.
   */
  readonly maxRunningPerKey?: number;
  readonly resourceLimits?: ResourceLimits;
  /**
   * Made once, before the first worker starts, and given to every worker as
   * its workerData (the compiled QuickJS module, so the process compiles it once).
   */
  readonly workerData?: () => Promise<unknown>;
}

/** A worker's V8 heap cap: a runaway worker dies alone (MATCH_CRASHED). Bots' WebAssembly memory is apart. */
export const DEFAULT_RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 512 };

interface Task {
  readonly message: WorkerRequest;
  readonly deadlineMs: number;
  /** What the job is, for messages: "the match", "preparing the WASI module"... */
  readonly what: string;
  readonly tenant: Tenant;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: Worker;
  task: Task | null;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))} s`;

/**
 * Workers one key may hold: UMPIRE_WORKERS_PER_KEY if set, else half the
 * pool (rounded up) on a server shared by keys, else all of it.
 */
export function workersPerKeyFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  size: number,
  sharedByKeys: boolean,
): number {
  const n = Number(env.UMPIRE_WORKERS_PER_KEY);
  if (Number.isInteger(n) && n > 0) return Math.min(n, size);
  return sharedByKeys ? Math.ceil(size / 2) : size;
}

/** The pool size asked by UMPIRE_WORKERS, or undefined (the default) when unset or not a positive integer. */
export function poolSizeFromEnv(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const n = Number(env.UMPIRE_WORKERS);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * Jobs run one per worker, taken fairly between tenants (above); a job's
 * deadline starts when a worker takes it. Past it the worker is terminated
 * and the job rejects with MATCH_DEADLINE; a worker that dies rejects its
 * job with MATCH_CRASHED.
 * Workers are started when needed (so a dead one is replaced by the next
 * job) and do not keep the process alive while idle.
 */
export class WorkerPool {
  readonly size: number;
  /** Workers one key may hold at once. */
  readonly maxRunningPerKey: number;
  private readonly maxQueued: number;
  private readonly maxQueuedPerKey: number;
  private readonly queue = new FairQueue<Task>();
  private readonly slots = new Set<Slot>();
  private closed = false;
  /** The resolved workerData, once made; `loading` while it is being made. */
  private shared: { readonly value: unknown } | undefined;
  private loading: Promise<void> | undefined;

  constructor(private readonly options: PoolOptions) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    this.maxQueued = options.maxQueued ?? 64 * this.size;
    this.maxQueuedPerKey = options.maxQueuedPerKey ?? 8 * this.size;
    this.maxRunningPerKey = Math.max(1, Math.min(options.maxRunningPerKey ?? this.size, this.size));
  }

  /** Runs a job for `tenant` (default: nobody in particular) when a worker is free for it. */
  run<T>(message: WorkerRequest, deadlineMs: number, what: string, tenant: Tenant = ANONYMOUS): Promise<T> {
    if (this.closed)
      return Promise.reject(new UmpireError({ code: 'POOL_CLOSED', message: 'the match pool is shut down' }));
    const own = this.queue.waitingOf(tenant.key);
    if (own >= this.maxQueuedPerKey) {
      const message = `this key has ${own} jobs waiting for the match workers, its most; retry when some are done`;
      return Promise.reject(new UmpireError({ code: 'KEY_QUEUE_FULL', message, details: { waiting: own } }));
    }
    if (this.queue.length >= this.maxQueued) {
      return Promise.reject(
        new UmpireError({
          code: 'POOL_BUSY',
          message: `${this.queue.length} jobs are waiting for ${this.size} match workers; retry later`,
        }),
      );
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push(tenant, { message, deadlineMs, what, tenant, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Stops every worker; running and waiting jobs reject with POOL_CLOSED. */
  async close(): Promise<void> {
    this.closed = true;
    const closedError = () => new UmpireError({ code: 'POOL_CLOSED', message: 'the match pool is shut down' });
    for (const task of this.queue.drain()) task.reject(closedError());
    await Promise.all([...this.slots].map((slot) => this.retire(slot, closedError())));
  }

  private pump(): void {
    if (this.options.workerData && !this.shared) {
      this.loading ??= this.options.workerData().then(
        (value) => {
          this.shared = { value };
          this.pump();
        },
        (e: Error) => {
          this.loading = undefined;
          for (const task of this.queue.drain())
            task.reject(
              new UmpireError({ code: 'MATCH_CRASHED', message: `the match workers cannot start: ${e.message}` }),
            );
        },
      );
      return;
    }
    while (this.queue.length > 0 && !this.closed) {
      const free = [...this.slots].find((s) => !s.task);
      if (!free && this.slots.size >= this.size) return;
      const next = this.queue.take(this.maxRunningPerKey);
      if (!next) return;
      this.start(free ?? this.spawn(), next.item);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.url, {
      // The same native stack in every pool (wasm/call-depth.ts): bots' deep recursion ends as it does elsewhere.
      resourceLimits: {
        ...(this.options.resourceLimits ?? DEFAULT_RESOURCE_LIMITS),
        stackSizeMb: MATCH_THREAD_STACK_MB,
      },
      ...(this.shared ? { workerData: this.shared.value } : {}),
    });
    const slot: Slot = { worker, task: null, timer: undefined };
    const crashed = (why: string) =>
      new UmpireError({
        code: 'MATCH_CRASHED',
        message: `the match worker died ${slot.task ? `during ${slot.task.what}` : 'while idle'}: ${why}`,
      });
    worker.on('message', (reply: WorkerReply) => this.finish(slot, reply));
    worker.on('error', (e: Error) => void this.retire(slot, crashed(e.message)));
    worker.on('exit', (code) => void this.retire(slot, crashed(`it exited with code ${code}`)));
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      const message = `${task.what} did not finish within its deadline of ${seconds(task.deadlineMs)}`;
      void this.retire(
        slot,
        new UmpireError({ code: 'MATCH_DEADLINE', message, details: { deadlineMs: task.deadlineMs } }),
      );
    }, task.deadlineMs);
    try {
      slot.worker.postMessage(task.message);
    } catch (e) {
      this.finish(slot, {
        ok: false,
        error: { message: `${task.what} cannot be sent to a worker: ${(e as Error).message}` },
      });
    }
  }

  private finish(slot: Slot, reply: WorkerReply): void {
    const task = slot.task;
    if (!task || !this.slots.has(slot)) return;
    clearTimeout(slot.timer);
    slot.task = null;
    slot.worker.unref();
    this.queue.finished(task.tenant);
    if (reply.ok) task.resolve(reply.value);
    else
      task.reject(
        reply.error.code
          ? new UmpireError({ code: reply.error.code, message: reply.error.message })
          : new Error(reply.error.message),
      );
    this.pump();
  }

  /** Takes a worker out for good (its replacement starts with the next job) and fails its job. */
  private async retire(slot: Slot, error: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    if (task) {
      this.queue.finished(task.tenant);
      task.reject(error);
    }
    this.pump();
    await slot.worker.terminate().catch(() => undefined);
  }
}
