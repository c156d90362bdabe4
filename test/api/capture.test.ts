import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiClient } from './http.js';
import { useServer } from '../support/server.js';

// Capture matches and leaderboards through `npm start`'s server (embedded S3 and DynamoDB servers).

const js = (name: string) => readFileSync(`src/games/capture/bots/${name}.js`, 'utf8');

const server = useServer();
const { call, finish } = apiClient(() => server.base);

describe('Capture matches over HTTP', () => {
  let record: Record<string, any>;

  it('POST /v1/matches with game "capture" plays 900 turns and answers 201 with the record', async () => {
    const r = await call('POST', '/v1/matches', {
      game: 'capture',
      seed: 1,
      red: { name: 'gatherer', js: js('gatherer') },
      blue: { name: 'idle', js: js('do-nothing') },
    });
    expect(r.status).toBe(201);
    record = r.body;
    expect(record).toMatchObject({
      game: 'capture',
      winner: 'red',
      decidedBy: 'pucks',
      turns: 900,
      bots: { red: { name: 'gatherer', kind: 'js', nullMoves: 0 } },
    });
    expect(record.scores.red.pucks).toBeGreaterThan(record.scores.blue.pucks);
  }, 60_000);

  it('serves the record, the replay, the logs and the viewer, and verifies the match byte for byte', async () => {
    expect((await call('GET', `/v1/matches/${record.id}`)).body).toEqual(record);
    const replay = await (await fetch(record.replayUrl)).json();
    expect(replay).toMatchObject({ format: 'umpire-capture-replay/1', seed: 1, result: { winner: 'red' } });
    expect(replay.turns).toHaveLength(900);
    expect(Object.keys(await (await fetch(`${server.base}/v1/matches/${record.id}/logs`)).json())).toEqual([
      'red',
      'blue',
    ]);
    expect((await fetch(record.viewUrl)).status).toBe(200);
    expect((await call('POST', `/v1/matches/${record.id}/verify`)).body).toMatchObject({ identical: true });
  }, 60_000);

  it('rejects a missing side and an ants brain as a bot', async () => {
    const missing = await call('POST', '/v1/matches', { game: 'capture', red: { js: js('loopy') } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.field).toBe('blue');
    const brain = await call('POST', '/v1/bots', { brain: 'Turn Left 0\n' });
    const wrong = await call('POST', '/v1/matches', {
      game: 'capture',
      red: { bot: brain.body.id },
      blue: { js: js('loopy') },
    });
    expect(wrong.body.error.code).toBe('WRONG_GAME');
  });
});

describe('a Capture leaderboard', () => {
  it('plays every ordered pair once and rates both players', async () => {
    const ids: string[] = [];
    for (const name of ['gatherer', 'loopy', 'do-nothing'])
      ids.push((await call('POST', '/v1/bots', { name, js: js(name), game: 'capture' })).body.id);
    // Checked against the game it plays: the gatherer cannot read an Icy turn.
    expect((await call('POST', '/v1/bots', { js: js('gatherer'), game: 'icy' })).body.error.code).toBe('BOT_INVALID');
    const board = (await call('POST', '/v1/leaderboards', { name: 'capture cup', game: 'capture' })).body;
    expect(board).toMatchObject({ game: 'capture' });
    for (const bot of ids)
      expect((await call('POST', `/v1/leaderboards/${board.id}/entries`, { bot })).status).toBe(201);
    const round = await call('POST', `/v1/leaderboards/${board.id}/rounds`);
    expect(round.body).toMatchObject({ total: 6 });
    expect(await finish(board.id, round.body.id)).toMatchObject({ done: 6, failed: 0 });
    const table = (await call('GET', `/v1/leaderboards/${board.id}`)).body.table as {
      botId: string;
      played: number;
      wins: number;
    }[];
    expect(table.map((row) => row.played)).toEqual([4, 4, 4]);
    expect(table[0]!.botId).toBe(ids[0]);
    expect(table[0]!.wins).toBe(4);
  }, 180_000);
});
