import { describe, expect, it } from 'vitest';
import type { BotRecord } from '../../../src/store/contract/bots.js';
import type { ApiKeyRecord } from '../../../src/store/contract/keys.js';
import type { Stores } from '../../../src/store/contract/stores.js';
import { code } from '../error-code.js';
import { all, at, first, uid } from './harness.js';

const bot = (id: string, owner: string, second: number, shared?: boolean): BotRecord => ({
  id,
  name: `name ${id}`,
  kind: 'js',
  sha256: 'd'.repeat(64),
  bytes: 10,
  owner,
  ...(shared === undefined ? {} : { public: shared }),
  createdAt: at(second),
});

/** BotStore: an owner's listing and the public one (summaries only), joined and left on update. */
export function botStoreContract(stores: () => Stores): void {
  describe('BotStore', () => {
    const alice = uid('alice');
    const bob = uid('bob');
    const ids = { a0: uid('bot_a0'), a1: uid('bot_a1'), a2: uid('bot_a2'), b0: uid('bot_b0'), b1: uid('bot_b1') };

    it("stores bots and lists an owner's newest first, never another owner's", async () => {
      await stores().bots.create(bot(ids.a0, alice, 100, true));
      await stores().bots.create(bot(ids.a1, alice, 101, false));
      await stores().bots.create(bot(ids.a2, alice, 102));
      await stores().bots.create(bot(ids.b0, bob, 103, true));
      await stores().bots.create(bot(ids.b1, bob, 104, false));
      expect(await stores().bots.get(ids.a0)).toEqual(bot(ids.a0, alice, 100, true));
      expect(await stores().bots.get(uid('bot_none'))).toBeNull();
      const { items } = await all((limit, cursor) => stores().bots.listByOwner(alice, limit, cursor), 2);
      expect(items.map((b) => b.id)).toEqual([ids.a2, ids.a1, ids.a0]);
      expect(items[2]).toMatchObject({ owner: alice, sha256: 'd'.repeat(64), public: true });
      expect((await stores().bots.listByOwner(uid('carol'), 10)).items).toEqual([]);
    });

    it('lists public bots without owner or sha256; made private they leave, made public they join', async () => {
      expect(await first((limit, cursor) => stores().bots.listPublic(limit, cursor), 2, 1)).toEqual([
        { id: ids.b0, name: `name ${ids.b0}`, kind: 'js', public: true, createdAt: at(103) },
        { id: ids.a0, name: `name ${ids.a0}`, kind: 'js', public: true, createdAt: at(100) },
      ]);
      expect(await stores().bots.update({ ...bot(ids.b0, bob, 103), public: false })).toBe(true);
      expect(await stores().bots.update({ ...bot(ids.a1, alice, 101), public: true })).toBe(true);
      expect((await first((limit, cursor) => stores().bots.listPublic(limit, cursor), 2, 10)).map((b) => b.id)).toEqual(
        [ids.a1, ids.a0],
      );
      expect((await stores().bots.listByOwner(bob, 10)).items.map((b) => [b.id, b.public])).toEqual([
        [ids.b1, false],
        [ids.b0, false],
      ]);
      // A bot that does not exist is not updated, nor listed.
      expect(await stores().bots.update(bot(uid('bot_ghost'), bob, 105, true))).toBe(false);
      expect(await stores().bots.get(uid('bot_ghost'))).toBeNull();
      expect((await stores().bots.listPublic(10)).items.map((b) => b.id)).not.toContain(uid('bot_ghost'));
    });

    it("keeps a bot's game in its record, its owner's listing and its public summary; an old record has none", async () => {
      const owner = uid('gamer');
      const [bound, old] = [uid('bot_bound'), uid('bot_old')];
      await stores().bots.create({ ...bot(bound, owner, 110, true), game: 'capture' });
      await stores().bots.create(bot(old, owner, 109, true));
      expect(await stores().bots.get(bound)).toEqual({ ...bot(bound, owner, 110, true), game: 'capture' });
      expect((await stores().bots.get(old))!.game).toBeUndefined();
      expect((await stores().bots.listByOwner(owner, 10)).items.map((b) => [b.id, b.game])).toEqual([
        [bound, 'capture'],
        [old, undefined],
      ]);
      const listed = (await all((limit, cursor) => stores().bots.listPublic(limit, cursor), 50)).items;
      expect(listed.find((b) => b.id === bound)).toEqual({
        id: bound,
        name: `name ${bound}`,
        kind: 'js',
        game: 'capture',
        public: true,
        createdAt: at(110),
      });
      expect(listed.find((b) => b.id === old)).not.toHaveProperty('game');
      // A change of visibility keeps the game.
      expect(await stores().bots.update({ ...bot(bound, owner, 110, false), game: 'capture' })).toBe(true);
      expect((await stores().bots.get(bound))!.game).toBe('capture');
    });

    it("another listing's cursor is BAD_CURSOR", async () => {
      const ofAlice = await stores().bots.listByOwner(alice, 1);
      expect(await code(stores().bots.listByOwner(bob, 1, ofAlice.cursor!))).toBe('BAD_CURSOR');
      expect(await code(stores().bots.listPublic(1, ofAlice.cursor!))).toBe('BAD_CURSOR');
      expect(await code(stores().bots.listByOwner(alice, 1, ofAlice.cursor!))).toBe('ok');
    });

    it('never overwrites a bot: a second create with its id fails and keeps the first', async () => {
      const id = uid('bot_twice');
      await stores().bots.create(bot(id, alice, 106));
      expect(await code(stores().bots.create(bot(id, bob, 107, true)))).toBe('STORAGE_UNAVAILABLE');
      expect(await stores().bots.get(id)).toEqual(bot(id, alice, 106));
    });
  });
}

