import { UmpireError } from '../../core/errors.js';
import { poolRunner, type PoolRunner } from '../../match/pool/pool-runner.js';
import type { MatchRunner } from '../../match/runner.js';

/** How long before the invocation's timeout a match still running is stopped. */
export const STOP_BEFORE_TIMEOUT_MS = 15_000;

/**
 * Lambda's runner: matches in a worker thread, a pool of one as in the CLI (the thread's stack is
 * the server's, MATCH_THREAD_STACK_MB, so a bot's deep recursion ends where it does there, and a
 * call that runs on is stopped by terminating the thread). Each match has the server's deadline,
 * and a match still running shortly before the invocation ends (`invocationEnds`, ms since the
 * epoch, Infinity when unknown) is stopped with its thread (MATCH_DEADLINE) rather than killed
 * unrecorded with the invocation; the pool is then replaced.
 */
export function invocationRunner(workerUrl: URL, invocationEnds: () => number): MatchRunner {
  const start = () => poolRunner({ url: workerUrl, size: 1 });
  let pool: PoolRunner = start();
  const bounded = <T>(work: (p: PoolRunner) => Promise<T>): Promise<T> => {
    const current = pool;
    const left = invocationEnds() - STOP_BEFORE_TIMEOUT_MS - Date.now();
    if (left === Infinity) return work(current);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          if (pool === current) pool = start();
          void current.close();
          const message = `the match was still running ${STOP_BEFORE_TIMEOUT_MS / 1000} s before the invocation's timeout`;
          reject(new UmpireError({ code: 'MATCH_DEADLINE', message }));
        },
        Math.max(0, left),
      );
      work(current)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  };
  return {
    play: <Output>(...args: Parameters<MatchRunner['play']>) => bounded((p) => p.play<Output>(...args)),
    probe: (...args) => bounded((p) => p.probe(...args)),
  };
}
