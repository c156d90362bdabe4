import type { MatchRunner } from '../match/job.js';
import { poolRunner } from '../match/pool/pool-runner.js';
import { COMPILED_MATCH_WORKER } from '../match/pool/worker-url.js';

/**
 * Runs `work` with matches in a pool of one worker thread (a hard deadline
 * per match, as on the server), and terminates the pool when it is done.
 */
export async function withMatchPool<T>(work: (runner: MatchRunner) => Promise<T>): Promise<T> {
  const runner = poolRunner({ url: COMPILED_MATCH_WORKER, size: 1 });
  try {
    return await work(runner);
  } finally {
    await runner.close();
  }
}