/** KeyStore: records found by hash only, never overwritten; request counters per key and minute. */
export function keyStoreContract(stores: () => Stores): void {
  describe('KeyStore', () => {
    const record: ApiKeyRecord = { id: uid('key_owner'), name: 'owner', createdAt: at(0), ratePerMinute: 60 };

    it('finds a key by its hash, never overwrites one, and finds nothing for another hash', async () => {
      await stores().keys.create(uid('hash'), record);
      expect(await stores().keys.find(uid('hash'))).toEqual(record);
      expect(await code(stores().keys.create(uid('hash'), { ...record, name: 'thief' }))).toBe('STORAGE_UNAVAILABLE');
      expect(await stores().keys.find(uid('hash'))).toEqual(record);
      expect(await stores().keys.find(uid('no-hash'))).toBeNull();
    });

    it('counts requests per key and minute up to the limit', async () => {
      const key = uid('key_counted');
      const counted = [];
      for (let i = 0; i < 4; i++) counted.push(await stores().keys.countRequest(key, 1000, 3));
      expect(counted).toEqual([true, true, true, false]);
      expect(await stores().keys.countRequest(key, 1001, 3)).toBe(true);
      expect(await stores().keys.countRequest(uid('key_other'), 1000, 3)).toBe(true);
    });
  });
}

/** BlobStore: bytes and their type under a key; a missing key is null. */
export function blobStoreContract(stores: () => Stores): void {
  describe('BlobStore', () => {
    it('round-trips bytes, replaces them on a second put, and reads null for a missing key', async () => {
      const key = `contract/${uid('blob')}`;
      const bytes = new Uint8Array([0, 1, 2, 250, 255]);
      await stores().blobs.put(key, bytes, { contentType: 'application/octet-stream' });
      bytes[0] = 9;
      expect(Array.from((await stores().blobs.get(key))!)).toEqual([0, 1, 2, 250, 255]);
      await stores().blobs.put(key, new TextEncoder().encode('{"a":1}'), { contentType: 'application/json' });
      expect(new TextDecoder().decode((await stores().blobs.get(key))!)).toBe('{"a":1}');
      expect(await stores().blobs.get(`contract/${uid('none')}`)).toBeNull();
    });

    it('reads part of an object by range, and null for a range past its end, an empty range or no object', async () => {
      const key = `contract/${uid('range')}`;
      await stores().blobs.put(key, new Uint8Array([10, 11, 12, 13, 14, 15]), {
        contentType: 'application/octet-stream',
      });
      expect(Array.from((await stores().blobs.getRange(key, 0, 2))!)).toEqual([10, 11]);
      expect(Array.from((await stores().blobs.getRange(key, 2, 6))!)).toEqual([12, 13, 14, 15]);
      expect(Array.from((await stores().blobs.getRange(key, 5, 6))!)).toEqual([15]);
      expect(await stores().blobs.getRange(key, 4, 7)).toBeNull();
      expect(await stores().blobs.getRange(key, 6, 8)).toBeNull();
      expect(await stores().blobs.getRange(key, 3, 3)).toBeNull();
      expect(await stores().blobs.getRange(key, -1, 2)).toBeNull();
      expect(await stores().blobs.getRange(key, 0.5, 2)).toBeNull();
      expect(await stores().blobs.getRange(`contract/${uid('none')}`, 0, 1)).toBeNull();
    });
  });
}
