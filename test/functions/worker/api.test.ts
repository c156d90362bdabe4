import { request, type IncomingHttpHeaders } from 'node:http';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../../src/games/icy/index.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { runMatch } from '../../../src/match/run-match.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import { inProcessRunner } from '../../../src/match/in-process-runner.js';
import { createStores, ensureStorage } from '../../../src/store/aws/stores.js';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../../src/local-aws/embedded.js';
import { startWrangler, WRANGLER_RUNS, type Wrangler } from './wrangler-dev.js';
import { newApiKey } from '../../../src/api/auth.js';
import { runAntsMatch } from '../../../src/games/ants/match.js';
import { playBlockDrop } from '../../games/blockdrop/play.js';
import { playCapture } from '../../games/capture/play.js';
import { resolveAntsWorld } from '../../../src/games/ants/worlds.js';

const runner = inProcessRunner(nodeBotLoader);

// The deployable Worker (wrangler.toml, functions/worker.ts) in the real Workers
// runtime, storing through the AWS SDK into local S3 and DynamoDB servers.

let storage: EmbeddedStorage;
let worker: Wrangler;
let key = '';

beforeAll(async () => {
  if (!WRANGLER_RUNS) return;
  storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), 'umpire-workers-')));
  const stores = createStores(storage.config);
  await ensureStorage(stores);
  const created = await newApiKey('workers test', 100, new Date());
  await stores.keys.create(created.hash, created.record);
  key = created.key;
  worker = await startWrangler([], {
    S3_ENDPOINT: storage.config.s3.endpoint!,
    DYNAMODB_ENDPOINT: storage.config.dynamodb.endpoint!,
    AWS_ACCESS_KEY_ID: storage.config.credentials!.accessKeyId,
    AWS_SECRET_ACCESS_KEY: storage.config.credentials!.secretAccessKey,
  });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await storage?.close();
});

