import { describe, expect, it } from 'vitest';
import { newEntry } from '../../src/leaderboard/boards.js';
import { cancelRound } from '../../src/leaderboard/cancel-round.js';
import type { LeaderboardDeps } from '../../src/leaderboard/deps.js';
import { resumeRounds } from '../../src/leaderboard/resume.js';
import { roundCaughtUp } from '../../src/leaderboard/round-batches.js';
import { roundStatus } from '../../src/leaderboard/round-status.js';
import { scheduleRound } from '../../src/leaderboard/schedule-round.js';
import type { Leaderboard } from '../../src/store/contract/leaderboards.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';

// Continuing rounds on the in-memory stores, their jobs counted by hand instead of played: what
// each batch schedules, how a restart goes on with a round whose batch has finished, and cancelling.

const DEADLINE = '2030-01-01T00:00:00.000Z';

async function setUp(entries = 6) {
  const stores = createMemoryStores();
  const deps = stores as unknown as LeaderboardDeps;
  const board: Leaderboard = {
    id: 'lb_batches',
    name: 'batches',
    game: 'icy',
    rating: 'elo',
    owner: 'local',
    createdAt: '2026-01-01T00:00:00.000Z',
    deadline: DEADLINE,
    rules: 'queue2011',
    maps: ['default', 'map1'],
    budgets: {},
  };
  await stores.leaderboards.createBoard(board);
  for (let k = 0; k < entries; k++)
    await stores.leaderboards.addEntry(board.id, newEntry(board, { id: `bot_${k}`, name: `bot ${k}`, sha256: `${k}` }));
  const sent: RoundJob[] = [];
  const queue = { send: async (job: RoundJob) => void sent.push(job) };
  /** Counts every job sent so far as done, as playing them would (without the hook that follows). */
  const finishAll = async () => {
    for (const job of sent.splice(0)) await stores.roundJobs.finish(job, 'done');
  };
  return { stores, deps, board, sent, queue, finishAll };
}

describe('a continuing round', () => {
  it('schedules a ladder batch by batch, each job with its pins and the deadline, up to its matches', async () => {
    const { stores, deps, board, sent, queue, finishAll } = await setUp();
    const pinned = (await stores.leaderboards.entries(board.id)).find((e) => e.botId === 'bot_1')!;
    await stores.leaderboards.putEntry(board.id, { ...pinned, pin: 3, version: pinned.version + 1 });
    const off = (await stores.leaderboards.entries(board.id)).find((e) => e.botId === 'bot_5')!;
    await stores.leaderboards.putEntry(board.id, { ...off, status: 'disabled', version: off.version + 1 });

    const round = await scheduleRound(deps, queue, board, new Date(), { schedule: 'ladder', matches: 5, batch: 2 });
    expect(round).toMatchObject({ schedule: 'ladder', total: 2, plan: { matches: 5, batch: 2, scheduled: 1 } });
    expect(sent.map((j) => j.id)).toEqual([`${round.id}.0`, `${round.id}.1`]);
    for (const job of sent) {
      expect(job.before).toBe(DEADLINE);
      expect(job.pins).toEqual(job.seats.map((id) => (id === 'bot_1' ? 3 : null)));
    }
    const seen = new Set<string>();
    // A restart finds each finished batch and schedules the next: 2, 2, then the last match.
    for (const expected of [2, 2, 1]) {
      expect(sent).toHaveLength(expected);
      for (const job of sent) for (const id of job.seats) seen.add(id);
      await finishAll();
      await resumeRounds(stores, queue);
    }
    expect(seen.has('bot_5')).toBe(false);
    const final = (await stores.leaderboards.getRound(board.id, round.id))!;
    expect(final).toMatchObject({ total: 5, done: 5, plan: { scheduled: 3, ended: true } });
    expect(roundStatus(final)).toBe('finished');
    expect(await stores.roundJobs.openRounds()).toEqual([]);
  });

  it('plays Swiss rounds one batch each, with a bye for an odd count', async () => {
    const { stores, deps, board, sent, queue, finishAll } = await setUp(5);
    const round = await scheduleRound(deps, queue, board, new Date(), { schedule: 'swiss', rounds: 2 });
    expect(round).toMatchObject({ schedule: 'swiss', total: 2, plan: { matches: 4, batches: 2 } });
    expect(new Set(sent.flatMap((j) => j.seats)).size).toBe(4);
    expect(new Set(sent.map((j) => j.map)).size).toBe(1);
    await finishAll();
    await resumeRounds(stores, queue);
    expect(sent).toHaveLength(2);
    await finishAll();
    await resumeRounds(stores, queue);
    expect(sent).toHaveLength(0);
    expect(roundStatus((await stores.leaderboards.getRound(board.id, round.id))!)).toBe('finished');
  });

  it('is cancelled: no batch follows, and a finished round cannot be', async () => {
    const { stores, deps, board, sent, queue, finishAll } = await setUp();
    const round = await scheduleRound(deps, queue, board, new Date(), { schedule: 'ladder', matches: 100 });
    const cancelled = await cancelRound(stores, board, round.id, new Date('2026-02-01T00:00:00Z'));
    expect(cancelled).toMatchObject({
      kind: 'cancelled',
      round: { cancelledAt: '2026-02-01T00:00:00.000Z', plan: { ended: true } },
    });
    expect(await cancelRound(stores, board, round.id, new Date())).toMatchObject({ kind: 'cancelled' });
    await finishAll();
    await resumeRounds(stores, queue);
    expect(sent).toEqual([]);
    const now = (await stores.leaderboards.getRound(board.id, round.id))!;
    expect(now).toMatchObject({ total: 3, done: 3 });
    expect(roundStatus(now)).toBe('cancelled');
    expect(await cancelRound(stores, board, 'round_none', new Date())).toEqual({ kind: 'missing' });

    const robin = await scheduleRound(deps, queue, board, new Date());
    await finishAll();
    expect(await cancelRound(stores, board, robin.id, new Date())).toMatchObject({ kind: 'finished' });
  });

  it('ends at once without two entries to pair', async () => {
    const { deps, board, sent, queue } = await setUp(1);
    const round = await scheduleRound(deps, queue, board, new Date(), { schedule: 'ladder', matches: 10 });
    expect(round).toMatchObject({ total: 0, plan: { ended: true } });
    expect(roundStatus(round)).toBe('finished');
    expect(sent).toEqual([]);
  });
});

describe('the end of a batch seen twice', () => {
  it('schedules the next batch once', async () => {
    const { stores, deps, board, sent, queue, finishAll } = await setUp();
    const round = await scheduleRound(deps, queue, board, new Date(), { schedule: 'ladder', matches: 9, batch: 3 });
    await finishAll();
    await roundCaughtUp(stores, queue, board, round.id);
    // A redelivered last job of the first batch: the second batch is running, nothing more is scheduled.
    await roundCaughtUp(stores, queue, board, round.id);
    expect(sent).toHaveLength(3);
    expect((await stores.leaderboards.getRound(board.id, round.id))!).toMatchObject({
      total: 6,
      plan: { scheduled: 2 },
    });
  });
});
