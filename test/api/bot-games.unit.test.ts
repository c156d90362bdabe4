import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import { GAME_IDS } from '../../src/games/catalog.js';
import { bundleKey, sha256Hex } from '../../src/match/digest.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';

// A stored bot belongs to one game from upload on: the API and the pages refuse, or do not offer, any other.
// In process, on the memory backend, as the keyless local owner.

const stores = createMemoryStores();
const app = createApp({ ...stores, runner: inProcessRunner(nodeBotLoader), auth: 'optional' });
const file = (path: string) => readFileSync(path, 'utf8');
const icyIdle = file('src/games/icy/bots/idle.js');

async function call(method: string, path: string, body?: unknown) {
  const r = await app.request(`http://127.0.0.1${path}`, {
    method,
    ...(body === undefined
      ? {}
      : body instanceof FormData
        ? { body }
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await r.text();
  return { status: r.status, text, body: text.startsWith('{') ? JSON.parse(text) : null };
}

async function upload(body: Record<string, unknown>): Promise<string> {
  const r = await call('POST', '/v1/bots', body);
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

const bots = { icy: '', capture: '', blockdrop: '', ants: '', old: '', otherIcy: '', publicCapture: '' };

beforeAll(async () => {
  bots.icy = await upload({ name: 'icy idle', js: icyIdle, game: 'icy' });
  bots.otherIcy = await upload({ name: 'icy public', js: `// another\n${icyIdle}`, game: 'icy', public: true });
  bots.capture = await upload({ name: 'gatherer', js: file('src/games/capture/bots/gatherer.js'), game: 'capture' });
  bots.publicCapture = await upload({
    name: 'capture public',
    js: file('src/games/capture/bots/do-nothing.js'),
    game: 'capture',
    public: true,
  });
  bots.blockdrop = await upload({ name: 'dropper', js: file('src/games/blockdrop/bots/random.js'), game: 'blockdrop' });
  bots.ants = await upload({ brain: file('src/games/ants/bots/example.ant') });
  // A record stored before bots had a game: no `game` at all.
  const bytes = new TextEncoder().encode(icyIdle);
  const sha256 = await sha256Hex(bytes);
  await stores.blobs.put(bundleKey(sha256), bytes, { contentType: 'text/javascript' });
  bots.old = 'bot_storedBeforeGames00000';
  await stores.bots.create({
    id: bots.old,
    name: 'old idle',
    kind: 'js',
    sha256,
    bytes: bytes.length,
    owner: 'local',
    createdAt: '2026-01-01T00:00:00.000Z',
  });
}, 60_000);

describe('POST /v1/bots: the game a bot plays', () => {
  it('stores the game named on upload and shows it on the bot and in the listings', async () => {
    const got = await call('GET', `/v1/bots/${bots.capture}`);
    expect(got.body).toMatchObject({ id: bots.capture, kind: 'js', game: 'capture' });
    const mine = (await call('GET', '/v1/bots?limit=100')).body.items as { id: string; game: string | null }[];
    expect(mine.find((b) => b.id === bots.blockdrop)?.game).toBe('blockdrop');
    const listed = (await call('GET', '/v1/bots?scope=public')).body.items as { id: string; game: string | null }[];
    expect(listed.find((b) => b.id === bots.publicCapture)?.game).toBe('capture');
  });

  it('refuses a bundle without a game: 422 GAME_REQUIRED listing the games, in JSON and as a form', async () => {
    const json = await call('POST', '/v1/bots', { js: icyIdle });
    expect(json.status).toBe(422);
    expect(json.body.error).toMatchObject({ code: 'GAME_REQUIRED', details: { field: 'game', games: GAME_IDS } });
    for (const id of GAME_IDS) expect(json.body.error.message).toContain(id);
    const form = new FormData();
    form.set('bot', new Blob([icyIdle]), 'idle.js');
    const multipart = await call('POST', '/v1/bots', form);
    expect(multipart.status).toBe(422);
    expect(multipart.body.error.code).toBe('GAME_REQUIRED');
  });

  it("takes a text bot's game from its field or its file's extension", async () => {
    expect((await call('GET', `/v1/bots/${bots.ants}`)).body).toMatchObject({ kind: 'ant', game: 'ants' });
    const form = new FormData();
    form.set('bot', new Blob([file('src/games/ants/bots/homing.ant')]), 'homing.ant');
    const r = await call('POST', '/v1/bots', form);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ kind: 'ant', game: 'ants' });
  });

  it('checks the bot against the game it names: a capture bot uploaded for icy is refused', async () => {
    const gatherer = file('src/games/capture/bots/gatherer.js');
    const asIcy = await call('POST', '/v1/bots', { js: gatherer, game: 'icy' });
    expect(asIcy.status).toBe(422);
    expect(asIcy.body.error.code).toBe('BOT_INVALID');
    const form = new FormData();
    form.set('game', 'icy');
    form.set('bot', new Blob([gatherer]), 'gatherer.js');
    expect((await call('POST', '/v1/bots', form)).body.error.code).toBe('BOT_INVALID');
  });
});

describe('a bot of one game, asked to play another', () => {
  it('POST /v1/matches: an icy bot in a capture match is 422 BOT_GAME_MISMATCH naming both', async () => {
    const r = await call('POST', '/v1/matches', {
      game: 'capture',
      red: { bot: bots.icy },
      blue: { js: file('src/games/capture/bots/do-nothing.js') },
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({
      code: 'BOT_GAME_MISMATCH',
      message: `red.bot: bot ${bots.icy} is an icy bot; this is a capture match`,
      details: { field: 'red.bot', botGame: 'icy', game: 'capture' },
    });
  });

  it('POST /v1/leaderboards/:id/entries: a blockdrop bot on an icy board is 422 naming both; an icy bot enters', async () => {
    const board = (await call('POST', '/v1/leaderboards', { name: 'icy board', game: 'icy' })).body.id;
    const r = await call('POST', `/v1/leaderboards/${board}/entries`, { bot: bots.blockdrop });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({
      code: 'BOT_GAME_MISMATCH',
      message: `bot: bot ${bots.blockdrop} is a blockdrop bot; this is an icy leaderboard`,
      details: { field: 'bot', botGame: 'blockdrop', game: 'icy' },
    });
    expect((await call('POST', `/v1/leaderboards/${board}/entries`, { bot: bots.icy })).status).toBe(201);
    // A kind the game cannot play at all stays WRONG_GAME, as before.
    expect((await call('POST', `/v1/leaderboards/${board}/entries`, { bot: bots.ants })).body.error.code).toBe(
      'WRONG_GAME',
    );
  });
});

describe('a bot stored before bots had a game', () => {
  it('reads as game null, plays a match and enters a board of any game its kind fits, as before', async () => {
    expect((await call('GET', `/v1/bots/${bots.old}`)).body).toMatchObject({ id: bots.old, game: null });
    const played = await call('POST', '/v1/matches', {
      game: 'icy',
      seed: 1,
      red: { bot: bots.old },
      blue: { bot: bots.icy },
    });
    expect(played.status, played.text).toBe(201);
    const board = (await call('POST', '/v1/leaderboards', { name: 'drop board', game: 'blockdrop' })).body.id;
    expect((await call('POST', `/v1/leaderboards/${board}/entries`, { bot: bots.old })).status).toBe(201);
    // It stays unbound: playing does not bind it.
    expect((await call('GET', `/v1/bots/${bots.old}`)).body.game).toBeNull();
  }, 30_000);
});

describe('the pages offer a bot its own game only', () => {
  const page = async (path: string) => (await app.request(`http://127.0.0.1${path}`)).text();
  const options = (html: string) => [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]!);

  it("the challenge form lists the bot's game's example and public bots only, and names the game", async () => {
    const html = await page(`/bots/${bots.icy}`);
    expect(html).toMatch(/<dt>Game<\/dt>\s*<dd>Icy Projectile<\/dd>/);
    const offered = options(html);
    expect(offered.length).toBeGreaterThan(1);
    expect(offered.filter((o) => o.startsWith('example:')).every((o) => o.startsWith('example:icy:'))).toBe(true);
    expect(offered).toContain(`bot:${bots.otherIcy}`);
    expect(offered).not.toContain(`bot:${bots.publicCapture}`);
    // The game goes with the form, without script: no choice of another.
    expect(html).toContain('<input type="hidden" name="game" value="icy"');
    expect(html).not.toContain('Game (for a public opponent)');
  });

  it("the challenge form, posted without script, plays the bot's own game", async () => {
    const r = await app.request(`http://127.0.0.1/ui/bots/${bots.icy}/challenge`, {
      method: 'POST',
      body: new URLSearchParams({ opponent: `bot:${bots.otherIcy}`, game: 'icy' }),
    });
    expect(r.status, await r.clone().text()).toBe(303);
    // A forged post naming another game's example is refused by the API.
    const refused = await app.request(`http://127.0.0.1/ui/bots/${bots.icy}/challenge`, {
      method: 'POST',
      body: new URLSearchParams({ opponent: 'example:capture:do-nothing.js' }),
      headers: { accept: 'application/json' },
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('BOT_GAME_MISMATCH');
  }, 30_000);

  it('an unbound bot keeps the choice of game; the entry form lists the board game’s bots only', async () => {
    const old = await page(`/bots/${bots.old}`);
    expect(old).toContain('Game (for a public opponent)');
    const board = (await call('POST', '/v1/leaderboards', { name: 'capture board', game: 'capture' })).body.id;
    const entries = options(await page(`/leaderboards/${board}`));
    expect(entries).toEqual(expect.arrayContaining([bots.capture, bots.publicCapture, bots.old]));
    expect(entries).not.toContain(bots.icy);
    expect(entries).not.toContain(bots.blockdrop);
  });
});
