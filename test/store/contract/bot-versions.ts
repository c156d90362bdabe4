import { describe, expect, it } from 'vitest';
import {
  latestValidVersion,
  versionsOf,
  withNewVersion,
  withVersionState,
} from '../../../src/store/contract/bot-versions.js';
import type { BotRecord } from '../../../src/store/contract/bots.js';
import type { Stores } from '../../../src/store/contract/stores.js';
import { all, at, uid } from './harness.js';

const bot = (id: string, owner: string, second: number, shared = false): BotRecord => ({
  id,
  name: `name ${id}`,
  kind: 'js',
  sha256: 'a'.repeat(64),
  bytes: 10,
  owner,
  public: shared,
  game: 'icy',
  createdAt: at(second),
});

const upload = (n: number, second: number) => ({
  sha256: n.toString(16).padStart(64, '0'),
  bytes: 10 + n,
  kind: 'js',
  createdAt: at(second),
});

/** BotStore.modify and tallyMatch: versions, deletes and counts that concurrent writers never lose. */
export function botVersionStoreContract(stores: () => Stores): void {
  describe('BotStore versions', () => {
    it('reads a record stored before versions as having one, version 1, of its own sha256', async () => {
      const id = uid('bot_v_old');
      await stores().bots.create(bot(id, uid('vo'), 200));
      const stored = (await stores().bots.get(id))!;
      expect(versionsOf(stored)).toEqual([
        { number: 1, sha256: 'a'.repeat(64), bytes: 10, kind: 'js', createdAt: at(200) },
      ]);
      expect(latestValidVersion(stored)?.number).toBe(1);
    });

    it('adds versions in order; the record takes the latest one; a change that returns null writes nothing', async () => {
      const id = uid('bot_v_add');
      await stores().bots.create(bot(id, uid('va'), 201));
      const two = await stores().bots.modify(id, (b) => withNewVersion(b, upload(2, 202)));
      expect(two).toMatchObject({ sha256: upload(2, 0).sha256, bytes: 12, revision: 1 });
      expect(versionsOf(two!).map((v) => v.number)).toEqual([1, 2]);
      expect(await stores().bots.modify(id, () => null)).toEqual(two);
      expect(await stores().bots.get(id)).toEqual(two);
      expect(await stores().bots.modify(uid('bot_v_none'), (b) => b)).toBeNull();
    });

    it('keeps every write of concurrent writers: uploads and a disable racing them', async () => {
      const id = uid('bot_v_race');
      await stores().bots.create(bot(id, uid('vr'), 203));
      const disabled = { by: 'owner' as const, reason: 'retired', at: at(204) };
      await Promise.all([
        ...[2, 3, 4, 5].map((n) => stores().bots.modify(id, (b) => withNewVersion(b, upload(n, 203 + n)))),
        stores().bots.modify(id, (b) => withVersionState(b, 1, disabled)),
      ]);
      const stored = (await stores().bots.get(id))!;
      const versions = versionsOf(stored);
      expect(versions.map((v) => v.number)).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(versions.map((v) => v.sha256)).size).toBe(5);
      expect(versions[0]!.disabled).toEqual(disabled);
      expect(stored.revision).toBe(5);
    });

    it('disables a version and enables it again; the latest valid one skips disabled ones and later ones', async () => {
      const id = uid('bot_v_state');
      await stores().bots.create(bot(id, uid('vs'), 210));
      await stores().bots.modify(id, (b) => withNewVersion(b, upload(2, 212)));
      const off = await stores().bots.modify(id, (b) =>
        withVersionState(b, 2, { by: 'errors', reason: 'erred', at: at(213) }),
      );
      expect(latestValidVersion(off!)?.number).toBe(1);
      const on = await stores().bots.modify(id, (b) => withVersionState(b, 2, null));
      expect(latestValidVersion(on!)?.number).toBe(2);
      expect(latestValidVersion(on!, at(211))?.number).toBe(1);
      expect(versionsOf(on!)[1]).not.toHaveProperty('disabled');
    });

    it("a deleted bot leaves its owner's listing and the public one, and is still read by id", async () => {
      const owner = uid('vd');
      const [kept, gone] = [uid('bot_v_kept'), uid('bot_v_gone')];
      await stores().bots.create(bot(kept, owner, 220, true));
      await stores().bots.create(bot(gone, owner, 221, true));
      await stores().bots.modify(gone, (b) => ({ ...b, deletedAt: at(222) }));
      expect((await stores().bots.listByOwner(owner, 10)).items.map((b) => b.id)).toEqual([kept]);
      const listed = (await all((limit, cursor) => stores().bots.listPublic(limit, cursor), 50)).items.map((b) => b.id);
      expect(listed).toContain(kept);
      expect(listed).not.toContain(gone);
      expect((await stores().bots.get(gone))?.deletedAt).toBe(at(222));
    });

    it('renamed or made private through modify, a bot follows in both listings', async () => {
      const owner = uid('vp');
      const id = uid('bot_v_pub');
      await stores().bots.create(bot(id, owner, 230, true));
      await stores().bots.modify(id, (b) => ({ ...b, name: 'renamed', public: false }));
      expect((await stores().bots.listByOwner(owner, 10)).items.map((b) => b.name)).toEqual(['renamed']);
      const listed = (await all((limit, cursor) => stores().bots.listPublic(limit, cursor), 50)).items;
      expect(listed.map((b) => b.id)).not.toContain(id);
      await stores().bots.modify(id, (b) => ({ ...b, public: true }));
      const again = (await all((limit, cursor) => stores().bots.listPublic(limit, cursor), 50)).items;
      expect(again.find((b) => b.id === id)?.name).toBe('renamed');
    });

    it("counts a version's matches and errors, keeping its first failure, concurrent counts included", async () => {
      const id = uid('bot_v_tally');
      expect(await stores().bots.tallyMatch(id, 1, null)).toEqual({ played: 1, erred: 0, firstFailure: null });
      await Promise.all([stores().bots.tallyMatch(id, 1, 'crash'), stores().bots.tallyMatch(id, 1, 'crash')]);
      expect(await stores().bots.tallyMatch(id, 1, 'timeout')).toEqual({ played: 4, erred: 3, firstFailure: 'crash' });
      expect(await stores().bots.tallyMatch(id, 2, null)).toEqual({ played: 1, erred: 0, firstFailure: null });
    });
  });
}
