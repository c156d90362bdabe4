import { describe, expect, it } from 'vitest';
import { parseQueuedJob, parseQueuedJobText } from '../../src/leaderboard/queued-job-message.js';
import { jobErrorCode } from '../../src/store/contract/job-errors.js';
import { queueTenant } from '../../src/runtimes/node/local-job-queue.js';

const round = { id: 'round_a.3', board: 'lb_a', round: 'round_a', seats: ['bot_1', 'bot_2'], map: 'default' };
const batch = { kind: 'batch', id: 'bat_a.7', board: 'bat_a', round: 'bat_a', seats: ['bot_1', 'bot_2'], map: '' };

const code = (body: unknown) => {
  try {
    parseQueuedJob(body);
    return null;
  } catch (e) {
    return jobErrorCode(e);
  }
};

describe('a queued message of either kind', () => {
  it("reads a message without a kind as a round's job, as before batches", () => {
    expect(parseQueuedJob(round)).toEqual(round);
    expect(parseQueuedJobText(JSON.stringify(round))).toEqual(round);
  });

  it("reads a batch's job, with its seed when it has one", () => {
    expect(parseQueuedJob(batch)).toEqual(batch);
    expect(parseQueuedJob({ ...batch, seed: 42 })).toEqual({ ...batch, seed: 42 });
  });

  it('refuses what is no job of either kind', () => {
    expect(code({ ...batch, kind: 'ladder' })).toBe('JOB_INVALID');
    expect(code({ ...batch, round: 'bat_b', id: 'bat_b.7' })).toBe('JOB_INVALID');
    expect(code({ ...batch, seed: -1 })).toBe('JOB_INVALID');
    expect(code({ ...batch, seed: 2 ** 32 })).toBe('JOB_INVALID');
    expect(code({ ...batch, pins: [1, null] })).toBe('JOB_INVALID');
    expect(code({ ...batch, id: 'bat_a' })).toBe('JOB_INVALID');
    expect(() => parseQueuedJobText('{')).toThrow(/not JSON/);
  });
});

describe('the local queue', () => {
  it("takes turns by board for rounds' jobs and spreads a batch's pairings over lanes", () => {
    expect(queueTenant(round, 4)).toEqual({ key: 'lb_a' });
    expect(queueTenant(parseQueuedJob(batch), 4)).toEqual({ key: 'bat_a#3' });
    expect(queueTenant(parseQueuedJob(batch), 1)).toEqual({ key: 'bat_a#0' });
  });
});
