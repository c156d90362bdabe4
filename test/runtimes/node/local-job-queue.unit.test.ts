import { describe, expect, it } from 'vitest';
import { JobError } from '../../../src/store/contract/job-errors.js';
import { LocalJobQueue } from '../../../src/runtimes/node/local-job-queue.js';
import type { RoundJob } from '../../../src/store/contract/round-job.js';

const job = (k: number): RoundJob => ({
  id: `round_x.${k}`,
  board: 'lb_x',
  round: 'round_x',
  seats: ['bot_a', 'bot_b'],
  map: 'default',
});

describe('the local job queue', () => {
  it('tries a job another process holds again when its lease ends, and idle() waits for it', async () => {
    const runs: number[] = [];
    const lines: string[] = [];
    const queue = new LocalJobQueue(
      async (j) => {
        runs.push(Date.now());
        if (j.id === 'round_x.0' && runs.length === 1)
          throw new JobError('JOB_BUSY', 'held elsewhere', Date.now() + 100);
      },
      1,
      (line) => lines.push(line),
    );
    const start = Date.now();
    await queue.send(job(0));
    await queue.idle();
    expect(runs).toHaveLength(2);
    expect(runs[1]! - start).toBeGreaterThanOrEqual(100);
    expect(lines).toEqual([]);
  });

  it('leaves a job it cannot play pending, with a line saying so', async () => {
    const lines: string[] = [];
    const queue = new LocalJobQueue(
      async () => {
        throw new JobError('JOB_UNKNOWN', 'leaderboard lb_x has no job round_x.1');
      },
      1,
      (line) => lines.push(line),
    );
    await queue.send(job(1));
    await queue.idle();
    expect(lines).toEqual([
      'leaderboard lb_x round round_x: job round_x.1: leaderboard lb_x has no job round_x.1; left pending',
    ]);
  });

  it("runs another board's jobs as soon as a slot frees, not after the first board's backlog", async () => {
    const ended: string[] = [];
    const queue = new LocalJobQueue(async (j) => {
      await new Promise((resolve) => setTimeout(resolve, j.board === 'lb_slow' ? 100 : 1));
      ended.push(j.id);
    }, 2);
    const on = (board: string, k: number): RoundJob => ({ ...job(k), id: `${board}.${k}`, board });
    for (let k = 0; k < 8; k++) await queue.send(on('lb_slow', k));
    for (let k = 0; k < 2; k++) await queue.send(on('lb_short', k));
    await queue.idle();
    // In the order sent, the short board would end last; side by side, it ends before the slow board's fifth.
    expect(ended.indexOf('lb_short.1')).toBeLessThan(ended.indexOf('lb_slow.4'));
    expect(ended).toHaveLength(10);
  });

  it('drops waiting retries when closed', async () => {
    let runs = 0;
    const queue = new LocalJobQueue(async () => {
      runs++;
      throw new JobError('JOB_BUSY', 'held elsewhere', Date.now() + 60_000);
    });
    await queue.send(job(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    queue.close();
    await queue.idle();
    expect(runs).toBe(1);
  });
});
