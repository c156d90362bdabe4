import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, finishRound, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// The listings the web pages read through the API: public matches, bots (yours, everyone's public
// ones), public leaderboards, the boards a bot is on, a board's latest round and recent matches.
// On `npm start` (dynalite + s3rver) with AUTH=required, Alice and Bob each with a key.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-listings-'));
const server = useServer({ dataDir, env: { AUTH: 'required' } });
let alice: TestKey;
let bob: TestKey;
const call = keyedClient(() => server.base);

beforeAll(async () => {
  alice = await createKey(dataDir, 'alice');
  bob = await createKey(dataDir, 'bob');
}, 60_000);

const idle = 'export default () => "idle"';
const icy = (extra: Record<string, unknown> = {}) => ({ game: 'icy', red: { js: idle }, blue: { js: idle }, ...extra });
const bot = (name: string) => readFileSync(`src/games/icy/bots/${name}.js`, 'utf8');

/** Every item of a listing, following its cursors; and how many pages that took. */
async function pages(key: TestKey | null, path: string): Promise<{ items: Record<string, unknown>[]; count: number }> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  let count = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const r = await call(key, 'GET', `${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.status, r.text).toBe(200);
    items.push(...r.body.items);
    cursor = r.body.cursor;
    count++;
  } while (cursor && count < 50);
  return { items, count };
}

async function badCursor(key: TestKey | null, path: string): Promise<void> {
  const sep = path.includes('?') ? '&' : '?';
  for (const cursor of ['!!', Buffer.from('{"pk":{"S":"x"}}').toString('base64url')]) {
    const r = await call(key, 'GET', `${path}${sep}cursor=${encodeURIComponent(cursor)}`);
    expect(r.status, `${path} ${cursor}`).toBe(400);
    expect(r.body.error.code).toBe('BAD_CURSOR');
  }
}

describe('GET /v1/matches without bot: the public matches', () => {
  const listed: string[] = [];
  let hidden = '';

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const r = await call(alice, 'POST', '/v1/matches', icy({ public: true, seed: i }));
      expect(r.status, r.text).toBe(201);
      expect(r.body.public).toBe(true);
      listed.push(r.body.id);
    }
    const unlisted = await call(bob, 'POST', '/v1/matches', icy({ seed: 7 }));
    expect(unlisted.body.public).toBe(false);
    hidden = unlisted.body.id;
    expect((await call(alice, 'POST', '/v1/matches', icy({ public: false, seed: 8 }))).body.public).toBe(false);
    // A multipart form says public with "on" (a checkbox).
    const form = new FormData();
    form.set('game', 'icy');
    form.set('public', 'on');
    form.set('red', new Blob([idle], { type: 'text/javascript' }), 'red.js');
    form.set('blue', new Blob([idle], { type: 'text/javascript' }), 'blue.js');
    const r = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${bob.key}` },
    });
    const body = (await r.json()) as { id: string; public: boolean };
    expect(r.status).toBe(201);
    expect(body.public).toBe(true);
    listed.push(body.id);
  }, 120_000);

  it('lists only public matches, newest first, as GET /v1/matches/:id shows them, page by page', async () => {
    const { items, count } = await pages(null, '/v1/matches?limit=2');
    expect(items.map((r) => r.id)).toEqual([...listed].reverse());
    expect(count).toBeGreaterThanOrEqual(2);
    expect(items.map((r) => r.id)).not.toContain(hidden);
    const one = await call(null, 'GET', `/v1/matches/${listed[0]}`);
    expect(items.find((r) => r.id === listed[0])).toEqual(one.body);
    expect((await call(null, 'GET', `/v1/matches/${hidden}`)).body.public).toBe(false);
    const first = await call(null, 'GET', '/v1/matches');
    expect(first.body.items).toHaveLength(4);
  });

  it('a bad cursor is 400 BAD_CURSOR, a bad limit or public is 400 naming it', async () => {
    await badCursor(null, '/v1/matches');
    expect((await call(null, 'GET', '/v1/matches?limit=101')).body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'limit' },
    });
    const wrong = await call(alice, 'POST', '/v1/matches', icy({ public: 'yes' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.field).toBe('public');
  });

  it('an Idempotency-Key retry with another public is another request (422)', async () => {
    const headers = { 'Idempotency-Key': 'listings-retry' };
    const first = await call(alice, 'POST', '/v1/matches', icy({ public: false, seed: 3 }), headers);
    expect(first.status).toBe(201);
    const same = await call(alice, 'POST', '/v1/matches', icy({ seed: 3 }), headers);
    expect(same.status).toBe(201);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    const other = await call(alice, 'POST', '/v1/matches', icy({ public: true, seed: 3 }), headers);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  }, 60_000);
});

