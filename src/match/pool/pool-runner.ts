import { PREPARE_DEADLINE_MS, matchDeadlineMs, probeDeadlineMs } from '../deadline.js';
import type { Bundle } from '../../core/bots.js';
import type { PlayableMatch, MatchRunner, ProbeResult } from '../runner.js';
import type { Tenant } from '../tenant.js';
import { ENGINES } from '../../sandbox/language-catalog.js';
import { nodeEngine, nodeHost } from '../../sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../sandbox/types.js';
import { WasiPreparation } from './wasi-preparation.js';
import { WorkerPool, type PoolOptions } from './worker-pool.js';

export interface PoolRunnerOptions extends PoolOptions {
  /** One deadline for every match and upload check instead of matchDeadlineMs (tests). */
  readonly deadlineMs?: number;
  /** Deadline of one WASI preparation (default PREPARE_DEADLINE_MS). */
  readonly prepareDeadlineMs?: number;
  /** Runs raw WASI modules through the asyncify fallback even where the runtime has JSPI (tests). */
  readonly asyncifyWasi?: boolean;
}

export interface PoolRunner extends MatchRunner {
  readonly pool: WorkerPool;
  /** Terminates the workers (a CLI calls it when done; idle workers do not hold the process anyway). */
  close(): Promise<void>;
}

/** Node: matches in a pool of worker threads, each under a hard wall-clock deadline. */
export function poolRunner(options: PoolRunnerOptions): PoolRunner {
  // The languages' engines (QuickJS, MicroPython...) are compiled here once and shared: every worker instantiates the same modules (and their tiered-up code).
  const pool = new WorkerPool({
    workerData: async () => ({
      engines: Object.fromEntries(await Promise.all(ENGINES.map(async (file) => [file, await nodeEngine(file)]))),
      asyncifyWasi: options.asyncifyWasi === true,
    }),
    ...options,
  });
  const wasi = new WasiPreparation(
    pool,
    options.prepareDeadlineMs ?? PREPARE_DEADLINE_MS,
    options.asyncifyWasi === true || !nodeHost.jspi,
  );
  return {
    pool,
    // Each job, its WASI preparations included, waits its turn among the tenant's (worker-pool.ts).
    async play<Output>(job: PlayableMatch, tenant?: Tenant): Promise<Output> {
      const deadline = options.deadlineMs ?? matchDeadlineMs(job);
      if (job.bots.some((b) => b.kind === 'text'))
        return pool.run<Output>({ kind: 'play', job }, deadline, 'the match', tenant);
      const memoryBytes = (job.limits ?? DEFAULT_LIMITS).memoryBytes;
      const seats = await wasi.seats(job.bots as Bundle[], memoryBytes, tenant);
      const forfeits = seats.failures.map((f, k) => f ?? job.forfeits?.[k] ?? null);
      const posted = { ...job, ...(forfeits.some(Boolean) ? { forfeits } : {}) };
      return pool.run<Output>(
        { kind: 'play', job: posted, asyncified: seats.asyncified },
        deadline,
        'the match',
        tenant,
      );
    },
    async probe(request, tenant) {
      const seats = await wasi.seats([request.bundle], DEFAULT_LIMITS.memoryBytes, tenant);
      const failure = seats.failures[0];
      if (failure) return { ok: false, stage: 'load', failure };
      return pool.run<ProbeResult>(
        { kind: 'probe', request, asyncified: seats.asyncified },
        options.deadlineMs ?? probeDeadlineMs(request.game),
        'the upload check',
        tenant,
      );
    },
    close: () => pool.close(),
  };
}
