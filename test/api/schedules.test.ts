import { describe, expect, it } from 'vitest';
import { apiClient } from './http.js';
import { scheduleHelpers } from './schedule-helpers.js';
import { useServer } from '../support/server.js';

// Rounds beyond the full round robin on the local server: a ladder of 10 entries that plays 60
// matches in batches, Swiss rounds, one running round at a time, and cancelling a round
// (ladder-restart.test.ts: a ladder goes on after a restart; contest-e2e.test.ts plays one of 200
// matches among 20 teams). The bots idle and the store is in
// memory: a match costs little, so what is timed is mostly the schedule.

const server = useServer({ env: { STORE: 'memory', UMPIRE_WORKERS: '2' } });
const { call } = apiClient(() => server.base);

const { idleBots, boardOf, settled, results } = scheduleHelpers(call);

describe('a ladder', () => {
  it('runs 60 matches among 10 entries in batches, every entry playing as often as the others', async () => {
    const board = await boardOf(await idleBots(10, 'ladder'), { maps: ['default', 'map1'] });
    const started = Date.now();
    const round = await call('POST', `/v1/leaderboards/${board}/rounds`, { schedule: 'ladder', matches: 60 });
    expect(round.status, round.text).toBe(202);
    expect(round.body).toMatchObject({
      schedule: 'ladder',
      total: 5, // the first batch: every entry once
      status: 'running',
      plan: { matches: 60, batch: 5, scheduled: 1 },
    });
    expect(round.body).not.toHaveProperty('revision');
    // One running round at a time.
    const second = await call('POST', `/v1/leaderboards/${board}/rounds`);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'ROUND_RUNNING', details: { round: round.body.id } });

    const final = await settled(board, round.body.id);
    console.log(`a ladder of 60 matches among 10 entries: ${Date.now() - started} ms`);
    expect(final).toMatchObject({ total: 60, done: 60, failed: 0, status: 'finished', schedule: 'ladder' });
    expect(final.plan).toMatchObject({ scheduled: 12, ended: true });
    const table = (await call('GET', `/v1/leaderboards/${board}`)).body.table;
    expect(table.map((r: { played: number }) => r.played)).toEqual(Array(10).fill(12));
    const lines = await results(board);
    expect(lines).toHaveLength(60);
    // Colors alternate: every entry sat first in half its matches.
    const firsts = new Map<string, number>();
    for (const l of lines) firsts.set(l.red.entryId, (firsts.get(l.red.entryId) ?? 0) + 1);
    for (const count of firsts.values()) expect(Math.abs(count - 6)).toBeLessThanOrEqual(3);
    expect(new Set(lines.map((l) => l.map))).toEqual(new Set(['default', 'map1']));
    // Finished: a new round is taken.
    const next = await call('POST', `/v1/leaderboards/${board}/rounds`, { schedule: 'ladder', matches: 2 });
    expect(next.status).toBe(202);
    expect((await settled(board, next.body.id)).done).toBe(2);
  }, 240_000);
});

describe('Swiss rounds', () => {
  it('pair close points without rematches and give the odd entry a bye', async () => {
    const board = await boardOf(await idleBots(5, 'swiss'));
    const round = await call('POST', `/v1/leaderboards/${board}/rounds`, { schedule: 'swiss', rounds: 3 });
    expect(round.status, round.text).toBe(202);
    expect(round.body).toMatchObject({ schedule: 'swiss', total: 2, plan: { matches: 6, batches: 3, batch: 2 } });
    const final = await settled(board, round.body.id);
    expect(final).toMatchObject({ total: 6, done: 6, status: 'finished' });
    const pairs = (await results(board)).map((l) => [l.red.entryId, l.blue.entryId].sort().join(' '));
    expect(new Set(pairs).size).toBe(6);
    const table = (await call('GET', `/v1/leaderboards/${board}`)).body.table;
    // Three byes went to three different entries.
    expect(table.map((r: { played: number }) => r.played).sort()).toEqual([2, 2, 2, 3, 3]);
  }, 120_000);
});

