import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// A bot's versions, rename and delete, matches by bot id and version, and versions disabled
// when they err, on `npm start` with AUTH=required and two keys (issue 26).

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-versions-'));
const server = useServer({
  dataDir,
  env: { AUTH: 'required', VERSION_DISABLE_MIN_MATCHES: '2', VERSION_DISABLE_ERROR_SHARE: '0.5' },
});
let alice: TestKey;
let bob: TestKey;
const call = keyedClient(() => server.base);

beforeAll(async () => {
  alice = await createKey(dataDir, 'alice');
  bob = await createKey(dataDir, 'bob');
}, 60_000);

const idle = (tag: string) => `// ${tag}\nexport default () => "idle\\nidle\\nidle\\nidle\\n";`;
/** Answers its first turns (so it passes the upload check), then throws on every turn after `turns`. */
const crashesAfter = (turns: number) =>
  `let turn = 0;\nexport default () => { if (++turn > ${turns}) throw new Error('boom'); return "idle\\nidle\\nidle\\nidle\\n"; };`;
const broken = 'export default () => { throw new Error("never answers"); };';

async function newBot(key: TestKey, js: string, name = 'bot'): Promise<string> {
  const r = await call(key, 'POST', '/v1/bots', { name, js, game: 'icy' });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

async function play(key: TestKey, red: string, seed = 1) {
  return call(key, 'POST', '/v1/matches', { game: 'icy', seed, red: { bot: red }, blue: { js: idle('opponent') } });
}

describe('bot versions', () => {
  let bot = '';
  let v1Sha = '';

  beforeAll(async () => {
    bot = await newBot(alice, idle('v1'), 'first');
    v1Sha = (await call(alice, 'GET', `/v1/bots/${bot}`)).body.sha256;
  }, 60_000);

  it('numbers uploads, keeps a failed one disabled with its reason, and shows the latest and the valid one', async () => {
    expect((await call(alice, 'GET', `/v1/bots/${bot}`)).body).toMatchObject({ version: 1, validVersion: 1 });
    const v2 = await call(alice, 'POST', `/v1/bots/${bot}/versions`, { js: idle('v2') });
    expect(v2.status, v2.text).toBe(201);
    expect(v2.body).toMatchObject({
      number: 2,
      status: 'active',
      disabled: null,
      bot: { version: 2, validVersion: 2 },
    });
    expect(v2.headers.get('location')).toBe(`/v1/bots/${bot}/versions/2`);
    expect((await call(alice, 'GET', `/v1/bots/${bot}/versions/2`)).body).toEqual({
      number: 2,
      sha256: v2.body.sha256,
      bytes: v2.body.bytes,
      kind: 'js',
      createdAt: v2.body.createdAt,
      status: 'active',
      disabled: null,
    });

    const v3 = await call(alice, 'POST', `/v1/bots/${bot}/versions`, { js: broken });
    expect(v3.status).toBe(422);
    expect(v3.body.error.code).toBe('BOT_INVALID');
    expect(v3.body.error.details.version).toMatchObject({
      number: 3,
      status: 'disabled',
      disabled: { by: 'check', reason: expect.stringContaining('does not answer') },
    });
    expect((await call(alice, 'GET', `/v1/bots/${bot}`)).body).toMatchObject({
      name: 'first',
      version: 3,
      validVersion: 2,
    });
    const history = await call(alice, 'GET', `/v1/bots/${bot}/versions`);
    expect(history.body.items.map((v: { number: number; status: string }) => [v.number, v.status])).toEqual([
      [3, 'disabled'],
      [2, 'active'],
      [1, 'active'],
    ]);
    expect(history.body.items[2].sha256).toBe(v1Sha);
    // Each version's bundle, the latest by default.
    const bundle = async (query: string) =>
      (
        await fetch(`${server.base}/v1/bots/${bot}/bundle${query}`, {
          headers: { authorization: `Bearer ${alice.key}` },
        })
      ).text();
    expect(await bundle('?version=2')).toBe(idle('v2'));
    expect(await bundle('')).toBe(broken);
    expect((await call(alice, 'GET', `/v1/bots/${bot}/bundle?version=9`)).status).toBe(404);
    // Another game's field, or public, is not a version of this bot.
    const otherGame = await call(alice, 'POST', `/v1/bots/${bot}/versions`, { js: idle('x'), game: 'capture' });
    expect([otherGame.status, otherGame.body.error.code]).toEqual([422, 'BOT_GAME_MISMATCH']);
    expect(otherGame.body.error.details).toMatchObject({ botGame: 'icy', game: 'capture' });
    expect((await call(alice, 'POST', `/v1/bots/${bot}/versions`, { js: idle('x'), public: true })).status).toBe(400);
    // A failed check cannot be enabled.
    expect((await call(alice, 'POST', `/v1/bots/${bot}/versions/3/enable`)).status).toBe(409);
  }, 60_000);

  it("are their owner's only: another key cannot upload, list or change them", async () => {
    expect((await call(bob, 'POST', `/v1/bots/${bot}/versions`, { js: idle('bob') })).status).toBe(404);
    expect((await call(bob, 'GET', `/v1/bots/${bot}/versions`)).status).toBe(404);
    expect((await call(bob, 'POST', `/v1/bots/${bot}/versions/2/disable`)).status).toBe(404);
    expect((await call(bob, 'PATCH', `/v1/bots/${bot}`, { name: 'stolen' })).status).toBe(404);
    expect((await call(bob, 'DELETE', `/v1/bots/${bot}`)).status).toBe(404);
  });

  it('plays the latest valid version, or the one asked for as bot@N; records and lists them by id and version', async () => {
    const latest = await play(alice, bot);
    expect(latest.status, latest.text).toBe(201);
    expect(latest.body.storedBots).toEqual([{ bot, version: 2 }, null]);
    // To everyone else, a private bot's id is hidden in the record; its version is not.
    expect((await call(null, 'GET', `/v1/matches/${latest.body.id}`)).body.storedBots).toEqual([
      { bot: null, version: 2 },
      null,
    ]);
    const first = await play(alice, `${bot}@1`);
    expect(first.status, first.text).toBe(201);
    expect(first.body.storedBots).toEqual([{ bot, version: 1 }, null]);
    expect(first.body.bots.red.sha256).toBe(v1Sha);
    const refused = await play(alice, `${bot}@3`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('NO_VALID_VERSION');
    expect((await play(alice, `${bot}@9`)).body.error.code).toBe('NO_VALID_VERSION');

    const ids = async (query: string) =>
      (await call(null, 'GET', `/v1/matches?${query}`)).body.items.map((m: { id: string }) => m.id);
    expect(await ids(`bot=${bot}`)).toEqual([first.body.id, latest.body.id]);
    expect(await ids(`bot=${bot}&version=2`)).toEqual([latest.body.id]);
    expect(await ids(`bot=${v1Sha}`)).toContain(first.body.id);
    expect((await call(null, 'GET', `/v1/matches?bot=${v1Sha}&version=1`)).status).toBe(400);
  }, 60_000);

  it('disabled by its owner, a version stops playing until it is enabled again', async () => {
    const off = await call(alice, 'POST', `/v1/bots/${bot}/versions/2/disable`, { reason: 'testing' });
    expect(off.body).toMatchObject({ number: 2, status: 'disabled', disabled: { by: 'owner', reason: 'testing' } });
    expect((await play(alice, bot)).body.storedBots[0]).toEqual({ bot, version: 1 });
    const on = await call(alice, 'POST', `/v1/bots/${bot}/versions/2/enable`);
    expect(on.body).toMatchObject({ number: 2, status: 'active', disabled: null });
    expect((await play(alice, bot)).body.storedBots[0]).toEqual({ bot, version: 2 });
  }, 60_000);

  it('renames a bot, and keeps public settable', async () => {
    const renamed = await call(alice, 'PATCH', `/v1/bots/${bot}`, { name: 'renamed' });
    expect(renamed.body).toMatchObject({ name: 'renamed', public: false, version: 3 });
    expect((await call(alice, 'PATCH', `/v1/bots/${bot}`, { public: true })).body).toMatchObject({
      name: 'renamed',
      public: true,
    });
    expect((await call(alice, 'PATCH', `/v1/bots/${bot}`, {})).status).toBe(400);
  });

  it('deleted, a bot leaves the listings and plays no more; its matches stay listed and verifiable', async () => {
    const gone = await newBot(alice, idle('gone'), 'gone');
    await call(alice, 'PATCH', `/v1/bots/${gone}`, { public: true });
    const before = await play(alice, gone);
    expect(before.status).toBe(201);
    expect((await call(alice, 'DELETE', `/v1/bots/${gone}`)).status).toBe(204);
    expect((await call(alice, 'GET', `/v1/bots/${gone}`)).status).toBe(404);
    expect((await call(alice, 'DELETE', `/v1/bots/${gone}`)).status).toBe(404);
    const mine = (await call(alice, 'GET', '/v1/bots?limit=100')).body.items.map((b: { id: string }) => b.id);
    expect(mine).not.toContain(gone);
    const listed = (await call(null, 'GET', '/v1/bots?scope=public&limit=100')).body.items;
    expect(listed.map((b: { id: string }) => b.id)).not.toContain(gone);
    expect((await play(alice, gone)).status).toBe(404);
    expect((await play(bob, gone)).status).toBe(404);
    const byId = (await call(null, 'GET', `/v1/matches?bot=${gone}`)).body.items.map((m: { id: string }) => m.id);
    expect(byId).toEqual([before.body.id]);
    const verified = await call(alice, 'POST', `/v1/matches/${before.body.id}/verify`);
    expect(verified.body).toMatchObject({ identical: true });
  }, 60_000);
});

describe('a version that errs in its matches', () => {
  it('is disabled with the reason once it has erred in over the share, and the earlier version plays next', async () => {
    const bot = await newBot(alice, idle('steady'), 'steady');
    const v2 = await call(alice, 'POST', `/v1/bots/${bot}/versions`, { js: crashesAfter(5) });
    expect(v2.status, v2.text).toBe(201);
    for (const seed of [1, 2]) {
      const match = await play(alice, bot, seed);
      expect(match.status, match.text).toBe(201);
      expect(match.body.storedBots[0]).toEqual({ bot, version: 2 });
    }
    const versions = (await call(alice, 'GET', `/v1/bots/${bot}/versions`)).body.items;
    expect(versions[0]).toMatchObject({
      number: 2,
      status: 'disabled',
      disabled: { by: 'errors', reason: expect.stringMatching(/^erred in 2 of 2 matches; first: \w+ on turn \d+/) },
    });
    expect((await call(alice, 'GET', `/v1/bots/${bot}`)).body).toMatchObject({ version: 2, validVersion: 1 });
    const next = await play(alice, bot, 3);
    expect(next.body.storedBots[0]).toEqual({ bot, version: 1 });
    // A version without errors is never disabled.
    expect((await call(alice, 'GET', `/v1/bots/${bot}/versions`)).body.items[1].status).toBe('active');
  }, 120_000);

  it("is kept when it is its bot's only valid version: its entries keep playing it", async () => {
    const lone = await newBot(alice, crashesAfter(5), 'lone');
    for (const seed of [1, 2, 3]) expect((await play(alice, lone, seed)).status).toBe(201);
    expect((await call(alice, 'GET', `/v1/bots/${lone}`)).body).toMatchObject({ version: 1, validVersion: 1 });
  }, 120_000);
});
