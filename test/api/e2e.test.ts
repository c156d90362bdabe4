import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyHistory, ruleSet } from '../../src/games/icy/index.js';
import { useServer } from '../support/server.js';

// End to end over HTTP: the `npm start` server as its own process, with its
// embedded S3 (s3rver) and DynamoDB (dynalite) servers keeping data on disk.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-e2e-'));
const server = useServer({ dataDir });

const hunter = readFileSync('src/games/icy/bots/hunter.js', 'utf8');
const planter = readFileSync('src/games/icy/bots/planter.js', 'utf8');
const hunterWasm = readFileSync('build/bots/hunter.wasm').toString('base64');

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.base}/v1/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('the match API over HTTP', () => {
  let record: Record<string, any>;

  it('POST /v1/matches plays a match and answers 201 with the record', async () => {
    const r = await post({
      game: 'icy',
      seed: 7,
      red: { name: 'hunter', js: hunter },
      blue: { name: 'planter', js: planter },
    });
    expect(r.status).toBe(201);
    record = r.body;
    expect(record.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(r.headers.get('location')).toBe(`/v1/matches/${record.id}`);
    expect(record).toMatchObject({
      status: 'finished',
      game: 'icy',
      winner: 'red',
      decidedBy: 'score',
      forfeit: null,
      turns: 180,
      scores: { red: { total: 560, hits: 560, domainSum: 0 }, blue: { total: 492, hits: 0 } },
      bots: {
        red: { name: 'hunter', kind: 'js', timeouts: 0, errors: 0, crashes: 0 },
        blue: { name: 'planter', kind: 'js' },
      },
      manifest: { engine: 'umpire/0.3.0', game: 'icy', rules: 'queue2011', map: { name: 'default' }, seed: 7 },
      replayUrl: `${server.base}/v1/matches/${record.id}/replay`,
      viewUrl: `${server.base}/v1/matches/${record.id}/view`,
    });
    expect(record.bots.red.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(record.manifest.bots).toEqual({ red: record.bots.red.sha256, blue: record.bots.blue.sha256 });
    expect(record.manifest.budgets.turnFuel).toBeGreaterThan(0);
  }, 60_000);

  it('GET /v1/matches/:id gives the record', async () => {
    const r = await fetch(`${server.base}/v1/matches/${record.id}`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual(record);
  });

  it('GET the replay URL gives the gzip JSON replay, and ?format=turns a history verify-turns accepts', async () => {
    const r = await fetch(record.replayUrl, { headers: { 'accept-encoding': 'identity' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    const replay = await r.json(); // fetch undoes the gzip Content-Encoding
    expect(replay).toMatchObject({ format: 'umpire-replay', version: 1, game: 'icy' });
    expect(replay.manifest).toMatchObject({
      engine: record.manifest.engine,
      rules: 'queue2011',
      seed: 7,
      map: record.manifest.map,
    });
    expect(replay.manifest.bots.red).toEqual({ name: 'hunter', sha256: record.bots.red.sha256, kind: 'js' });
    expect(replay.result.scores).toEqual([560, 492]);
    expect(replay.turns).toHaveLength(180);
    const turns = await fetch(`${record.replayUrl}?format=turns`);
    expect(turns.status).toBe(200);
    const history = new Uint8Array(await turns.arrayBuffer());
    const v = verifyHistory(history, ruleSet('queue2011'), { keepStates: true });
    expect(v.mismatch).toBeNull();
    expect(v.states[180]!.score).toEqual([560, 492]);
  });

  it('a multipart form with files works too, and a WebAssembly bot plays', async () => {
    const form = new FormData();
    form.set('game', 'icy');
    form.set('seed', '3');
    form.set('map', 'map1');
    form.set('red', new Blob([readFileSync('src/games/icy/bots/idle.js')]), 'idle.js');
    form.set('blue', new Blob([readFileSync('build/bots/hunter.wasm')]), 'hunter.wasm');
    const r = await fetch(`${server.base}/v1/matches`, { method: 'POST', body: form });
    expect(r.status).toBe(201);
    const body = await r.json();
    expect(body).toMatchObject({
      winner: 'blue',
      bots: { red: { name: 'idle.js', kind: 'js' }, blue: { name: 'hunter.wasm', kind: 'wasm' } },
      manifest: { seed: 3, map: { name: 'map1' } },
    });
  }, 60_000);

  it('lists a bot’s matches newest first, page by page', async () => {
    const sha = record.bots.red.sha256;
    const more = await post({ game: 'icy', seed: 8, red: { js: hunter }, blue: { wasm: hunterWasm } });
    expect(more.status).toBe(201);
    const first = await (await fetch(`${server.base}/v1/matches?bot=${sha}&limit=1`)).json();
    expect(first.items.map((m: { id: string }) => m.id)).toEqual([more.body.id]);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await (await fetch(`${server.base}/v1/matches?bot=${sha}&limit=1&cursor=${first.cursor}`)).json();
    expect(second.items.map((m: { id: string }) => m.id)).toEqual([record.id]);
    const bad = await fetch(`${server.base}/v1/matches?bot=${sha}&cursor=garbage`);
    expect(bad.status).toBe(400);
  }, 60_000);

  it('POST /v1/matches/:id/verify re-runs the match from the stored bundles and finds the same replay', async () => {
    const r = await fetch(`${server.base}/v1/matches/${record.id}/verify`, { method: 'POST' });
    expect(r.status).toBe(200);
    const v = await r.json();
    expect(v).toMatchObject({ id: record.id, identical: true, firstDifferentTurn: null });
    expect(v.rerunSha256).toBe(v.storedSha256);
  }, 60_000);

  it('keeps everything across a restart', async () => {
    await server.stop();
    await server.start();
    const r = await fetch(`${server.base}/v1/matches/${record.id}`);
    expect(r.status).toBe(200);
    expect((await r.json()).scores).toEqual(record.scores);
    const replay = await fetch(`${server.base}/v1/matches/${record.id}/replay`);
    expect(replay.status).toBe(200);
    expect((await replay.json()).turns).toHaveLength(180);
  }, 60_000);

  it('an Idempotency-Key makes a retried POST return the same match', async () => {
    const body = { game: 'icy', seed: 9, red: { js: hunter }, blue: { js: planter } };
    const a = await post(body, { 'Idempotency-Key': 'retry-me' });
    const b = await post(body, { 'Idempotency-Key': 'retry-me' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    // A retried multipart POST has a new boundary, yet is the same request.
    const form = () => {
      const f = new FormData();
      f.set('game', 'icy');
      f.set('seed', '4');
      f.set('red', new Blob([hunter]), 'hunter.js');
      f.set('blue', new Blob([planter]), 'planter.js');
      return f;
    };
    const first = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'form-retry' },
      body: form(),
    });
    const again = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'form-retry' },
      body: form(),
    });
    expect(again.status).toBe(201);
    expect((await again.json()).id).toBe((await first.json()).id);
    const other = await post({ ...body, seed: 10 }, { 'Idempotency-Key': 'retry-me' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  }, 60_000);
});

describe('bad input gets a clear error, never a 500', () => {
  const ok = { game: 'icy', red: { js: 'export default () => "idle"' }, blue: { js: 'export default () => "idle"' } };

  it.each([
    ['not JSON', '{"game": ', 400, 'INVALID_JSON', '(body)'],
    ['a missing bot', { game: 'icy', red: ok.red }, 400, 'INVALID_REQUEST', 'blue'],
    ['another game', { ...ok, game: 'chess' }, 400, 'INVALID_REQUEST', 'game'],
    ['both js and wasm', { ...ok, red: { js: 'x', wasm: 'AAAA' } }, 400, 'INVALID_REQUEST', 'red'],
    ['a bad seed', { ...ok, seed: -1 }, 400, 'INVALID_REQUEST', 'seed'],
    ['unknown rules', { ...ok, rules: 'queue2012' }, 400, 'INVALID_REQUEST', 'rules'],
    ['an unknown field', { ...ok, colour: 'red' }, 400, 'INVALID_REQUEST', '(body)'],
    ['too much fuel', { ...ok, budgets: { turnFuel: 1e15 } }, 400, 'INVALID_REQUEST', 'budgets.turnFuel'],
    ['an unknown map name', { ...ok, map: 'atlantis' }, 400, 'UNKNOWN_MAP', 'map'],
    ['an invalid inline map', { ...ok, map: '...\n...' }, 422, 'MAP_INVALID', 'map'],
  ])('%s', async (_, body, status, code, field) => {
    const r = await post(body);
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.details?.field).toBe(field);
    expect(typeof r.body.error.message).toBe('string');
  });

  it('a bundle above the 5 MB limit: 413', async () => {
    const r = await post({ ...ok, red: { js: 'x'.repeat(5 * 1024 * 1024 + 1) } });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ code: 'BUNDLE_TOO_LARGE', details: { field: 'red' } });
  }, 30_000);

  it('a broken bundle is not an error of the request: the match is a forfeit', async () => {
    const r = await post({ ...ok, blue: { js: 'export default function (' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ winner: 'red', forfeit: 'blue', decidedBy: 'forfeit', turns: 0 });
    expect(r.body.bots.blue.forfeit.code).toBe('BUNDLE_SYNTAX');
  });

  it.each([
    ['/v1/matches/AAAAAAAAAAAAAAAAAAAAAA', 404],
    ['/v1/matches/not-an-id/replay', 404],
    ['/v1/maps/atlantis', 404],
    ['/v1/nothing', 404],
    ['/v1/matches?bot=xyz', 400],
  ])('GET %s: %i', async (path, status) => {
    const r = await fetch(`${server.base}${path}`);
    expect(r.status).toBe(status);
    expect((await r.json()).error.code).toEqual(expect.any(String));
  });

  it('the other endpoints answer', async () => {
    expect(await (await fetch(`${server.base}/healthz`)).json()).toEqual({ status: 'ok', version: '0.3.0' });
    const maps = await (await fetch(`${server.base}/v1/maps`)).json();
    expect(maps.maps.map((m: { name: string }) => m.name)).toContain('default');
    const map = await (await fetch(`${server.base}/v1/maps/map1`)).json();
    expect(map).toMatchObject({ name: 'map1', trees: 16 });
    const doc = await (await fetch(`${server.base}/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/matches', '/v1/matches/{id}', '/v1/matches/{id}/replay', '/v1/maps', '/healthz']),
    );
    // POST /v1/matches takes one of the games' requests; the icy one is among them.
    const requests = doc.paths['/v1/matches'].post.requestBody.content['application/json'].schema.oneOf.map(
      (s: { $ref: string }) => doc.components.schemas[s.$ref.replace('#/components/schemas/', '')],
    );
    const icy = requests.find((r: { properties: { game: { const: string } } }) => r.properties.game.const === 'icy');
    expect(icy.required).toEqual(['game', 'red', 'blue']);
    const docs = await fetch(`${server.base}/docs`);
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    expect(await docs.text()).toContain('/openapi.json');
  });
});
