import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobId } from '../../src/store/contract/job-ids.js';
import type { MatchJob } from '../../src/store/contract/match-job.js';
import { createStores, ensureStorage, type AwsStores as Stores } from '../../src/store/aws/stores.js';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../src/local-aws/embedded.js';

// The table side of rounds' jobs (dynalite): claims under leases, counting once per job, open rounds, the rating ledger.

let storage: EmbeddedStorage;
let stores: Stores;
beforeAll(async () => {
  storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), 'umpire-jobs-')));
  stores = createStores(storage.config);
  await ensureStorage(stores);
}, 60_000);
afterAll(async () => {
  await storage?.close();
});

const round = 'round_AAAAAAAAAAAAAAAA';
const jobs: MatchJob[] = Array.from({ length: 30 }, (_, k) => ({ id: jobId(round, k), board: 'lb_jobs', round, seats: ['bot_a', 'bot_b'], map: 'default' }));

describe('round jobs in the table', () => {
  it('stores a round of jobs, lists it open, and hands its pending jobs back', async () => {
    await stores.roundJobs.addJobs(jobs);
    await stores.roundJobs.openRound('lb_jobs', round);
    await stores.leaderboards.putRound('lb_jobs', { id: round, total: jobs.length, done: 0, failed: 0, createdAt: new Date().toISOString() });
    expect(await stores.roundJobs.openRounds()).toContainEqual({ board: 'lb_jobs', round });
    expect((await stores.roundJobs.pendingJobs('lb_jobs', round)).map((j) => j.id).sort()).toEqual(jobs.map((j) => j.id).sort());
  });

  it('lets one holder claim a job until its lease ends, then another', async () => {
    const job = jobs[0]!;
    const first = await stores.roundJobs.claim(job, 'one', 1_000, 500);
    expect(first).toEqual({ state: 'claimed', job, attempt: 1 });
    expect(await stores.roundJobs.claim(job, 'two', 1_200, 500)).toEqual({ state: 'busy', until: 1_500 });
    expect(await stores.roundJobs.renew(job, 'one', 2_000)).toBe(true);
    expect(await stores.roundJobs.renew(job, 'two', 9_000)).toBe(false);
    expect(await stores.roundJobs.claim(job, 'two', 1_600, 500)).toEqual({ state: 'busy', until: 2_000 });
    expect(await stores.roundJobs.claim(job, 'two', 2_001, 500)).toMatchObject({ state: 'claimed', attempt: 2 });
    await stores.roundJobs.release(job, 'two');
    expect(await stores.roundJobs.claim(job, 'three', 2_002, 500)).toMatchObject({ state: 'claimed', attempt: 3 });
    expect(await stores.roundJobs.claim({ ...job, id: jobId(round, 999) }, 'one', 3_000, 500)).toEqual({ state: 'missing' });
  });

  it('counts each job once in its round, however often it finishes', async () => {
    expect(await stores.roundJobs.finish(jobs[0]!, 'done')).toEqual({ total: 30, done: 1, failed: 0 });
    expect(await stores.roundJobs.finish(jobs[0]!, 'done')).toEqual({ total: 30, done: 1, failed: 0 });
    expect(await stores.roundJobs.finish(jobs[0]!, 'failed')).toEqual({ total: 30, done: 1, failed: 0 });
    expect(await stores.roundJobs.claim(jobs[0]!, 'four', 9_000, 500)).toEqual({ state: 'finished', outcome: 'done' });
    await Promise.all(jobs.slice(1).map((j, k) => stores.roundJobs.finish(j, k % 2 ? 'failed' : 'done')));
    await Promise.all(jobs.slice(1).map((j) => stores.roundJobs.finish(j, 'done')));
    expect(await stores.leaderboards.getRound('lb_jobs', round)).toMatchObject({ total: 30, done: 16, failed: 14 });
    expect(await stores.roundJobs.pendingJobs('lb_jobs', round)).toEqual([]);
    await stores.roundJobs.closeRound('lb_jobs', round);
    expect(await stores.roundJobs.openRounds()).not.toContainEqual({ board: 'lb_jobs', round });
  });

  it('keeps a rating ledger that a retry reopens as it was left', async () => {
    const before = { bot_a: { mu: 25, sigma: 8 }, bot_b: { mu: 25, sigma: 8 } };
    const first = await stores.ratings.open('lb_jobs', 'match1', { at: '2024-01-01T00:00:00.000Z', before });
    expect(first).toEqual({ at: '2024-01-01T00:00:00.000Z', before, seats: {}, complete: false });
    await stores.ratings.confirmSeat('lb_jobs', 'match1', 'bot_a', { rating: 3, uncertainty: 7 });
    const again = await stores.ratings.open('lb_jobs', 'match1', { at: 'later', before: {} });
    expect(again).toEqual({ at: '2024-01-01T00:00:00.000Z', before, seats: { bot_a: { rating: 3, uncertainty: 7 } }, complete: false });
    expect(await stores.ratings.seatConfirmed('lb_jobs', 'match1', 'bot_a')).toBe(true);
    expect(await stores.ratings.seatConfirmed('lb_jobs', 'match1', 'bot_b')).toBe(false);
    await stores.ratings.complete('lb_jobs', 'match1');
    expect((await stores.ratings.open('lb_jobs', 'match1', { at: 'x', before: {} })).complete).toBe(true);
  });
});
