import { describe, expect, it } from 'vitest';
import { JobError } from '../../src/leaderboard/job-errors.js';
import { LocalJobQueue } from '../../src/leaderboard/local-job-queue.js';
import type { MatchJob } from '../../src/leaderboard/match-job.js';

const job = (k: number): MatchJob => ({ id: `round_x.${k}`, board: 'lb_x', round: 'round_x', seats: ['bot_a', 'bot_b'], map: 'default' });

describe('the local job queue', () => {
  it('tries a job another process holds again when its lease ends, and idle() waits for it', async () => {
    const runs: number[] = [];
    const lines: string[] = [];
    const queue = new LocalJobQueue(
      async (j) => {
        runs.push(Date.now());
        if (j.id === 'round_x.0' && runs.length === 1) throw new JobError('JOB_BUSY', 'held elsewhere', Date.now() + 100);
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
    expect(lines).toEqual(['leaderboard lb_x round round_x: job round_x.1: leaderboard lb_x has no job round_x.1; left pending']);
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