describe.skipIf(!WRANGLER_RUNS)('the API in the real Workers runtime', () => {
  it('`wrangler deploy --dry-run` builds the worker from wrangler.toml', () => {
    const out = mkdtempSync(join(tmpdir(), 'umpire-worker-build-'));
    execFileSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'deploy', '--dry-run', '--outdir', out], {
      stdio: 'pipe',
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
    });
    expect(existsSync(join(out, 'worker.js'))).toBe(true);
  }, 60_000);

  it('serves the web pages: the home page, a game page and the stylesheet', async () => {
    const home = await fetch(`${worker.base}/`);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await home.text()).toContain('<h2 id="games">Games</h2>');
    const game = await (await fetch(`${worker.base}/games/capture`)).text();
    expect(game).toContain('<h1>Capture');
    expect(game).toContain('Protocol, by example');
    expect(await (await fetch(`${worker.base}/assets/site.css`)).text()).toContain('prefers-color-scheme: dark');
  }, 60_000);

  it('plays a match through POST /v1/matches, stores it, serves record and replay', async () => {
    const hunter = readFileSync('src/games/icy/bots/hunter.js', 'utf8');
    const wasm = readFileSync('build/bots/hunter.wasm');
    const posted = await fetch(`${worker.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ game: 'icy', seed: 12, red: { js: hunter }, blue: { wasm: wasm.toString('base64') } }),
    });
    expect(posted.status).toBe(201);
    const record = await posted.json();
    expect(record).toMatchObject({
      status: 'finished',
      turns: 180,
      bots: { red: { kind: 'js' }, blue: { kind: 'wasm' } },
    });

    const got = await fetch(`${worker.base}/v1/matches/${record.id}`);
    expect(await got.json()).toEqual(record);
    const replay = await (await fetch(record.replayUrl)).json();

    // The same match in Node: the same replay, byte for byte.
    const node = await runMatch({
      game: icyGame,
      options: { rules: ruleSet('queue2011'), map: DEFAULT_MAP },
      seed: 12,
      bots: [
        { kind: 'js', code: hunter },
        { kind: 'wasm', code: new Uint8Array(wasm) },
      ],
      load: nodeBotLoader,
    });
    expect(JSON.stringify(replay.turns.map((t: { a: string[]; c: { f: number }[] }) => [t.a, t.c]))).toBe(
      JSON.stringify(
        node.replay.turns.map((t) => [
          t.step.actions,
          t.calls.map((c) => ({
            f: c.fuel,
            ...(c.failure ? { x: c.failure } : {}),
            ...(c.detail ? { d: c.detail } : {}),
          })),
        ]),
      ),
    );
    expect(record.scores.red.total).toBe(node.result.scores[0]);

    // The viewer is served here too.
    const view = await fetch(record.viewUrl);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toMatch(/text\/html/);
    // It fetches the replay from its own origin, its inline script allowed by hash.
    expect(await view.text()).toContain(`"replayUrl":"/v1/matches/${record.id}/replay"`);
    expect(view.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    expect(view.headers.get('x-content-type-options')).toBe('nosniff');
  }, 90_000);

  it('guards requests here too: a write from another site, a body over its limit', async () => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
    const crossSite = await fetch(`${worker.base}/v1/leaderboards`, {
      method: 'POST',
      headers: { ...headers, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      body: JSON.stringify({ name: 'x', game: 'icy' }),
    });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error.code).toBe('CROSS_SITE_REQUEST');
    // 100 KiB without a Content-Length, to a route of 64 KiB: cut off as it arrives. On a connection
    // of its own (agent: false): the refused rest of the body must not reach the next test's request.
    const large = await new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>(
      (resolve, reject) => {
        const req = request(`${worker.base}/v1/leaderboards`, { method: 'POST', headers, agent: false }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        });
        req.on('error', reject);
        for (let k = 0; k < 100; k++) req.write(Buffer.alloc(1024, 0x20));
        req.end();
      },
    );
    expect(large.status).toBe(413);
    expect(JSON.parse(large.text).error.code).toBe('BODY_TOO_LARGE');
    expect(large.headers['x-content-type-options']).toBe('nosniff');
  }, 60_000);

  it('plays an ants match of 100,000 rounds with the same result as Node', async () => {
    const brains = {
      red: readFileSync('src/games/ants/bots/homing.ant', 'utf8'),
      black: readFileSync('src/games/ants/bots/example.ant', 'utf8'),
    };
    const posted = await fetch(`${worker.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        game: 'ants',
        world: 'sample2',
        seed: 77,
        red: { brain: brains.red },
        black: { brain: brains.black },
      }),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const record = await posted.json();
    const world = resolveAntsWorld('sample2');
    if (!world.ok) throw new Error('sample2 does not resolve');
    const node = runAntsMatch({
      world: world.value.world,
      worldText: world.value.text,
      brains,
      seed: 77,
      rounds: 100_000,
    });
    expect(record).toMatchObject({ game: 'ants', rounds: 100_000, winner: node.result.winner });
    expect([record.scores.red.food, record.scores.black.food]).toEqual([
      node.result.scores.red,
      node.result.scores.black,
    ]);
    const replay = await (await fetch(record.replayUrl)).json();
    expect(replay.snapshots).toEqual(node.replay.snapshots);
  }, 90_000);

  it('plays a four-bot block-drop match with the same replay as Node', async () => {
    const hunter = readFileSync('src/games/blockdrop/bots/hunter.js', 'utf8');
    const random = readFileSync('src/games/blockdrop/bots/random.js', 'utf8');
    const bots = [hunter, random, hunter, random].map((js) => ({ js }));
    const posted = await fetch(`${worker.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ game: 'blockdrop', seed: 9, bots }),
    });
    expect(posted.status).toBe(201);
    const record = await posted.json();
    const replay = await (await fetch(record.replayUrl)).json();
    const node = await playBlockDrop({ bots: bots.map((b) => ({ kind: 'js' as const, code: b.js })), seed: 9, runner });
    expect(JSON.stringify(replay.turns)).toBe(JSON.stringify(node.replay.turns));
    expect(record.winner).toBe(node.summary.winner);
  }, 90_000);

  it('plays a Capture match with bit-identical turns to Node', async () => {
    const red = readFileSync('src/games/capture/bots/gatherer.js', 'utf8');
    const blue = readFileSync('src/games/capture/bots/loopy.js', 'utf8');
    const posted = await fetch(`${worker.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ game: 'capture', seed: 4, red: { js: red }, blue: { js: blue } }),
    });
    expect(posted.status).toBe(201);
    const record = await posted.json();
    const replay = await (await fetch(record.replayUrl)).json();
    const node = await playCapture({
      bots: [
        { kind: 'js', code: red },
        { kind: 'js', code: blue },
      ],
      seed: 4,
      runner,
    });
    expect(JSON.stringify(replay.turns.map((t: { m: unknown; c?: unknown; o: unknown }) => [t.m, t.c, t.o]))).toBe(
      JSON.stringify(node.replay.turns.map((t) => [t.m, t.c, t.o])),
    );
    expect(record.scores.red.pucks).toBe(node.replay.result.scores.red);
  }, 90_000);

  it('plays a round through the Cloudflare Queue and rates it', async () => {
    const call = async (method: string, path: string, body?: unknown) => {
      const send = () =>
        fetch(`${worker.base}${path}`, {
          method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      // After the long matches above, the client may reuse a kept-alive socket that workerd has just
      // closed ("other side closed", no response): sent again once. A crashed runtime fails again.
      const r = await send().catch((e: { cause?: { code?: string } }) => {
        if (e.cause?.code !== 'UND_ERR_SOCKET') throw e;
        return send();
      });
      return { status: r.status, body: await r.json() };
    };
    const bots: string[] = [];
    for (const name of ['hunter', 'idle']) {
      const r = await call('POST', '/v1/bots', {
        name,
        js: readFileSync(`src/games/icy/bots/${name}.js`, 'utf8'),
        game: 'icy',
      });
      expect(r.status).toBe(201);
      bots.push(r.body.id);
    }
    const board = (await call('POST', '/v1/leaderboards', { name: 'edge ladder', game: 'icy' })).body.id;
    for (const bot of bots) expect((await call('POST', `/v1/leaderboards/${board}/entries`, { bot })).status).toBe(201);
    const round = await call('POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.status).toBe(202);
    let status = round.body;
    for (let i = 0; i < 150 && status.status !== 'finished'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await call('GET', `/v1/leaderboards/${board}/rounds/${round.body.id}`)).body;
    }
    expect(status).toMatchObject({ total: 2, done: 2, failed: 0, status: 'finished' });
    const table = (await call('GET', `/v1/leaderboards/${board}`)).body.table;
    expect(table.map((r: { played: number }) => r.played)).toEqual([2, 2]);
    expect(table[0].name).toBe('hunter');
  }, 60_000);

  it('plays a batch and an asynchronous match through the Cloudflare Queue', async () => {
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const send = () =>
        fetch(`${worker.base}${path}`, {
          method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      // A kept-alive socket workerd has just closed is sent again once (see the round's test).
      const r = await send().catch((e: { cause?: { code?: string } }) => {
        if (e.cause?.code !== 'UND_ERR_SOCKET') throw e;
        return send();
      });
      return { status: r.status, headers: r.headers, text: await r.text() };
    };
    const brain = readFileSync('src/games/ants/bots/example.ant', 'utf8');
    const bots: string[] = [];
    for (const name of ['left', 'right'])
      bots.push(JSON.parse((await call('POST', '/v1/bots', { game: 'ants', brain, name })).text).id);
    const created = await call('POST', '/v1/batches', {
      game: 'ants',
      settings: { worlds: ['tiny'], rounds: 1 },
      pairings: Array.from({ length: 6 }, (_, k) => ({ seats: k % 2 ? [bots[1], bots[0]] : bots })),
    });
    expect(created.status, created.text).toBe(202);
    const id = JSON.parse(created.text).id as string;
    const queued = await call(
      'POST',
      '/v1/matches',
      { game: 'ants', world: 'tiny', rounds: 1, red: { bot: bots[0] }, black: { bot: bots[1] } },
      { prefer: 'respond-async' },
    );
    expect(queued.status, queued.text).toBe(202);
    const location = queued.headers.get('location')!;

    let batch = JSON.parse(created.text);
    let match = await call('GET', location);
    for (let i = 0; i < 150 && (batch.status !== 'finished' || match.status !== 200); i++) {
      await new Promise((r) => setTimeout(r, 200));
      batch = JSON.parse((await call('GET', `/v1/batches/${id}`)).text);
      match = await call('GET', location);
    }
    expect(batch).toMatchObject({ total: 6, done: 6, failed: 0, status: 'finished' });
    expect(JSON.parse(match.text)).toMatchObject({ game: 'ants', id: location.split('/').pop() });
    const results = (await call('GET', `/v1/batches/${id}/results`)).text.trim().split('\n');
    expect(new Set(results.map((l) => JSON.parse(l).match)).size).toBe(6);
  }, 60_000);

  it('answers bad input with the same errors as everywhere', async () => {
    const anonymous = await fetch(`${worker.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"game":"icy"}',
    });
    expect(anonymous.status).toBe(401);
    const r = await fetch(`${worker.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: '{"game":"icy"}',
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'red' } });
    expect((await fetch(`${worker.base}/v1/maps/default`)).status).toBe(200);
  });
});
