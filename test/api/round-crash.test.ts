import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jobId, jobMatch } from '../../src/store/contract/job-ids.js';
import { apiClient } from './http.js';
import { useServer } from '../support/server.js';

// A round survives its server: SIGKILL `npm start` in the middle of a round, start it again on
// the same data folder, and the round finishes with every match played and rated exactly once.

const server = useServer({}, { startBeforeAll: false });
const { call } = apiClient(() => server.base);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function roundStatus(board: string, round: string) {
  return (await call('GET', `/v1/leaderboards/${board}/rounds/${round}`)).body as {
    total: number;
    done: number;
    failed: number;
    status: string;
  };
}

describe('a round across a crash of the server', () => {
  it('resumes after SIGKILL: every match once, every rating once', async () => {
    await server.start();
    const bots: { id: string; sha256: string }[] = [];
    for (const name of ['hunter', 'planter', 'random', 'idle']) {
      const r = await call('POST', '/v1/bots', {
        name,
        js: readFileSync(`src/games/icy/bots/${name}.js`, 'utf8'),
        game: 'icy',
      });
      expect(r.status).toBe(201);
      bots.push({ id: r.body.id, sha256: r.body.sha256 });
    }
    // The default budgets: a claim the killed server held would lapse only after 6 minutes or so, past
    // this test's time. The restarted server takes such claims over at once (they predate its storage).
    const created = await call('POST', '/v1/leaderboards', {
      name: 'crash ladder',
      game: 'icy',
      maps: ['default'],
    });
    const board = created.body.id as string;
    for (const bot of bots)
      expect((await call('POST', `/v1/leaderboards/${board}/entries`, { bot: bot.id })).status).toBe(201);
    const started = await call('POST', `/v1/leaderboards/${board}/rounds`);
    expect(started.body).toMatchObject({ total: 12, status: 'running' });
    const round = started.body.id as string;

    // Some matches done, not all: kill the server without warning.
    let before = await roundStatus(board, round);
    for (let i = 0; i < 400 && before.done < 3; i++) {
      await sleep(25);
      before = await roundStatus(board, round);
    }
    expect(before.done).toBeGreaterThanOrEqual(3);
    expect(before.done).toBeLessThan(12);
    await server.kill();

    await server.start();
    let after = await roundStatus(board, round);
    for (let i = 0; i < 300 && after.status !== 'finished'; i++) {
      await sleep(200);
      after = await roundStatus(board, round);
    }
    expect(after).toMatchObject({ total: 12, done: 12, failed: 0, status: 'finished' });

    // Each scheduled match once: the export has 12 lines, 12 distinct matches, exactly the
    // matches of the round's 12 jobs (their ids come from the job ids).
    const exported = await call('GET', `/v1/leaderboards/${board}/matches?limit=1000`);
    const lines = exported.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { match: string; round: string });
    expect(lines).toHaveLength(12);
    const ids = new Set(lines.map((l) => l.match));
    expect(ids.size).toBe(12);
    const expected = await Promise.all(
      Array.from({ length: 12 }, async (_, k) => (await jobMatch(jobId(round, k))).matchId),
    );
    expect([...ids].sort()).toEqual(expected.sort());
    for (const id of ids) expect((await call('GET', `/v1/matches/${id}`)).status).toBe(200);
    // No other match was stored for these bots (a retry under a new id would be listed here).
    for (const bot of bots) {
      const listed = (await call('GET', `/v1/matches?bot=${bot.sha256}&limit=100`)).body.items as { id: string }[];
      expect(listed.length).toBeLessThanOrEqual(6);
      for (const m of listed) expect(ids.has(m.id)).toBe(true);
    }

    // Each rating once: every entry played its 6 matches, each in its history once.
    const table = (await call('GET', `/v1/leaderboards/${board}?history=1`)).body.table as {
      played: number;
      wins: number;
      losses: number;
      draws: number;
      history: { match: string }[];
    }[];
    expect(table).toHaveLength(4);
    for (const row of table) {
      expect(row.played).toBe(6);
      expect(row.wins + row.losses + row.draws).toBe(6);
      expect(new Set(row.history.map((h) => h.match)).size).toBe(6);
      for (const h of row.history) expect(ids.has(h.match)).toBe(true);
    }
  }, 120_000);
});
