import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';

const server = useServer();

const postJson = async (path: string, body: unknown) => {
  const r = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
};

describe('stored bots', () => {
  let hunter: Record<string, any>;
  let wasm: Record<string, any>;

  it('POST /v1/bots validates and stores a bundle once, and returns its id', async () => {
    const r = await postJson('/v1/bots', {
      name: 'hunter',
      js: readFileSync('src/games/icy/bots/hunter.js', 'utf8'),
      game: 'icy',
    });
    expect(r.status).toBe(201);
    hunter = r.body;
    expect(hunter).toMatchObject({
      name: 'hunter',
      kind: 'js',
      owner: 'local',
      id: expect.stringMatching(/^bot_[A-Za-z0-9_-]{22}$/),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const form = new FormData();
    form.set('game', 'icy');
    form.set('bot', new Blob([readFileSync('build/bots/hunter.wasm')]), 'hunter.wasm');
    const w = await fetch(`${server.base}/v1/bots`, { method: 'POST', body: form });
    expect(w.status).toBe(201);
    wasm = await w.json();
    expect(wasm).toMatchObject({ kind: 'wasm', name: 'hunter.wasm' });
    expect(await (await fetch(`${server.base}/v1/bots/${hunter.id}`)).json()).toEqual(hunter);
    const bundle = await fetch(`${server.base}/v1/bots/${hunter.id}/bundle`);
    expect(await bundle.text()).toBe(readFileSync('src/games/icy/bots/hunter.js', 'utf8'));
  }, 30_000);

  it.each([
    ['does not parse', 'export default function (', /does not load: SyntaxError/],
    ['throws', 'export default () => { throw new Error("no"); }', /does not answer a turn: error \(Error: no\)/],
    ['answers no string', 'export default () => 7', /returned number/],
  ])('refuses a bot that %s, saying why', async (_, js, message) => {
    const r = await postJson('/v1/bots', { js, game: 'icy' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('BOT_INVALID');
    expect(r.body.error.message).toMatch(message);
  });

  it('plays matches between stored bots by id', async () => {
    const r = await postJson('/v1/matches', { game: 'icy', seed: 3, red: { bot: hunter.id }, blue: { bot: wasm.id } });
    expect(r.status).toBe(201);
    expect(r.body.bots.red).toMatchObject({ name: 'hunter', kind: 'js', sha256: hunter.sha256 });
    expect(r.body.bots.blue).toMatchObject({ kind: 'wasm', sha256: wasm.sha256 });
    expect(r.body.turns).toBe(180);
    const unknown = await postJson('/v1/matches', {
      game: 'icy',
      red: { bot: 'bot_AAAAAAAAAAAAAAAAAAAAAA' },
      blue: { bot: hunter.id },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'NOT_FOUND', details: { field: 'red.bot' } });
  }, 30_000);
});
