import { describe, expect, it } from 'vitest';
import type { Stores } from '../../../src/store/contract/stores.js';
import { code } from '../error-code.js';
import { all, at, cursorOf, first, uid } from './harness.js';

type Rec = { id: string; createdAt: string; public?: boolean; scores?: Record<string, { total: number }> };

/** MatchStore: records never overwritten, listings per bot and of public matches, cursors, idempotency claims. */
export function matchStoreContract(stores: () => Stores): void {
  const botA = uid('a').padEnd(64, 'a');
  const botB = uid('b').padEnd(64, 'b');
  const botC = uid('c').padEnd(64, 'c');
  const botD = uid('d').padEnd(64, 'd');

  describe('MatchStore records', () => {
    it('stores a record once: a second create with its id is false and changes nothing', async () => {
      const id = uid('once');
      const record: Rec = { id, createdAt: at(0), scores: { red: { total: 3 } } };
      expect(await stores().matches.create(record, [botD])).toBe(true);
      const otherBot = uid('e').padEnd(64, 'e');
      expect(await stores().matches.create({ id, createdAt: at(1), other: true }, [otherBot])).toBe(false);
      expect(await stores().matches.get(id)).toEqual(record);
      expect((await stores().matches.listByBot(otherBot, 10)).items).toEqual([]);
      expect(await stores().matches.get(uid('none'))).toBeNull();
    });

    it('hands out a copy: changing what it returned changes nothing stored', async () => {
      const id = uid('copy');
      const record = { id, createdAt: at(0), nested: { n: 1 } };
      await stores().matches.create(record, [botD]);
      record.nested.n = 2;
      const read = await stores().matches.get<typeof record>(id);
      expect(read!.nested.n).toBe(1);
      read!.nested.n = 3;
      expect((await stores().matches.get<typeof record>(id))!.nested.n).toBe(1);
    });
  });

  describe('MatchStore listings', () => {
    const ids = [0, 1, 2, 3, 4].map((i) => uid(`m${i}`));

    it("lists a bot's matches newest first, page by page, once however many seats it had", async () => {
      for (const [i, id] of ids.entries())
        await stores().matches.create({ id, createdAt: at(10 + i) }, [botA, botB, botA]);
      const { items, pages } = await all((limit, cursor) => stores().matches.listByBot<Rec>(botA, limit, cursor), 2);
      expect(items.map((r) => r.id)).toEqual([...ids].reverse());
      expect(pages).toBeGreaterThanOrEqual(3);
      expect((await stores().matches.listByBot<Rec>(botB, 100)).items.map((r) => r.id)).toEqual([...ids].reverse());
      expect(await stores().matches.listByBot(uid('nobody').padEnd(64, '0'), 10)).toEqual({ items: [], cursor: null });
    });

    it('lists public (listed) matches only among recent ones, newest first', async () => {
      const pub = [0, 1, 2].map((i) => uid(`pub${i}`));
      for (const [i, id] of pub.entries())
        await stores().matches.create({ id, createdAt: at(20 + i), public: true }, [botC], { listed: true });
      await stores().matches.create({ id: uid('private'), createdAt: at(30) }, [botC]);
      await stores().matches.create({ id: uid('unlisted'), createdAt: at(29) }, [botC], { listed: false });
      expect(
        (await first((limit, cursor) => stores().matches.listRecent<Rec>(limit, cursor), 3, 1)).map((r) => r.id),
      ).toEqual([...pub].reverse());
      const byBot = await stores().matches.listByBot<Rec>(botC, 100);
      expect(byBot.items.map((r) => r.id).slice(0, 5)).toEqual([
        uid('private'),
        uid('unlisted'),
        pub[2],
        pub[1],
        pub[0],
      ]);
    });

    it('a cursor it did not give out, or one of another listing, is BAD_CURSOR', async () => {
      const bad = [
        cursorOf('"1"'),
        cursorOf('[]'),
        cursorOf('null'),
        cursorOf('1'),
        cursorOf('{}'),
        cursorOf('{"pk":{"S":"match#m1"}}'),
        cursorOf('{"pk":{"N":"1"},"sk":{"S":"bot#0"},"gsi1pk":{"S":"x"},"gsi1sk":{"S":"y"}}'),
        cursorOf('{"pk":{"S":"match#m1","N":"1"},"sk":{"S":"bot#0"},"gsi1pk":{"S":"x"},"gsi1sk":{"S":"y"}}'),
        cursorOf('{"pk":{"S":""},"sk":{"S":"bot#0"},"gsi1pk":{"S":"x"},"gsi1sk":{"S":"y"}}'),
        cursorOf('["x","y"]'),
        '!!not-base64!!',
        Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url'),
      ];
      for (const cursor of bad) {
        expect(await code(stores().matches.listByBot(botA, 2, cursor)), cursor).toBe('BAD_CURSOR');
        expect(await code(stores().matches.listRecent(2, cursor)), cursor).toBe('BAD_CURSOR');
      }
      const ofB = await stores().matches.listByBot(botB, 2);
      expect(await code(stores().matches.listByBot(botA, 2, ofB.cursor!))).toBe('BAD_CURSOR');
      expect(await code(stores().matches.listRecent(2, ofB.cursor!))).toBe('BAD_CURSOR');
      expect(await code(stores().matches.listByBot(botB, 2, ofB.cursor!))).toBe('ok');
      const recent = await stores().matches.listRecent(1);
      expect(await code(stores().matches.listByBot(botA, 2, recent.cursor!))).toBe('BAD_CURSOR');
    });
  });

  describe('MatchStore idempotency claims', () => {
    const t0 = 1_700_000_000_000;

    it('stay pending until their deadline, then are reclaimable', async () => {
      const key = uid('k-dead');
      expect(await stores().matches.claimIdempotencyKey(key, 'req', t0, 5_000)).toEqual({ state: 'claimed' });
      expect(await stores().matches.claimIdempotencyKey(key, 'req', t0 + 4_999, 5_000)).toEqual({
        state: 'pending',
        requestHash: 'req',
      });
      expect(await stores().matches.claimIdempotencyKey(key, 'req', t0 + 5_000, 5_000)).toEqual({
        state: 'pending',
        requestHash: 'req',
      });
      expect(await stores().matches.claimIdempotencyKey(key, 'req2', t0 + 5_001, 5_000)).toEqual({ state: 'claimed' });
      expect(await stores().matches.claimIdempotencyKey(key, 'req', t0 + 5_002, 5_000)).toEqual({
        state: 'pending',
        requestHash: 'req2',
      });
    });

    it('keep the deadline of the request that made them, not of the one asking', async () => {
      const key = uid('k-long');
      expect((await stores().matches.claimIdempotencyKey(key, 'a', t0, 600_000)).state).toBe('claimed');
      expect((await stores().matches.claimIdempotencyKey(key, 'b', t0 + 10_000, 1_000)).state).toBe('pending');
      expect((await stores().matches.claimIdempotencyKey(key, 'b', t0 + 600_001, 1_000)).state).toBe('claimed');
    });

    it('are never taken over once completed, nor released', async () => {
      const key = uid('k-done');
      await stores().matches.claimIdempotencyKey(key, 'req', t0, 1_000);
      await stores().matches.completeIdempotencyKey(key, 'match-1');
      await stores().matches.releaseIdempotencyKey(key);
      expect(await stores().matches.claimIdempotencyKey(key, 'other', t0 + 10 ** 9, 1_000)).toEqual({
        state: 'done',
        matchId: 'match-1',
        requestHash: 'req',
      });
    });

    it('released before completion, are free at once', async () => {
      const key = uid('k-failed');
      await stores().matches.claimIdempotencyKey(key, 'req', t0, 60_000);
      await stores().matches.releaseIdempotencyKey(key);
      expect(await stores().matches.claimIdempotencyKey(key, 'retry', t0 + 1, 60_000)).toEqual({ state: 'claimed' });
      await stores().matches.releaseIdempotencyKey(uid('k-never-claimed'));
    });
  });
}