describe("GET /v1/bots: your bots, and everyone's public bots", () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const uploads: [TestKey, string, boolean][] = [
      [alice, 'a-public', true],
      [alice, 'a-private', false],
      [bob, 'b-public', true],
      [alice, 'a-public-2', true],
      [bob, 'b-private', false],
    ];
    for (const [key, name, shared] of uploads) {
      const r = await call(key, 'POST', '/v1/bots', { name, js: idle, game: 'icy', public: shared });
      expect(r.status, r.text).toBe(201);
      ids[name] = r.body.id;
    }
  }, 60_000);

  it("lists the caller's own bots, newest first, page by page, never another owner's", async () => {
    const mine = await pages(alice, '/v1/bots?limit=2');
    expect(mine.items.map((b) => b.name)).toEqual(['a-public-2', 'a-private', 'a-public']);
    expect(mine.count).toBe(2);
    for (const item of mine.items)
      expect(item).toMatchObject({ owner: alice.id, sha256: expect.any(String), public: expect.any(Boolean) });
    expect((await call(alice, 'GET', `/v1/bots/${ids['a-private']}`)).body).toEqual(mine.items[1]);
    const bobs = await pages(bob, '/v1/bots');
    expect(bobs.items.map((b) => b.name)).toEqual(['b-private', 'b-public']);
    const anonymous = await call(null, 'GET', '/v1/bots');
    expect(anonymous.status).toBe(401);
    await badCursor(alice, '/v1/bots');
  });

  it('lists public bots of every owner without a key: no owner, no sha256, no private bot', async () => {
    const listed = await pages(null, '/v1/bots?scope=public&limit=1');
    expect(listed.items.map((b) => b.name)).toEqual(['a-public-2', 'b-public', 'a-public']);
    expect(listed.count).toBeGreaterThanOrEqual(3);
    for (const item of listed.items)
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'game', 'id', 'kind', 'name', 'public']);
    expect(listed.items[0]).toEqual({
      id: ids['a-public-2'],
      name: 'a-public-2',
      kind: 'js',
      game: 'icy',
      public: true,
      createdAt: expect.any(String),
    });
    await badCursor(null, '/v1/bots?scope=public');
    expect((await call(alice, 'GET', '/v1/bots?scope=everyone')).body.error.details.field).toBe('scope');
  });

  it('a bot made private leaves the public listing; made public, it joins it', async () => {
    expect((await call(alice, 'PATCH', `/v1/bots/${ids['a-public-2']}`, { public: false })).status).toBe(200);
    expect((await call(bob, 'PATCH', `/v1/bots/${ids['b-private']}`, { public: true })).status).toBe(200);
    const listed = await pages(null, '/v1/bots?scope=public');
    expect(listed.items.map((b) => b.name)).toEqual(['b-private', 'b-public', 'a-public']);
    // Still its owner's, as it is now.
    const mine = await pages(alice, '/v1/bots');
    expect(mine.items.find((b) => b.id === ids['a-public-2'])).toMatchObject({ public: false });
  });
});

