import { describe, expect, it } from 'vitest';
import { jobId } from '../../../src/store/contract/job-ids.js';
import { jobErrorCode } from '../../../src/store/contract/job-errors.js';
import type { RoundJob } from '../../../src/store/contract/round-job.js';
import type { Stores } from '../../../src/store/contract/stores.js';
import { at, uid } from './harness.js';

/** RoundJobStore with the rounds of LeaderboardStore: claims under leases, counting once per job, open rounds. */
export function roundJobStoreContract(stores: () => Stores): void {
  describe('RoundJobStore', () => {
    const board = uid('lb_jobs');
    const round = uid('round_jobs');
    const jobs: RoundJob[] = Array.from({ length: 30 }, (_, k) => ({
      id: jobId(round, k),
      board,
      round,
      seats: [uid('bot_a'), uid('bot_b')],
      map: 'default',
    }));

    it("stores a round's jobs, lists the round open, and hands its pending jobs back in order", async () => {
      await stores().roundJobs.addJobs(jobs);
      await stores().roundJobs.openRound(board, round);
      await stores().leaderboards.putRound(board, {
        id: round,
        total: jobs.length,
        done: 0,
        failed: 0,
        createdAt: at(300),
      });
      expect(await stores().roundJobs.openRounds()).toContainEqual({ board, round });
      expect((await stores().roundJobs.pendingJobs(board, round)).map((j) => j.id)).toEqual(jobs.map((j) => j.id));
      expect(await stores().roundJobs.pendingJobs(board, uid('round_none'))).toEqual([]);
    });

    it('lets one holder claim a job until its lease ends, then another; renews and releases only for the holder', async () => {
      const job = jobs[0]!;
      expect(await stores().roundJobs.claim(job, 'one', 1_000, 500)).toEqual({ state: 'claimed', job, attempt: 1 });
      expect(await stores().roundJobs.claim(job, 'two', 1_200, 500)).toEqual({ state: 'busy', until: 1_500 });
      expect(await stores().roundJobs.renew(job, 'one', 2_000)).toBe(true);
      expect(await stores().roundJobs.renew(job, 'two', 9_000)).toBe(false);
      await stores().roundJobs.release(job, 'two');
      expect(await stores().roundJobs.claim(job, 'two', 1_600, 500)).toEqual({ state: 'busy', until: 2_000 });
      expect(await stores().roundJobs.claim(job, 'two', 2_000, 500)).toEqual({ state: 'busy', until: 2_000 });
      expect(await stores().roundJobs.claim(job, 'two', 2_001, 500)).toMatchObject({ state: 'claimed', attempt: 2 });
      await stores().roundJobs.release(job, 'two');
      expect(await stores().roundJobs.claim(job, 'three', 2_002, 500)).toMatchObject({ state: 'claimed', attempt: 3 });
      expect(await stores().roundJobs.claim({ ...job, id: jobId(round, 999) }, 'one', 3_000, 500)).toEqual({
        state: 'missing',
      });
      expect(await stores().roundJobs.renew({ ...job, id: jobId(round, 999) }, 'one', 3_000)).toBe(false);
    });

    it('refuses a job whose id is not <round>.<index> with JOB_INVALID', async () => {
      const bad = { ...jobs[1]!, id: 'not-a-job-id' };
      expect(
        jobErrorCode(
          await stores()
            .roundJobs.claim(bad, 'one', 1, 1)
            .catch((e: unknown) => e),
        ),
      ).toBe('JOB_INVALID');
    });

    it('counts each job once in its round, however often it finishes, and a finished job is never claimed again', async () => {
      expect(await stores().roundJobs.finish(jobs[0]!, 'done')).toEqual({ total: 30, done: 1, failed: 0 });
      expect(await stores().roundJobs.finish(jobs[0]!, 'done')).toEqual({ total: 30, done: 1, failed: 0 });
      expect(await stores().roundJobs.finish(jobs[0]!, 'failed')).toEqual({ total: 30, done: 1, failed: 0 });
      expect(await stores().roundJobs.claim(jobs[0]!, 'four', 9_000, 500)).toEqual({
        state: 'finished',
        outcome: 'done',
      });
      expect(await stores().roundJobs.renew(jobs[0]!, 'three', 9_000)).toBe(false);
      await Promise.all(jobs.slice(1).map((j, k) => stores().roundJobs.finish(j, k % 2 ? 'failed' : 'done')));
      await Promise.all(jobs.slice(1).map((j) => stores().roundJobs.finish(j, 'done')));
      expect(await stores().leaderboards.getRound(board, round)).toMatchObject({ total: 30, done: 16, failed: 14 });
      expect(await stores().roundJobs.claim(jobs[2]!, 'five', 9_000, 500)).toEqual({
        state: 'finished',
        outcome: 'failed',
      });
      expect(await stores().roundJobs.pendingJobs(board, round)).toEqual([]);
      await stores().roundJobs.closeRound(board, round);
      expect(await stores().roundJobs.openRounds()).not.toContainEqual({ board, round });
    });

    it('counts cancelled jobs apart, once each, and a cancelled job is finished', async () => {
      const cancelledRound = uid('round_cancelled');
      const some: RoundJob[] = [0, 1, 2].map((k) => ({
        id: jobId(cancelledRound, k),
        board,
        round: cancelledRound,
        seats: ['a', 'b'],
        map: '',
      }));
      await stores().roundJobs.addJobs(some);
      await stores().leaderboards.putRound(board, {
        id: cancelledRound,
        total: 3,
        done: 0,
        failed: 0,
        createdAt: at(301),
      });
      expect(await stores().roundJobs.finish(some[0]!, 'done')).toEqual({ total: 3, done: 1, failed: 0 });
      expect(await stores().roundJobs.finish(some[1]!, 'cancelled')).toEqual({
        total: 3,
        done: 1,
        failed: 0,
        cancelled: 1,
      });
      expect(await stores().roundJobs.finish(some[1]!, 'cancelled')).toMatchObject({ cancelled: 1 });
      expect(await stores().roundJobs.finish(some[2]!, 'cancelled')).toMatchObject({ cancelled: 2, done: 1 });
      expect(await stores().roundJobs.claim(some[1]!, 'one', 1, 1)).toEqual({
        state: 'finished',
        outcome: 'cancelled',
      });
      expect(await stores().leaderboards.getRound(board, cancelledRound)).toMatchObject({
        total: 3,
        done: 1,
        failed: 0,
        cancelled: 2,
      });
      expect(await stores().roundJobs.pendingJobs(board, cancelledRound)).toEqual([]);
    });

    it('counts nothing in a round that is gone', async () => {
      const gone = uid('round_gone');
      const job: RoundJob = { id: jobId(gone, 0), board, round: gone, seats: ['a', 'b'], map: 'default' };
      await stores().roundJobs.addJobs([job]);
      expect(await stores().roundJobs.finish(job, 'done')).toBeNull();
      expect(await stores().roundJobs.claim(job, 'one', 1, 1)).toEqual({ state: 'finished', outcome: 'done' });
    });
  });
}