describe('rounds one at a time, cancelling', () => {
  it('cancels a round: matches not started are not played, and the round shows its counts', async () => {
    const board = await boardOf(await idleBots(6, 'cancel'));
    const round = await call('POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.body).toMatchObject({ total: 30, status: 'running' });
    const cancelled = await call('POST', `/v1/leaderboards/${board}/rounds/${round.body.id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    let now = cancelled.body;
    for (let k = 0; k < 200 && now.done + now.failed + (now.cancelled ?? 0) < now.total; k++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = (await call('GET', `/v1/leaderboards/${board}/rounds/${round.body.id}`)).body;
    }
    expect(now.done + now.failed + now.cancelled).toBe(30);
    expect(now.cancelled).toBeGreaterThan(20);
    expect(await results(board)).toHaveLength(now.done);
    // Cancelling again changes nothing; a cancelled round does not hold the board.
    expect((await call('POST', `/v1/leaderboards/${board}/rounds/${round.body.id}/cancel`)).body).toMatchObject({
      status: 'cancelled',
      cancelledAt: cancelled.body.cancelledAt,
    });
    const next = await call('POST', `/v1/leaderboards/${board}/rounds`, { schedule: 'swiss', rounds: 1 });
    expect(next.status).toBe(202);
    await settled(board, next.body.id);
    const finished = await call('POST', `/v1/leaderboards/${board}/rounds/${next.body.id}/cancel`);
    expect(finished.status).toBe(409);
    expect(finished.body.error.code).toBe('ROUND_FINISHED');
    expect((await call('POST', `/v1/leaderboards/${board}/rounds/round_none/cancel`)).status).toBe(404);
  }, 120_000);

  it('stops a ladder: no batch follows', async () => {
    const board = await boardOf(await idleBots(4, 'stop'));
    const round = await call('POST', `/v1/leaderboards/${board}/rounds`, { schedule: 'ladder', matches: 1000 });
    expect(round.body.total).toBe(2);
    const cancelled = await call('POST', `/v1/leaderboards/${board}/rounds/${round.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', plan: { ended: true } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const now = (await call('GET', `/v1/leaderboards/${board}/rounds/${round.body.id}`)).body;
    expect(now.total).toBeLessThanOrEqual(4);
    expect(now.done + now.failed + (now.cancelled ?? 0)).toBe(now.total);
  }, 60_000);

  it('starts a second round beside a running one when asked', async () => {
    const board = await boardOf(await idleBots(3, 'side'));
    const first = await call('POST', `/v1/leaderboards/${board}/rounds`);
    const second = await call('POST', `/v1/leaderboards/${board}/rounds`, { concurrent: true });
    expect(second.status).toBe(202);
    expect((await settled(board, first.body.id)).done).toBe(6);
    expect((await settled(board, second.body.id)).done).toBe(6);
  }, 60_000);

  it('refuses options of another schedule, a ladder without matches, and too many matches', async () => {
    const board = await boardOf(await idleBots(2, 'bad'));
    const ask = (body: unknown) => call('POST', `/v1/leaderboards/${board}/rounds`, body);
    expect((await ask({ schedule: 'ladder' })).body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'matches' },
    });
    expect((await ask({ schedule: 'swiss', matches: 3 })).body.error.details.field).toBe('matches');
    expect((await ask({ rounds: 2 })).status).toBe(400);
    expect((await ask({ schedule: 'knockout' })).status).toBe(400);
    expect((await ask({ schedule: 'ladder', matches: 5001 })).body.error).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      details: { limit: 'matchesPerRound', max: 5000, count: 5001 },
    });
    const drop = await call('POST', '/v1/leaderboards', { name: 'four seats', game: 'blockdrop' });
    const swiss = await call('POST', `/v1/leaderboards/${drop.body.id}/rounds`, { schedule: 'swiss' });
    expect(swiss.status).toBe(422);
    expect(swiss.body.error.code).toBe('SCHEDULE_UNSUPPORTED');
  });
});
