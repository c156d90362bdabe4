import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './http.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

// `npm start` with STORE=memory: the whole API on the in-memory backend, no local servers, nothing on disk.

const dataDir = join(mkdtempSync(join(tmpdir(), 'umpire-memory-')), 'data');
let server: RunningServer;
const { call, finish } = apiClient(() => server.base);

beforeAll(async () => {
  server = await startServer({ dataDir, env: { STORE: 'memory', UMPIRE_WORKERS: '2' } });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const idle = 'export default () => "idle"';

describe('a server on STORE=memory', () => {
  it('plays a match, stores it, and lists it by bot and among public matches', async () => {
    const played = await call('POST', '/v1/matches', {
      game: 'icy',
      seed: 7,
      red: { js: `// memory\n${idle}` },
      blue: { js: idle },
    });
    expect(played.status, played.text).toBe(201);
    const { id } = played.body;
    expect((await call('GET', `/v1/matches/${id}`)).body).toMatchObject({ id });
    const replay = await fetch(`${server.base}/v1/matches/${id}/replay`);
    expect(replay.status).toBe(200);
    expect(typeof (await replay.json())).toBe('object');
    const byBot = await call('GET', `/v1/matches?bot=${played.body.bots.red.sha256}&limit=5`);
    expect(byBot.body.items.map((m: { id: string }) => m.id)).toEqual([id]);
    const bad = await call(
      'GET',
      `/v1/matches?bot=${played.body.bots.red.sha256}&cursor=${Buffer.from('{"pk":{"S":"x"}}').toString('base64url')}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_CURSOR');
  });

  it('runs a leaderboard round on it', async () => {
    const bots: string[] = [];
    for (const name of ['hunter', 'idle'])
      bots.push((await call('POST', '/v1/bots', { name, js: `// ${name}\n${idle}`, game: 'icy' })).body.id);
    const board = (await call('POST', '/v1/leaderboards', { name: 'memory ladder', game: 'icy', rating: 'elo' })).body
      .id;
    for (const bot of bots) expect((await call('POST', `/v1/leaderboards/${board}/entries`, { bot })).status).toBe(201);
    const round = await call('POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.status).toBe(202);
    expect(await finish(board, round.body.id)).toMatchObject({ total: 2, done: 2, failed: 0 });
    expect(
      (await call('GET', `/v1/leaderboards/${board}`)).body.table.map((e: { played: number }) => e.played),
    ).toEqual([2, 2]);
  }, 60_000);

  it('says where its data is, and writes nothing to the data folder', () => {
    expect(server.output()).toContain('storage: in memory (STORE=memory)');
    expect(() => readdirSync(dataDir)).toThrow();
  });
});

describe('a server on a STORE it does not have', () => {
  it('exits at once with STORE_UNKNOWN and the list of backends', async () => {
    const child = spawn(process.execPath, ['dist/functions/node.js'], {
      env: { ...process.env, STORE: 'floppy', PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr!.on('data', (chunk) => (errors += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(errors).toContain('STORE=floppy is not a storage backend here');
    expect(errors).toContain('(STORE_UNKNOWN)');
    expect(errors).toContain('embedded:');
  }, 30_000);
});