/** RatingLedger: how far a match's rating got, reopened by a retry as it was left. */
export function ratingLedgerContract(stores: () => Stores): void {
  describe('RatingLedger', () => {
    it('keeps the first opening, says which call made it, and confirms no seat by itself', async () => {
      const board = uid('lb_ledger');
      const before = { bot_a: { mu: 25, sigma: 8 }, bot_b: { mu: 25, sigma: 8 } };
      const opened = await stores().ratings.open(board, 'match1', { at: at(0), before });
      expect(opened).toEqual({ at: at(0), before, seats: {}, complete: false, created: true });
      const again = await stores().ratings.open(board, 'match1', { at: at(9), before: {} });
      expect(again).toEqual({ at: at(0), before, seats: {}, complete: false });
      // Completion is the result line's (LeaderboardStore.hasResult); a ledger of this version confirms nothing.
      expect(await stores().ratings.seatConfirmed(board, 'match1', 'bot_a')).toBe(false);
      expect(await stores().ratings.seatConfirmed(board, 'match2', 'bot_a')).toBe(false);
      expect(await stores().ratings.open(uid('lb_other'), 'match1', { at: at(5), before: {} })).toEqual({
        at: at(5),
        before: {},
        seats: {},
        complete: false,
        created: true,
      });
    });
  });
}
