import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKey } from './keys.js';
import { useServer } from '../support/server.js';

// API keys against the local server started with AUTH=required, keys made by `umpire keys create`.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-auth-'));
const server = useServer({ dataDir, env: { AUTH: 'required' } });

const idle = 'export default () => "idle"';
const post = (key?: string) =>
  fetch(`${server.base}/v1/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ game: 'icy', red: { js: idle }, blue: { js: idle } }),
  });

describe('API keys', () => {
  let alice: { key: string; id: string };
  let matchId = '';

  it('writes need a key when the server requires one', async () => {
    const r = await post();
    expect(r.status).toBe(401);
    expect((await r.json()).error.code).toBe('UNAUTHORIZED');
    expect((await post('umpire_not-a-real-key-at-all-000000000000000000000')).status).toBe(401);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  });

  it('`umpire keys create` makes a key the server accepts; the match belongs to it', async () => {
    alice = await createKey(dataDir, 'alice', 50);
    expect(alice.key).toMatch(/^umpire_[A-Za-z0-9_-]{43}$/);
    const r = await post(alice.key);
    expect(r.status).toBe(201);
    const record = await r.json();
    expect(record.owner).toBe(alice.id);
    matchId = record.id;
    // Reads stay public by unguessable id.
    expect((await fetch(`${server.base}/v1/matches/${matchId}`)).status).toBe(200);
  }, 30_000);

  it('bot logs are shown to the owner only', async () => {
    const mine = await fetch(`${server.base}/v1/matches/${matchId}/logs`, {
      headers: { authorization: `Bearer ${alice.key}` },
    });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({ red: '', blue: '' });
    const bob = await createKey(dataDir, 'bob', 50);
    const theirs = await fetch(`${server.base}/v1/matches/${matchId}/logs`, {
      headers: { authorization: `Bearer ${bob.key}` },
    });
    expect(theirs.status).toBe(403);
    expect((await fetch(`${server.base}/v1/matches/${matchId}/logs`)).status).toBe(401);

    // Bundles too: only the uploader sees them.
    const uploaded = await fetch(`${server.base}/v1/bots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.key}` },
      body: JSON.stringify({ js: idle, game: 'icy' }),
    });
    const bot = (await uploaded.json()).id;
    const as = (k: string) => ({ headers: { authorization: `Bearer ${k}` } });
    expect((await fetch(`${server.base}/v1/bots/${bot}/bundle`, as(alice.key))).status).toBe(200);
    expect((await fetch(`${server.base}/v1/bots/${bot}/bundle`, as(bob.key))).status).toBe(404);
    expect((await fetch(`${server.base}/v1/bots/${bot}`, as(bob.key))).status).toBe(404);
  }, 30_000);

  it('limits the writes of a key per minute', async () => {
    // Stay clear of a minute boundary, where the window starts over.
    const second = new Date().getSeconds();
    if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const carol = await createKey(dataDir, 'carol', 2);
    expect((await post(carol.key)).status).toBe(201);
    expect((await post(carol.key)).status).toBe(201);
    const limited = await post(carol.key);
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);
});
