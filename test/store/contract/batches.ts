import { describe, expect, it } from 'vitest';
import type { BatchJob } from '../../../src/store/contract/batch-job.js';
import type { Batch } from '../../../src/store/contract/batches.js';
import { jobId } from '../../../src/store/contract/job-ids.js';
import type { Stores } from '../../../src/store/contract/stores.js';
import { at, uid } from './harness.js';

/** BatchStore with RoundJobStore: a batch is the counter of its jobs (board and round its id), listed under its owner. */
export function batchStoreContract(stores: () => Stores): void {
  describe('BatchStore', () => {
    const owner = uid('owner_batches');
    const batch = (id: string, second: number, more: Partial<Batch> = {}): Batch => ({
      id,
      kind: 'batch',
      owner,
      game: 'icy',
      total: 4,
      createdAt: at(second),
      public: false,
      settings: { maps: ['default'] },
      webhook: { id: 'hook_x', url: 'https://example.com/b', secret: 'whsec_x', createdAt: at(second) },
      ...more,
    });
    const first = batch(uid('bat_first'), 400);
    const second = batch(uid('bat_second'), 401);
    const single = batch(uid('am_single'), 402, { kind: 'match', total: 1 });

    it('stores a batch with nothing counted, and lists the batches (not the asynchronous matches) of an owner, newest first', async () => {
      for (const b of [first, second, single]) await stores().batches.createBatch(b);
      expect(await stores().batches.getBatch(first.id)).toEqual({ ...first, done: 0, failed: 0 });
      expect(await stores().batches.getBatch(single.id)).toEqual({ ...single, done: 0, failed: 0 });
      expect(await stores().batches.getBatch(uid('bat_none'))).toBeNull();
      const page = await stores().batches.listBatches(owner, 1);
      expect(page.items.map((b) => b.id)).toEqual([second.id]);
      const rest = await stores().batches.listBatches(owner, 10, page.cursor!);
      expect(rest.items.map((b) => b.id)).toEqual([first.id]);
      expect(rest.cursor).toBeNull();
      expect((await stores().batches.listBatches(uid('owner_none'), 10)).items).toEqual([]);
    });

    it("counts each of its jobs once, through the round job store's finish", async () => {
      const jobs: BatchJob[] = Array.from({ length: 4 }, (_, k) => ({
        kind: 'batch',
        id: jobId(first.id, k),
        board: first.id,
        round: first.id,
        seats: ['bot_a', 'bot_b'],
        map: 'default',
        ...(k === 1 ? { seed: 9 } : {}),
      }));
      await stores().roundJobs.addJobs(jobs);
      const claim = await stores().roundJobs.claim(jobs[1]!, 'me', 1_000, 500);
      expect(claim).toEqual({ state: 'claimed', job: jobs[1], attempt: 1 });
      expect(await stores().roundJobs.finish(jobs[0]!, 'done')).toEqual({ total: 4, done: 1, failed: 0 });
      expect(await stores().roundJobs.finish(jobs[0]!, 'done')).toEqual({ total: 4, done: 1, failed: 0 });
      await Promise.all(jobs.slice(1).map((j, k) => stores().roundJobs.finish(j, k === 0 ? 'failed' : 'done')));
      expect(await stores().batches.getBatch(first.id)).toMatchObject({ total: 4, done: 3, failed: 1 });
      expect((await stores().batches.listBatches(owner, 10)).items.find((b) => b.id === first.id)).toMatchObject({
        done: 3,
        failed: 1,
      });
    });

    it('marks a batch finished once', async () => {
      const marks = await Promise.all([1, 2, 3].map(() => stores().batches.markFinished(second.id, at(500))));
      expect(marks.filter(Boolean)).toHaveLength(1);
      expect(await stores().batches.markFinished(second.id, at(501))).toBe(false);
      expect(await stores().batches.getBatch(second.id)).toMatchObject({ finishedAt: at(500) });
      expect(await stores().batches.markFinished(uid('bat_none'), at(500))).toBe(false);
    });
  });
}
