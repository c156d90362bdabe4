import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitsFromEnv, roundMatchCount } from '../../src/api/limits.js';
import type { Leaderboard } from '../../src/store/contract/leaderboards.js';
import { createKey, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// Requests that would make the service do unbounded work, and names that are not own
// properties, on `npm start` with AUTH=required and small caps from the environment.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-limits-'));
const server = useServer({
  dataDir,
  env: { AUTH: 'required', UMPIRE_MAX_BOARD_ENTRIES: '5', UMPIRE_MAX_BOARD_MAPS: '3', UMPIRE_MAX_ROUND_MATCHES: '50' },
});
let alice: TestKey;
const call = keyedClient(() => server.base);

beforeAll(async () => {
  alice = await createKey(dataDir, 'alice');
}, 60_000);

const idle = 'export default () => "idle"';

function expectLimit(r: { status: number; body: any }, limit: string, max: number, count: number) {
  expect(r.status).toBe(422);
  expect(r.body.error).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit, max, count } });
  expect(r.body.error.message).toContain(limit);
  expect(r.body.error.message).toContain(String(max));
  expect(r.body.error.message).toContain(String(count));
}

describe('caps', () => {
  it('defaults, and read from the environment', () => {
    expect(limitsFromEnv({})).toEqual({ entriesPerBoard: 64, mapsPerBoard: 8, matchesPerRound: 5000 });
    expect(limitsFromEnv({ UMPIRE_MAX_BOARD_ENTRIES: '10', UMPIRE_MAX_ROUND_MATCHES: '' })).toEqual({
      ...DEFAULT_LIMITS,
      entriesPerBoard: 10,
    });
    expect(() => limitsFromEnv({ UMPIRE_MAX_BOARD_MAPS: '0' })).toThrow(/UMPIRE_MAX_BOARD_MAPS/);
    expect(() => limitsFromEnv({ UMPIRE_MAX_BOARD_MAPS: 'lots' })).toThrow(/positive integer/);
  });

  it('counts a round before scheduling it: 100 block-drop entries would be 15.7 million matches', () => {
    const board = (game: string, extra: Record<string, unknown> = {}) => ({ game, ...extra }) as unknown as Leaderboard;
    expect(roundMatchCount(board('blockdrop'), 100)).toBe(15_684_900);
    expect(roundMatchCount(board('blockdrop'), 3)).toBe(0);
    expect(roundMatchCount(board('blockdrop'), 5)).toBe(20);
    expect(roundMatchCount(board('icy', { maps: ['a', 'b'] }), 4)).toBe(24);
    expect(roundMatchCount(board('ants', { worlds: ['a', 'b', 'c'] }), 3)).toBe(18);
    expect(roundMatchCount(board('capture'), 6)).toBe(30);
  });

  it('maps and worlds per board: repeats dropped, then at most the cap', async () => {
    const deduped = await call(alice, 'POST', '/v1/leaderboards', {
      name: 'x',
      game: 'icy',
      maps: ['default', 'map1', 'default', 'map2', 'map1'],
    });
    expect(deduped.status).toBe(201);
    expect(deduped.body.maps).toEqual(['default', 'map1', 'map2']);
    expectLimit(
      await call(alice, 'POST', '/v1/leaderboards', {
        name: 'x',
        game: 'icy',
        maps: ['default', 'map1', 'map2', 'map3'],
      }),
      'mapsPerBoard',
      3,
      4,
    );
    // Twenty repeats of one map are one map.
    expect(
      (await call(alice, 'POST', '/v1/leaderboards', { name: 'x', game: 'icy', maps: Array(20).fill('map1') })).body
        .maps,
    ).toEqual(['map1']);
    expectLimit(
      await call(alice, 'POST', '/v1/leaderboards', {
        name: 'x',
        game: 'ants',
        worlds: ['sample0', 'sample1', 'sample2', 'generated:1'],
      }),
      'worldsPerBoard',
      3,
      4,
    );
  });

  it('entries per board, then matches per round', async () => {
    const board = (
      await call(alice, 'POST', '/v1/leaderboards', { name: 'full', game: 'icy', maps: ['default', 'map1', 'map2'] })
    ).body.id;
    for (let k = 0; k < 6; k++) {
      const bot = (await call(alice, 'POST', '/v1/bots', { name: `idle ${k}`, js: idle, game: 'icy' })).body.id;
      const entry = await call(alice, 'POST', `/v1/leaderboards/${board}/entries`, { bot });
      if (k < 5) expect(entry.status).toBe(201);
      else expectLimit(entry, 'entriesPerBoard', 5, 6);
    }
    // 5 entries x 4 opponents x 3 maps = 60 matches, above 50: nothing is scheduled.
    expectLimit(await call(alice, 'POST', `/v1/leaderboards/${board}/rounds`), 'matchesPerRound', 50, 60);
    const table = (await call(alice, 'GET', `/v1/leaderboards/${board}`)).body.table;
    expect(table).toHaveLength(5);
    await new Promise((r) => setTimeout(r, 500));
    expect((await call(alice, 'GET', `/v1/leaderboards/${board}/matches`)).text).toBe('');
  }, 60_000);
});

describe('names that are not own properties', () => {
  const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

  it('are unknown maps and worlds: 400, never 500', async () => {
    for (const name of names) {
      const icy = await call(alice, 'POST', '/v1/matches', {
        game: 'icy',
        map: name,
        red: { js: idle },
        blue: { js: idle },
      });
      expect(icy.status, name).toBe(400);
      expect(icy.body.error.code).toBe('UNKNOWN_MAP');
      const form = new FormData();
      form.set('game', 'icy');
      form.set('map', name);
      form.set('red', new Blob([idle]), 'red.js');
      form.set('blue', new Blob([idle]), 'blue.js');
      const multipart = await fetch(`${server.base}/v1/matches`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${alice.key}` },
      });
      expect(multipart.status, name).toBe(400);
      const ants = await call(alice, 'POST', '/v1/matches', {
        game: 'ants',
        world: name,
        rounds: 10,
        red: { brain: 'Drop 0' },
        black: { brain: 'Drop 0' },
      });
      expect(ants.status, name).toBe(400);
      expect(ants.body.error.code).toBe('UNKNOWN_WORLD');
      expect(
        (await call(alice, 'POST', '/v1/leaderboards', { name: 'x', game: 'icy', maps: [name] })).body.error.code,
      ).toBe('UNKNOWN_MAP');
      expect(
        (await call(alice, 'POST', '/v1/leaderboards', { name: 'x', game: 'ants', worlds: [name] })).body.error.code,
      ).toBe('UNKNOWN_WORLD');
      expect((await call(null, 'GET', `/v1/maps/${name}`)).status).toBe(404);
    }
  }, 60_000);

  it('are unknown fields of a request, as JSON keys or form fields', async () => {
    const json = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.key}` },
      body: `{"game":"icy","__proto__":{"map":"default"},"red":{"js":${JSON.stringify(idle)}},"blue":{"js":${JSON.stringify(idle)}}}`,
    });
    expect(json.status).toBe(400);
    const form = new FormData();
    form.set('game', 'icy');
    form.set('red', new Blob([idle]), 'red.js');
    form.set('blue', new Blob([idle]), 'blue.js');
    form.set('__proto__', new Blob([idle]), 'x.js');
    const multipart = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${alice.key}` },
    });
    expect(multipart.status).toBe(400);
    expect((await multipart.json()).error.code).toBe('INVALID_REQUEST');
  });
});
