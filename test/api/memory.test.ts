import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyLimits } from '../../src/api/limits.js';
import { flood, rss, sampleRss } from './flood.js';
import { useServer } from '../support/server.js';

// The keyless local server (`npm start` as it comes: no AUTH, every write accepted as the local
// owner) as its own process, sent 1.2 GB bodies by an anonymous client: to every form action and
// every write of the API, with a Content-Length and chunked. Each is refused with 413 within a
// second, and the server's resident memory grows by less than 50 MB (a match request, whose limit is
// 28 MiB, by less than that and twice its limit): nothing buffers a body past its route's limit. The
// sender holds 1 MiB: the body is one chunk written again and again.

const GB = 1.2e9;
const MB = 1024 * 1024;

const server = useServer();
let pid = 0;

beforeAll(async () => {
  pid = server.process.pid!;
}, 60_000);

interface Write {
  readonly method: string;
  readonly path: string;
  /** Whether the route reads a body (the API's operations that declare one, and every form action). */
  readonly readsBody: boolean;
}

/**
 * Every write of the API (from its OpenAPI document) and every form action of the pages. A route
 * that reads a body names a board and a bot that exist, so that it goes on to read it; one that reads
 * none names made-up ids (it is only to answer without reading, and to do nothing).
 */
async function writeRoutes(board: string, bot: string): Promise<Write[]> {
  const doc = (await (await fetch(`${server.base}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  const withIds = (path: string, readsBody: boolean) =>
    (readsBody
      ? path
          .replace(/^\/v1\/leaderboards\/\{id\}/, `/v1/leaderboards/${board}`)
          .replace(/^\/v1\/bots\/\{id\}/, `/v1/bots/${bot}`)
      : path
    ).replace(/\{[^}]+\}/g, 'x_made_up');
  const api = Object.entries(doc.paths).flatMap(([path, operations]) =>
    ['post', 'put', 'patch', 'delete']
      .filter((m) => m in operations)
      .map((m): Write => {
        const readsBody = operations[m]!.requestBody !== undefined;
        return { method: m.toUpperCase(), path: withIds(path, readsBody), readsBody };
      }),
  );
  const forms = [
    '/ui/bots',
    '/ui/leaderboards',
    '/ui/games/icy/try',
    `/ui/bots/${bot}/challenge`,
    `/ui/leaderboards/${board}/entries`,
    `/ui/leaderboards/${board}/rounds`,
    `/ui/leaderboards/${board}/settings`,
    `/ui/leaderboards/${board}/invites`,
    `/ui/bots/${bot}/versions`,
    '/ui/signup',
  ];
  return [...forms.map((path): Write => ({ method: 'POST', path, readsBody: true })), ...api];
}

/** The bundle size the server takes (AppConfig.maxBundleBytes, 5 MiB unless an embedder says otherwise). */
const DEFAULT_MAX_BUNDLE = 5 * MB;

/**
 * How much a flood may make the server hold: 50 MB, or for a route that takes bodies of more than
 * 16 MiB (a match request: bundles for every seat), twice its limit besides: a body within the limit
 * is read whole (its bytes, then its text) before it is found too large, and measured, a chunked
 * flood to POST /v1/matches (28 MiB) raises the server's resident memory by 25 to 55 MB.
 */
const allowance = (limit: number) => (limit > 16 * MB ? 50 * MB + 2 * limit : 50 * MB);

/** A content type the route reads: the pages' forms and bot uploads take multipart forms, the rest JSON. */
const contentType = (path: string) =>
  path.startsWith('/ui/') || path === '/v1/bots' ? 'multipart/form-data; boundary=x' : 'application/json';

describe('1.2 GB posted anonymously to the keyless server', () => {
  it('to /ui/bots, chunked and with its Content-Length: 413 within 1 s, the memory grows by less than 50 MB', async () => {
    // Warm: the first form post loads what every later one uses.
    await fetch(`${server.base}/ui/bots`, { method: 'POST', body: new FormData() });
    for (const declare of [false, true]) {
      const before = rss(pid);
      const sampler = sampleRss(pid);
      const { status, elapsed, sent } = await flood(`${server.base}/ui/bots`, GB, declare, 5_000);
      // What the server may still have been reading settles.
      await new Promise((r) => setTimeout(r, 500));
      const peak = sampler.stop();
      expect(status, `declared: ${declare}`).toBe(413);
      expect(elapsed, `declared: ${declare}`).toBeLessThan(1_000);
      expect(sent).toBeLessThan(GB);
      expect(peak - before, `declared: ${declare}: ${Math.round((peak - before) / MB)} MB`).toBeLessThan(50 * MB);
    }
  }, 30_000);

  it('to every other form action and every write of the API: 413 within 1 s each, and the memory stays', async () => {
    // A board and a bot of the local owner, made as any client of the keyless server may.
    const board = await fetch(`${server.base}/v1/leaderboards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'flooded', game: 'icy' }),
    });
    expect(board.status).toBe(201);
    const upload = new FormData();
    upload.set('game', 'icy');
    upload.set('bot', new File([readFileSync('src/games/icy/bots/random.js')], 'random.js'));
    const bot = await fetch(`${server.base}/v1/bots`, { method: 'POST', body: upload });
    expect(bot.status).toBe(201);
    // Warm: a first (small) match request loads what reading one needs.
    expect(
      (
        await fetch(`${server.base}/v1/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(400);
    const routes = await writeRoutes((await board.json()).id, (await bot.json()).id);
    expect(routes.filter((r) => r.readsBody).length).toBeGreaterThan(10);
    const limitOf = bodyLimits(DEFAULT_MAX_BUNDLE);
    const grew: string[] = [];
    for (const { method, path, readsBody } of routes) {
      for (const declare of [false, true]) {
        const before = rss(pid);
        const sampler = sampleRss(pid);
        const { status, elapsed } = await flood(`${server.base}${path}`, GB, declare, 5_000, contentType(path), method);
        await new Promise((r) => setTimeout(r, 100));
        const peak = sampler.stop();
        const what = `${method} ${path} ${declare ? 'with Content-Length' : 'chunked'}`;
        // A route that reads no body answers without it (a made-up id: 400 or 404); a declared length over 64 KiB is refused first.
        if (readsBody || declare) expect(status, what).toBe(413);
        else expect(String(status), what).toMatch(/^40[04]$/);
        expect(elapsed, what).toBeLessThan(1_000);
        grew.push(`${what}: ${status} in ${elapsed} ms, ${Math.round((peak - before) / MB)} MB`);
        expect(peak - before, grew.join('\n')).toBeLessThan(allowance(limitOf(method, path).max));
      }
    }
    // Nothing is kept: once the server's heap has grown to what a match request's flood needs (five
    // of them), five more leave it where it was (a body kept each time would be 28 MiB a flood).
    const matchFloods = async () => {
      for (let k = 0; k < 5; k++)
        expect((await flood(`${server.base}/v1/matches`, GB, false, 5_000, 'application/json')).status).toBe(413);
      await new Promise((r) => setTimeout(r, 300));
      return rss(pid);
    };
    const settled = await matchFloods();
    expect((await matchFloods()) - settled).toBeLessThan(50 * MB);
    // And it answers at once.
    const t = Date.now();
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect(Date.now() - t).toBeLessThan(500);
  }, 120_000);
});
