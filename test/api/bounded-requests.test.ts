import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flood, rss } from './flood.js';
import { createKey } from './keys.js';
import { useServer } from '../support/server.js';

// Requests that would hold the server's memory or its event loop, on `npm start` with AUTH=required,
// sent as an anonymous attacker would: a body of 1.2 GB to a form, 800,000 unknown keys, ids of
// 5,000 characters. Each is refused early, small and fast, before any storage is asked.
// (The same checks on the app in process, with stores that must not be asked: bounded-requests.unit.test.ts.)

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bounded-'));
const server = useServer({ dataDir, env: { AUTH: 'required' } });

const GB = 1.2e9;

describe('a body larger than its route allows', () => {
  for (const declare of [false, true]) {
    it(`1.2 GB posted anonymously to /ui/bots ${declare ? 'with its Content-Length' : 'chunked'}: 413 within 1 s, the memory stays`, async () => {
      const pid = server.process.pid!;
      const before = rss(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
      try {
        const { status, elapsed, sent } = await flood(`${server.base}/ui/bots`, GB, declare, 5_000);
        expect(status).toBe(413);
        expect(elapsed).toBeLessThan(1_000);
        expect(sent).toBeLessThan(GB);
        // What the server may still have been reading settles.
        await new Promise((r) => setTimeout(r, 700));
      } finally {
        clearInterval(sampler);
      }
      expect(peak - before).toBeLessThan(50 * 1024 * 1024);
      // And it answers at once afterwards.
      const t = Date.now();
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      expect(Date.now() - t).toBeLessThan(500);
    }, 30_000);
  }

  it('every route has a limit: 70 KB to a leaderboard, a page, an unknown route', async () => {
    for (const path of ['/v1/leaderboards', '/ui/leaderboards', '/v1/nothing-here']) {
      const r = await fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(70 * 1024),
      });
      expect(r.status, path).toBe(413);
      // The API's error, or a page of it to a form post.
      expect(await r.text()).toContain('BODY_TOO_LARGE');
    }
  });

  it('the answer is the 413 whatever the route made of the cut-off body', async () => {
    // A chunked body (no Content-Length) of 100 KiB to a route of 64 KiB: the route's reader fails.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let k = 0; k < 100; k++) controller.enqueue(new Uint8Array(1024).fill(0x20));
        controller.close();
      },
    });
    const { key } = await createKey(dataDir, 'cut off');
    const r = await fetch(`${server.base}/v1/leaderboards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({
      error: { code: 'BODY_TOO_LARGE', message: expect.stringContaining('65536 bytes'), details: { limit: 65536 } },
    });
  });
});

/** A JSON match request of about `bytes`, with one unknown key after another. */
function unknownKeys(bytes: number): { body: string; keys: number } {
  const parts = ['{"game":"icy","red":{"js":"x"},"blue":{"js":"y"}'];
  let size = parts[0]!.length;
  let keys = 0;
  while (size < bytes) {
    const part = `,"unknown_key_number_${String(keys).padStart(8, '0')}":1`;
    parts.push(part);
    size += part.length;
    keys++;
  }
  parts.push('}');
  return { body: parts.join(''), keys };
}

describe('what an error repeats of the request', () => {
  it('26 MB of unknown keys: a small answer, fast, and the server keeps answering meanwhile', async () => {
    const { body, keys } = unknownKeys(26_000_000);
    expect(keys).toBeGreaterThan(800_000);
    const { key } = await createKey(dataDir, 'unknown keys');
    // /healthz every 50 ms while the request is handled: the longest wait tells whether the event loop was held.
    let slowest = 0;
    let polling = true;
    const poll = (async () => {
      for (let i = 0; polling && i < 200; i++) {
        const t = Date.now();
        await fetch(`${server.base}/healthz`);
        slowest = Math.max(slowest, Date.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const started = Date.now();
    const r = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body,
    });
    const text = await r.text();
    const elapsed = Date.now() - started;
    polling = false;
    await poll;
    expect(r.status).toBe(400);
    expect(JSON.parse(text).error.code).toBe('TOO_MANY_FIELDS');
    expect(text.length).toBeLessThan(2048);
    expect(elapsed).toBeLessThan(2_000);
    expect(slowest).toBeLessThan(1_000);
  }, 30_000);
});

describe('ids, names and cursors of any length', () => {
  const long = 'x'.repeat(5000);

  it('the same on the server: 400 ID_TOO_LONG, not a storage error', async () => {
    const r = await fetch(`${server.base}/v1/leaderboards/${long}`);
    expect(r.status).toBe(400);
    expect((await r.json()).error.code).toBe('ID_TOO_LONG');
    const page = await fetch(`${server.base}/leaderboards/${long}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('ID_TOO_LONG');
  });
});
