import { describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '../../../src/store/contract/keys.js';
import { code } from '../error-code.js';
import { at, cursorOf, first, RUN, uid, type StoreHarness } from './harness.js';

const teamKey = (name: string, second: number): ApiKeyRecord => ({
  id: uid(`key_${name}`),
  name,
  createdAt: at(second),
  ratePerMinute: 30,
  scope: 'team',
  team: `team ${name}`,
  createdBy: uid('key_admin'),
});

/** KeyStore administration: every key listed newest first, renamed and revoked by its public id. */
export function keyAdminContract(get: () => StoreHarness): void {
  describe('KeyStore administration', () => {
    const keys = () => get().stores.keys;
    const ours = async (count: number) =>
      (await first((limit, cursor) => keys().list(limit, cursor), count + 10, 2)).filter((k) => k.id.startsWith(RUN));

    it('lists every key newest first, a page at a time, with its scope and team', async () => {
      for (const [name, second] of [
        ['ada', 10],
        ['bob', 11],
        ['cy', 12],
      ] as const)
        await keys().create(uid(`hash_${name}`), teamKey(name, second));
      const listed = await ours(3);
      expect(listed.slice(0, 3)).toEqual([teamKey('cy', 12), teamKey('bob', 11), teamKey('ada', 10)]);
      const page = await keys().list(1);
      expect(page.items).toHaveLength(1);
      expect(page.cursor).not.toBeNull();
      expect(await code(keys().list(2, cursorOf('not a cursor')))).toBe('BAD_CURSOR');
    });

    it('revokes a key by id: find shows it revoked, the first time is kept, it stays listed', async () => {
      await keys().create(uid('hash_eve'), teamKey('eve', 20));
      const revoked = await keys().revoke(uid('key_eve'), at(21));
      expect(revoked).toEqual({ ...teamKey('eve', 20), revokedAt: at(21) });
      expect(await keys().find(uid('hash_eve'))).toEqual(revoked);
      expect(await keys().revoke(uid('key_eve'), at(22))).toEqual(revoked);
      expect((await ours(6)).find((k) => k.id === uid('key_eve'))).toEqual(revoked);
      expect(await keys().revoke(uid('key_nobody'), at(23))).toBeNull();
    });

    it('renames a key by id, keeping the rest; an unknown id is null', async () => {
      await keys().create(uid('hash_fay'), teamKey('fay', 30));
      expect(await keys().rename(uid('key_fay'), 'fay laptop')).toEqual({ ...teamKey('fay', 30), name: 'fay laptop' });
      expect(await keys().find(uid('hash_fay'))).toMatchObject({ name: 'fay laptop', team: 'team fay' });
      expect(await keys().rename(uid('key_nobody'), 'x')).toBeNull();
    });

    it('refuses a second key with the id of another', async () => {
      await keys().create(uid('hash_gus'), teamKey('gus', 40));
      expect(await code(keys().create(uid('hash_gus2'), teamKey('gus', 41)))).toBe('STORAGE_UNAVAILABLE');
      expect(await keys().find(uid('hash_gus2'))).toBeNull();
    });

    it('finds a key stored before scopes and listings as it was; once used, it is listed and can be revoked', async () => {
      const legacy = { id: uid('key_old'), name: 'old', createdAt: at(50), ratePerMinute: 60 };
      await (get().writeLegacyKey ?? ((hash, record) => keys().create(hash, record)))(uid('hash_old'), legacy);
      expect(await keys().find(uid('hash_old'))).toEqual(legacy);
      expect((await ours(12)).map((k) => k.id)).toContain(uid('key_old'));
      expect(await keys().revoke(uid('key_old'), at(51))).toEqual({ ...legacy, revokedAt: at(51) });
      expect(await keys().find(uid('hash_old'))).toEqual({ ...legacy, revokedAt: at(51) });
    });

    it('pages through the listing without repeats', async () => {
      // This run's keys come first (harness.ts: at); a shared table's older keys follow.
      const listed = (await first((limit, cursor) => keys().list(limit, cursor), 40, 3)).filter((k) =>
        k.id.startsWith(RUN),
      );
      expect(listed.length).toBeGreaterThanOrEqual(7);
      expect(new Set(listed.map((k) => k.id)).size).toBe(listed.length);
    });
  });
}
