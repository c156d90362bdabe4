import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placesByFall } from '../../src/games/blockdrop/match.js';
import { apiClient } from './http.js';
import { useServer } from '../support/server.js';

// Four-player block-drop matches and leaderboards through `npm start`'s server
// (replays in an embedded S3 server, records in an embedded DynamoDB).

const HUNTER = readFileSync('src/games/blockdrop/bots/hunter.js', 'utf8');
const RANDOM = readFileSync('src/games/blockdrop/bots/random.js', 'utf8');

const server = useServer();
const { call, finish } = apiClient(() => server.base);

describe('block-drop matches over HTTP', () => {
  let record: Record<string, any>;

  it('POST /v1/matches with four bots plays the match and answers 201 with the record', async () => {
    const bots = [
      { name: 'hunter', js: HUNTER },
      { name: 'random', js: RANDOM },
      { name: 'hunter 2', js: HUNTER },
      { name: 'random 2', js: RANDOM },
    ];
    const r = await call('POST', '/v1/matches', { game: 'blockdrop', seed: 2, bots });
    expect(r.status).toBe(201);
    record = r.body;
    expect(record).toMatchObject({ game: 'blockdrop', manifest: { game: 'blockdrop', seed: 2 } });
    expect(record.players.map((p: { name: string; kind: string }) => [p.name, p.kind])).toEqual(
      bots.map((b) => [b.name, 'js']),
    );
    const standing = record.players.filter((p: { fellAt: number | null }) => p.fellAt === null);
    expect(record.winner).toBe(standing.length === 1 ? standing[0].id : 'draw');
  }, 30_000);

  it('serves the record, the replay, the logs and the viewer', async () => {
    expect((await call('GET', `/v1/matches/${record.id}`)).body).toEqual(record);
    const replay = await (await fetch(record.replayUrl)).json();
    expect(replay).toMatchObject({
      format: 'umpire-blockdrop-replay/2',
      seed: 2,
      result: { winner: record.winner === 'draw' ? null : record.winner },
    });
    expect(replay.turns).toHaveLength(record.turns);
    const logs = await fetch(`${server.base}/v1/matches/${record.id}/logs`);
    expect(logs.status).toBe(200);
    expect(await logs.json()).toHaveLength(4);
    const page = await fetch(record.viewUrl);
    expect(await page.text()).toContain('blockdrop');
  });

  it('re-plays the stored match byte for byte', async () => {
    expect((await call('POST', `/v1/matches/${record.id}/verify`)).body).toMatchObject({ identical: true });
  }, 30_000);

  it('rejects three bots, and an ants brain as a player', async () => {
    const three = await call('POST', '/v1/matches', {
      game: 'blockdrop',
      bots: [{ js: RANDOM }, { js: RANDOM }, { js: RANDOM }],
    });
    expect(three.status).toBe(400);
    expect(three.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'bots' } });
    const brain = await call('POST', '/v1/bots', { brain: 'Turn Left 0\n' });
    const wrong = await call('POST', '/v1/matches', {
      game: 'blockdrop',
      bots: [{ bot: brain.body.id }, { js: RANDOM }, { js: RANDOM }, { js: RANDOM }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('WRONG_GAME');
  });
});

describe('a block-drop leaderboard', () => {
  it('plays every four entries once from every seat and rates all four players of each match', async () => {
    const ids: string[] = [];
    for (const [name, js] of [
      ['hunter', HUNTER],
      ['random', RANDOM],
      ['hunter b', HUNTER],
      ['random b', RANDOM],
      ['idle', 'export default (s) => (s === "" ? "READY" : "N")'],
    ]) {
      const r = await call('POST', '/v1/bots', { name, js, game: 'blockdrop' });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    const board = (await call('POST', '/v1/leaderboards', { name: 'drop cup', game: 'blockdrop' })).body;
    expect(board).toMatchObject({ game: 'blockdrop', rating: 'openskill' });
    for (const bot of ids)
      expect((await call('POST', `/v1/leaderboards/${board.id}/entries`, { bot })).status).toBe(201);
    const round = await call('POST', `/v1/leaderboards/${board.id}/rounds`);
    expect(round.body).toMatchObject({ total: 20 }); // 5 groups of four, 4 seatings each
    expect(await finish(board.id, round.body.id)).toMatchObject({ done: 20, failed: 0 });

    const lines = (await call('GET', `/v1/leaderboards/${board.id}/matches?limit=100`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(20);
    for (const line of lines) {
      expect(line.players).toHaveLength(4);
      // Ratings are keyed by entry id, which the export shows whether or not the bot id is.
      expect(Object.keys(line.ratings).sort()).toEqual(line.players.map((p: { entryId: string }) => p.entryId).sort());
    }
    const table = (await call('GET', `/v1/leaderboards/${board.id}`)).body.table as {
      botId: string;
      played: number;
      wins: number;
      draws: number;
      losses: number;
    }[];
    for (const row of table) {
      expect(row.played).toBe(16);
      expect(row.wins + row.draws + row.losses).toBe(16);
    }
    const wins = lines.filter((l) => l.winner !== 'draw').length;
    expect(table.reduce((n, row) => n + row.wins, 0)).toBe(wins);
  }, 180_000);

  it('places players by how late they fell, standing players sharing first place', () => {
    expect(placesByFall([null, 40, null, 12])).toEqual([1, 3, 1, 4]);
    expect(placesByFall([5, 5, 9, null])).toEqual([3, 3, 2, 1]);
  });
});
