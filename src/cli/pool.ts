import type { MatchRunner } from '../match/runner.js';
import { poolRunner } from '../match/pool/pool-runner.js';

/**
 * Runs `work` with matches in a pool of `size` worker threads (a hard deadline
 * per match, as on the server), and terminates the pool when it is done.
 */
export async function withMatchPool<T>(
  workerUrl: URL,
  work: (runner: MatchRunner) => Promise<T>,
  size = 1,
): Promise<T> {
  const runner = poolRunner({ url: workerUrl, size });
  try {
    return await work(runner);
  } finally {
    await runner.close();
  }
}