describe("GET /v1/leaderboards, a board's latest round and recent matches, and a bot's boards", () => {
  const bots: string[] = [];
  let ladder = '';
  let hidden = '';
  let bobs = '';

  beforeAll(async () => {
    for (const name of ['hunter', 'random', 'idle']) {
      const r = await call(alice, 'POST', '/v1/bots', { name, js: bot(name), game: 'icy' });
      bots.push(r.body.id);
    }
    const created = await call(alice, 'POST', '/v1/leaderboards', { name: 'open ladder', game: 'icy', public: true });
    expect(created.status, created.text).toBe(201);
    expect(created.body.public).toBe(true);
    ladder = created.body.id;
    const secret = await call(alice, 'POST', '/v1/leaderboards', { name: 'secret ladder', game: 'icy' });
    expect(secret.body.public).toBe(false);
    hidden = secret.body.id;
    bobs = (
      await call(bob, 'POST', '/v1/leaderboards', { name: "bob's ladder", game: 'icy', rating: 'elo', public: true })
    ).body.id;
    for (const b of bots)
      expect((await call(alice, 'POST', `/v1/leaderboards/${ladder}/entries`, { bot: b })).status).toBe(201);
    expect((await call(alice, 'POST', `/v1/leaderboards/${hidden}/entries`, { bot: bots[0] })).status).toBe(201);
  }, 60_000);

  it('lists public boards only, newest first, with their entry counts, page by page', async () => {
    const listed = await pages(null, '/v1/leaderboards?limit=1');
    expect(listed.items).toEqual([
      { id: bobs, name: "bob's ladder", game: 'icy', rating: 'elo', createdAt: expect.any(String), entries: 0 },
      { id: ladder, name: 'open ladder', game: 'icy', rating: 'openskill', createdAt: expect.any(String), entries: 3 },
    ]);
    expect(listed.items.map((b) => b.id)).not.toContain(hidden);
    await badCursor(null, '/v1/leaderboards');
  });

  it('a board without rounds has no latest round and no recent matches', async () => {
    const r = await call(null, 'GET', `/v1/leaderboards/${ladder}`);
    expect(r.body).toMatchObject({ latestRound: null, recentMatches: [] });
  });

  it('shows the latest round and the newest results as the export shows them, newest first', async () => {
    const round = await call(alice, 'POST', `/v1/leaderboards/${ladder}/rounds`);
    expect(round.status).toBe(202);
    await finishRound(call, ladder, round.body.id);
    const view = await call(alice, 'GET', `/v1/leaderboards/${ladder}?history=1`);
    expect(view.body.latestRound).toEqual({
      id: round.body.id,
      total: 6,
      done: 6,
      failed: 0,
      createdAt: expect.any(String),
      status: 'finished',
    });
    expect(view.body.table[0].history).toHaveLength(4);
    const exported = await call(alice, 'GET', `/v1/leaderboards/${ladder}/matches`);
    const lines = exported.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(view.body.recentMatches).toEqual([...lines].reverse());
    // Anonymous readers see no private bot ids there either, as in the export.
    const anonymous = await call(null, 'GET', `/v1/leaderboards/${ladder}`);
    expect(JSON.stringify(anonymous.body.recentMatches)).not.toContain('bot_');
    expect(anonymous.body.recentMatches).toHaveLength(6);
  }, 120_000);

  it("lists a bot's boards with its rank there, for its owner only", async () => {
    const r = await call(alice, 'GET', `/v1/bots/${bots[0]}/boards`);
    expect(r.status).toBe(200);
    const table = (await call(alice, 'GET', `/v1/leaderboards/${ladder}`)).body.table as {
      botId: string;
      rank: number;
      rating: number;
      uncertainty: number;
      played: number;
    }[];
    const row = table.find((t) => t.botId === bots[0])!;
    const byBoard = Object.fromEntries(
      (r.body.items as { leaderboard: { id: string } }[]).map((i) => [i.leaderboard.id, i]),
    );
    expect(Object.keys(byBoard).sort()).toEqual([ladder, hidden].sort());
    expect(byBoard[ladder]).toEqual({
      leaderboard: { id: ladder, name: 'open ladder', game: 'icy' },
      rank: row.rank,
      rating: row.rating,
      uncertainty: row.uncertainty,
      played: 4,
      wins: expect.any(Number),
      losses: expect.any(Number),
      draws: expect.any(Number),
    });
    expect(byBoard[hidden]).toMatchObject({ leaderboard: { id: hidden, name: 'secret ladder' }, rank: 1, played: 0 });
    const other = await call(alice, 'GET', `/v1/bots/${bots[2]}/boards`);
    expect(other.body.items.map((i: { leaderboard: { id: string } }) => i.leaderboard.id)).toEqual([ladder]);
    for (const [key, id] of [
      [bob, bots[0]],
      [alice, 'bot_AAAAAAAAAAAAAAAAAAAAAA'],
    ] as const) {
      const missing = await call(key, 'GET', `/v1/bots/${id}/boards`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
    }
    expect((await call(null, 'GET', `/v1/bots/${bots[0]}/boards`)).status).toBe(401);
  });
});

describe('GET /v1/bots on a server without AUTH=required', () => {
  const local = useServer();
  const localCall = keyedClient(() => local.base);

  it("lists the local owner's bots without a key", async () => {
    const made = await localCall(null, 'POST', '/v1/bots', { name: 'mine', js: idle, game: 'icy' });
    expect(made.status).toBe(201);
    const r = await localCall(null, 'GET', '/v1/bots');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ items: [made.body], cursor: null });
    expect((await localCall(null, 'GET', '/v1/bots?scope=public')).body).toEqual({ items: [], cursor: null });
  });
});
