import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiClient } from './http.js';
import { useServer } from '../support/server.js';

// An ants leaderboard on the local server: brains stored as bots, every pair
// played twice per world with colors swapped, 2 points a win and 1 a draw.

const server = useServer();

const { call, finish } = apiClient(() => server.base);

describe('an ants leaderboard', () => {
  const bots: Record<string, string> = {};

  it('stores brains as bots, and refuses a brain that does not parse', async () => {
    for (const name of ['homing', 'example']) {
      const r = await call('POST', '/v1/bots', {
        name,
        brain: readFileSync(`src/games/ants/bots/${name}.ant`, 'utf8'),
      });
      expect(r.status).toBe(201);
      expect(r.body.kind).toBe('ant');
      bots[name] = r.body.id;
    }
    const idle = await call('POST', '/v1/bots', { name: 'idle', brain: 'Turn Left 0\n' });
    bots.idle = idle.body.id;
    const bad = await call('POST', '/v1/bots', { brain: 'Turn Left 0\nMove 0 2\n' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({
      code: 'BOT_INVALID',
      message: 'the brain does not parse: line 2 (state 1): state 2 is beyond the program (states 0..1)',
    });
  });

  it('plays a stored brain in a match by id, and keeps brains out of icy matches', async () => {
    const match = await call('POST', '/v1/matches', {
      game: 'ants',
      rounds: 300,
      red: { bot: bots.homing },
      black: { bot: bots.example },
    });
    expect(match.status).toBe(201);
    expect(match.body.bots.red).toMatchObject({ name: 'homing', kind: 'ant' });
    const icy = await call('POST', '/v1/matches', {
      game: 'icy',
      red: { bot: bots.homing },
      blue: { js: 'export default () => ""' },
    });
    expect(icy.status).toBe(400);
    expect(icy.body.error.code).toBe('WRONG_GAME');
  });

  it('plays every pair both ways on every world and ranks by points', async () => {
    const created = await call('POST', '/v1/leaderboards', {
      name: 'ambiants',
      game: 'ants',
      worlds: ['sample0', 'generated:5'],
      rounds: 3000,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ game: 'ants', worlds: ['sample0', 'generated:5'], rounds: 3000 });
    const board = created.body.id;
    for (const id of Object.values(bots))
      expect((await call('POST', `/v1/leaderboards/${board}/entries`, { bot: id })).status).toBe(201);
    const round = await call('POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.body).toMatchObject({ total: 12, status: 'running' }); // 3 x 2 ordered pairs, 2 worlds
    expect(await finish(board, round.body.id)).toMatchObject({ total: 12, done: 12, failed: 0 });

    const lines = (await call('GET', `/v1/leaderboards/${board}/matches?limit=100`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(12);
    const pairs = lines.map((l) => `${l.map}:${l.red.botId}>${l.black.botId}`);
    expect(new Set(pairs).size).toBe(12);
    const points: Record<string, number> = {};
    for (const l of lines) {
      if (l.winner === 'draw') {
        points[l.red.botId] = (points[l.red.botId] ?? 0) + 1;
        points[l.black.botId] = (points[l.black.botId] ?? 0) + 1;
      } else {
        const winner = l.winner === 'red' ? l.red.botId : l.black.botId;
        points[winner] = (points[winner] ?? 0) + 2;
      }
    }
    const table = (await call('GET', `/v1/leaderboards/${board}`)).body.table as {
      botId: string;
      points: number;
      played: number;
      wins: number;
    }[];
    expect(table.map((row) => row.points)).toEqual([...table.map((row) => row.points)].sort((a, b) => b - a));
    for (const row of table) {
      expect(row.points).toBe(points[row.botId] ?? 0);
      expect(row.played).toBe(8);
    }
    // The idle brain never gathers food: it cannot win a match.
    expect(table.find((row) => row.botId === bots.idle)!.wins).toBe(0);
  }, 120_000);

  it('refuses an unknown world and a JS bot on an ants board', async () => {
    const unknown = await call('POST', '/v1/leaderboards', { name: 'x', game: 'ants', worlds: ['mars'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('UNKNOWN_WORLD');
    const board = (await call('POST', '/v1/leaderboards', { name: 'y', game: 'ants' })).body.id;
    const js = await call('POST', '/v1/bots', {
      name: 'idle',
      js: readFileSync('src/games/icy/bots/idle.js', 'utf8'),
      game: 'icy',
    });
    const entry = await call('POST', `/v1/leaderboards/${board}/entries`, { bot: js.body.id });
    expect(entry.status).toBe(400);
    expect(entry.body.error.code).toBe('WRONG_GAME');
  });
});
