import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, finishRound, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// Attacks by one key (Bob) on what another key (Alice) owns, on `npm start` with AUTH=required.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-ownership-'));
const server = useServer({ dataDir, env: { AUTH: 'required' } });
let alice: TestKey;
let bob: TestKey;
const call = keyedClient(() => server.base);

beforeAll(async () => {
  alice = await createKey(dataDir, 'alice');
  bob = await createKey(dataDir, 'bob');
}, 60_000);

const idle = 'export default () => "idle"';
const logging = (line: string) => `export default () => { console.log(${JSON.stringify(line)}); return "idle"; }`;
const file = (path: string) => readFileSync(path, 'utf8');

async function upload(key: TestKey, body: Record<string, unknown>): Promise<string> {
  const r = await call(key, 'POST', '/v1/bots', body);
  expect(r.status).toBe(201);
  return r.body.id;
}

describe("Alice's private bots", () => {
  const bots = { icy: '', capture: '', blockdrop: '', ants: '' };

  beforeAll(async () => {
    bots.icy = await upload(alice, { name: 'alice icy', js: logging('alice-secret'), game: 'icy' });
    bots.capture = await upload(alice, { js: file('src/games/capture/bots/do-nothing.js'), game: 'capture' });
    bots.blockdrop = await upload(alice, { js: file('src/games/blockdrop/bots/random.js'), game: 'blockdrop' });
    bots.ants = await upload(alice, { brain: file('src/games/ants/bots/example.ant') });
  }, 60_000);

  it('are private by default and cannot be played by Bob in any game: 404, as an unknown id', async () => {
    expect((await call(alice, 'GET', `/v1/bots/${bots.icy}`)).body).toMatchObject({
      id: bots.icy,
      owner: alice.id,
      public: false,
    });
    const unknown = await call(bob, 'POST', '/v1/matches', {
      game: 'icy',
      red: { bot: 'bot_AAAAAAAAAAAAAAAAAAAAAA' },
      blue: { js: idle },
    });
    expect(unknown.status).toBe(404);
    const requests = [
      { game: 'icy', red: { bot: bots.icy }, blue: { js: idle } },
      { game: 'capture', red: { js: idle }, blue: { bot: bots.capture } },
      { game: 'blockdrop', bots: [{ js: idle }, { js: idle }, { bot: bots.blockdrop }, { js: idle }] },
      { game: 'ants', rounds: 10, red: { bot: bots.ants }, black: { brain: file('src/games/ants/bots/example.ant') } },
    ];
    for (const request of requests) {
      const r = await call(bob, 'POST', '/v1/matches', request);
      expect(r.status, request.game).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
      expect(r.body.error.code).toBe(unknown.body.error.code);
    }
    // Not with a retry key either, nor by changing the bot.
    expect((await call(bob, 'POST', '/v1/matches', requests[0], { 'Idempotency-Key': 'k1' })).status).toBe(404);
    expect((await call(bob, 'PATCH', `/v1/bots/${bots.icy}`, { public: true })).status).toBe(404);
    expect((await call(bob, 'GET', `/v1/bots/${bots.icy}`)).status).toBe(404);
    // Alice plays her own.
    expect((await call(alice, 'POST', '/v1/matches', requests[0])).status).toBe(201);
  }, 60_000);

  it('cannot be entered on a leaderboard of Bob', async () => {
    const board = (await call(bob, 'POST', '/v1/leaderboards', { name: 'bob icy', game: 'icy' })).body.id;
    const entry = await call(bob, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bots.icy });
    expect(entry.status).toBe(404);
    expect(entry.body.error.code).toBe('NOT_FOUND');
    const ants = (await call(bob, 'POST', '/v1/leaderboards', { name: 'bob ants', game: 'ants' })).body.id;
    expect((await call(bob, 'POST', `/v1/leaderboards/${ants}/entries`, { bot: bots.ants })).status).toBe(404);
  });

  it('once public, Bob plays and enters them, but never reads their logs', async () => {
    const shared = await call(alice, 'PATCH', `/v1/bots/${bots.icy}`, { public: true });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ id: bots.icy, public: true });
    expect((await call(alice, 'PATCH', `/v1/bots/${bots.icy}`, { public: 'yes' })).status).toBe(400);

    const match = await call(bob, 'POST', '/v1/matches', {
      game: 'icy',
      red: { bot: bots.icy },
      blue: { js: logging('bob-log') },
    });
    expect(match.status).toBe(201);
    expect(match.body.owner).toBe(bob.id);
    const logs = await call(bob, 'GET', `/v1/matches/${match.body.id}/logs`);
    expect(logs.status).toBe(200);
    expect(logs.body.red).toBeNull();
    expect(logs.body.blue).toContain('bob-log');
    expect(logs.text).not.toContain('alice-secret');
    // Alice reads her own bot's seat in Bob's match, never Bob's seat (issue 26: a bot's owner reads its seat).
    const hers = await call(alice, 'GET', `/v1/matches/${match.body.id}/logs`);
    expect(hers.status).toBe(200);
    expect(hers.body.red).toContain('alice-secret');
    expect(hers.body.blue).toBeNull();
    expect(hers.text).not.toContain('bob-log');

    const board = (await call(bob, 'POST', '/v1/leaderboards', { name: 'bob open', game: 'icy' })).body.id;
    const entry = await call(bob, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bots.icy });
    expect(entry.status).toBe(201);
    expect(entry.body).toMatchObject({ entryId: expect.stringMatching(/^ent_/), botId: bots.icy });

    // A brain uploaded public as a multipart form plays Bob's ants match.
    const form = new FormData();
    form.set('bot', new Blob([file('src/games/ants/bots/example.ant')]), 'example.ant');
    form.set('public', 'true');
    const r = await fetch(`${server.base}/v1/bots`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${alice.key}` },
    });
    const brain = await r.json();
    expect(brain).toMatchObject({ kind: 'ant', public: true });
    const ants = await call(bob, 'POST', '/v1/matches', {
      game: 'ants',
      rounds: 10,
      red: { bot: brain.id },
      black: { brain: file('src/games/ants/bots/example.ant') },
    });
    expect(ants.status).toBe(201);

    // Private again: no new matches for Bob.
    await call(alice, 'PATCH', `/v1/bots/${bots.icy}`, { public: false });
    expect(
      (await call(bob, 'POST', '/v1/matches', { game: 'icy', red: { bot: bots.icy }, blue: { js: idle } })).status,
    ).toBe(404);
  }, 60_000);
});

describe("Alice's leaderboard", () => {
  let board = '';
  const ids: string[] = [];

  beforeAll(async () => {
    for (const name of ['first', 'second']) ids.push(await upload(alice, { name, js: idle, game: 'icy' }));
    board = (await call(alice, 'POST', '/v1/leaderboards', { name: 'alice ladder', game: 'icy' })).body.id;
    for (const bot of ids)
      expect((await call(alice, 'POST', `/v1/leaderboards/${board}/entries`, { bot })).status).toBe(201);
    const round = await call(alice, 'POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.status).toBe(202);
    await finishRound(call, board, round.body.id);
  }, 60_000);

  it('shows anonymous readers and Bob entries, never private bot ids', async () => {
    for (const reader of [null, bob]) {
      const table = await call(reader, 'GET', `/v1/leaderboards/${board}`);
      expect(table.status).toBe(200);
      expect(table.body.table).toHaveLength(2);
      for (const row of table.body.table) {
        expect(row).toMatchObject({
          entryId: expect.stringMatching(/^ent_[0-9a-f]{24}$/),
          name: expect.any(String),
          played: 2,
        });
        expect(row.botId).toBeUndefined();
      }
      const exported = await call(reader, 'GET', `/v1/leaderboards/${board}/matches`);
      const lines = exported.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines).toHaveLength(2);
      expect(lines[0].red.entryId).toMatch(/^ent_/);
      for (const text of [table.text, exported.text]) for (const id of ids) expect(text).not.toContain(id);
    }
    // Alice sees her own bots' ids.
    const mine = await call(alice, 'GET', `/v1/leaderboards/${board}`);
    expect(mine.body.table.map((r: { botId: string }) => r.botId).sort()).toEqual([...ids].sort());
    const lines = (await call(alice, 'GET', `/v1/leaderboards/${board}/matches`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(ids).toContain(lines[0].red.botId);
    expect(Object.keys(lines[0].ratings).every((k) => k.startsWith('ent_'))).toBe(true);
  });
});

describe('Idempotency keys', () => {
  it("belong to their owner: Bob's request with Alice's key and body is his own match", async () => {
    const body = { game: 'icy', seed: 11, red: { js: idle }, blue: { js: idle } };
    const headers = { 'Idempotency-Key': 'shared-key-1' };
    const first = await call(alice, 'POST', '/v1/matches', body, headers);
    expect(first.status).toBe(201);
    expect(first.body.owner).toBe(alice.id);

    const theirs = await call(bob, 'POST', '/v1/matches', body, headers);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    expect(theirs.body.owner).toBe(bob.id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();

    // Bob reusing the string with another body does not poison it for Alice.
    expect((await call(bob, 'POST', '/v1/matches', { ...body, seed: 12 }, headers)).body.error.code).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    const again = await call(alice, 'POST', '/v1/matches', body, headers);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const bobAgain = await call(bob, 'POST', '/v1/matches', body, headers);
    expect(bobAgain.body.id).toBe(theirs.body.id);
  }, 60_000);
});

describe('Verification', () => {
  it("re-runs a match for its owner only: Bob gets 403 on Alice's", async () => {
    const match = await call(alice, 'POST', '/v1/matches', {
      game: 'icy',
      seed: 5,
      red: { js: idle },
      blue: { js: idle },
    });
    const denied = await call(bob, 'POST', `/v1/matches/${match.body.id}/verify`);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('FORBIDDEN');
    expect((await call(null, 'POST', `/v1/matches/${match.body.id}/verify`)).status).toBe(401);
    const verified = await call(alice, 'POST', `/v1/matches/${match.body.id}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body.identical).toBe(true);
  }, 60_000);
});
