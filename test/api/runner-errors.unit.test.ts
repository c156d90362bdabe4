import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/api/app.js';
import { UmpireError } from '../../src/core/errors.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import { runRoundJob } from '../../src/leaderboard/run-round-job.js';
import type { LeaderboardDeps } from '../../src/leaderboard/deps.js';
import type { MatchRunner } from '../../src/match/runner.js';

// The runner's own failures (deadline, crash, full pool) as the API and the leaderboard jobs see them.

const failing = (code: string): MatchRunner => {
  const fail = () => Promise.reject(new UmpireError({ code, message: `${code}: test` }));
  return { play: fail, probe: fail };
};
const unused = {} as never;
const app = (code: string) =>
  createApp({
    blobs: unused,
    matches: unused,
    keys: unused,
    bots: unused,
    leaderboards: unused,
    roundJobs: unused,
    ratings: unused,
    runner: failing(code),
    auth: 'optional',
  });
const post = (code: string, path: string, body: unknown) =>
  app(code).request(`http://127.0.0.1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const idle = 'export default () => ""';

describe('runner failures in the API', () => {
  it.each(['MATCH_DEADLINE', 'MATCH_CRASHED', 'POOL_BUSY'])(
    'answers %s with a 503 in the usual error shape',
    async (code) => {
      for (const [path, body] of [
        ['/v1/matches', { game: 'icy', red: { js: idle }, blue: { js: idle } }],
        ['/v1/matches', { game: 'capture', red: { js: idle }, blue: { js: idle } }],
        ['/v1/bots', { js: idle, game: 'icy' }],
      ] as const) {
        const r = await post(code, path, body);
        expect(r.status).toBe(503);
        expect(await r.json()).toEqual({ error: { code, message: `${code}: test` } });
        expect(r.headers.get('Retry-After')).toBe(code === 'POOL_BUSY' ? '10' : null);
      }
    },
  );

  it("answers KEY_QUEUE_FULL (the caller's key has too many jobs waiting) with a 429 and Retry-After", async () => {
    for (const [path, body] of [
      ['/v1/matches', { game: 'icy', red: { js: idle }, blue: { js: idle } }],
      ['/v1/bots', { js: idle, game: 'icy' }],
    ] as const) {
      const r = await post('KEY_QUEUE_FULL', path, body);
      expect(r.status).toBe(429);
      expect(await r.json()).toEqual({ error: { code: 'KEY_QUEUE_FULL', message: 'KEY_QUEUE_FULL: test' } });
      expect(r.headers.get('Retry-After')).toBe('10');
    }
  });

  it("counts the work of a request for the caller's key", async () => {
    const tenants: unknown[] = [];
    const seen: MatchRunner = {
      play: (_job, tenant) => (
        tenants.push(tenant), Promise.reject(new UmpireError({ code: 'POOL_BUSY', message: 'busy' }))
      ),
      probe: (_request, tenant) => (
        tenants.push(tenant), Promise.reject(new UmpireError({ code: 'POOL_BUSY', message: 'busy' }))
      ),
    };
    const keyless = createApp({
      blobs: unused,
      matches: unused,
      keys: unused,
      bots: unused,
      leaderboards: unused,
      roundJobs: unused,
      ratings: unused,
      runner: seen,
      auth: 'optional',
    });
    for (const [path, body] of [
      ['/v1/matches', { game: 'icy', red: { js: idle }, blue: { js: idle } }],
      ['/v1/bots', { js: idle, game: 'icy' }],
    ] as const) {
      await keyless.request(`http://127.0.0.1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    }
    expect(tenants).toEqual([{ key: 'local' }, { key: 'local' }]);
  });
});

describe('runner failures in a leaderboard round', () => {
  const job: RoundJob = {
    id: 'round_1.0',
    board: 'lb_1',
    round: 'round_1',
    seats: ['bot_aaaaaaaaaaaaaaaaaaaaaa', 'bot_bbbbbbbbbbbbbbbbbbbbbb'],
    map: 'default',
  };
  const deps = (runner: MatchRunner, attempt = 1) => {
    const roundJobs = {
      claim: vi.fn(async () => ({ state: 'claimed', job, attempt })),
      renew: vi.fn(async () => true),
      release: vi.fn(async () => undefined),
      finish: vi.fn(async () => ({ total: 1, done: 0, failed: 1 })),
      closeRound: vi.fn(async () => undefined),
    };
    return {
      runner,
      blobs: { get: async () => new TextEncoder().encode(idle) },
      bots: {
        get: async (id: string) => ({
          id,
          name: id,
          kind: 'js',
          sha256: '00',
          bytes: 1,
          owner: 'local',
          createdAt: '',
        }),
      },
      matches: { get: async () => null },
      leaderboards: {
        getBoard: async (id: string) => ({
          id,
          name: 'b',
          game: 'icy',
          rules: 'queue2011',
          maps: ['default'],
          budgets: {},
          rating: 'openskill',
          owner: 'local',
          createdAt: '',
        }),
      },
      roundJobs,
    } as unknown as LeaderboardDeps & { roundJobs: typeof roundJobs };
  };
  const broken: MatchRunner = {
    play: () => Promise.reject(new Error('disk on fire')),
    probe: () => Promise.reject(new Error('unused')),
  };

  it.each(['MATCH_DEADLINE', 'MATCH_CRASHED'])(
    'records %s as a failed match once, without throwing (no queue retry)',
    async (code) => {
      const d = deps(failing(code));
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await expect(runRoundJob(d, job)).resolves.toBe('failed');
      log.mockRestore();
      expect(d.roundJobs.finish).toHaveBeenCalledTimes(1);
      expect(d.roundJobs.finish).toHaveBeenCalledWith(job, 'failed');
      expect(d.roundJobs.closeRound).toHaveBeenCalledWith('lb_1', 'round_1');
    },
  );

  it('hands other errors back to the queue uncounted, until the last attempt', async () => {
    const d = deps(broken);
    await expect(runRoundJob(d, job)).rejects.toThrow('disk on fire');
    expect(d.roundJobs.release).toHaveBeenCalledTimes(1);
    expect(d.roundJobs.finish).not.toHaveBeenCalled();
    const last = deps(broken, 3);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(runRoundJob(last, job)).resolves.toBe('failed');
    log.mockRestore();
    expect(last.roundJobs.finish).toHaveBeenCalledWith(job, 'failed');
  });

  it("plays the match for the board's owner, in the board's own lane", async () => {
    const tenants: unknown[] = [];
    const seen: MatchRunner = {
      ...failing('MATCH_DEADLINE'),
      play: (_job, tenant) => (tenants.push(tenant), failing('MATCH_DEADLINE').play(_job)),
    };
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(runRoundJob(deps(seen), job)).resolves.toBe('failed');
    log.mockRestore();
    expect(tenants).toEqual([{ key: 'local', lane: 'lb_1' }]);
  });

  it('throws LEADERBOARD_GONE for a job whose board is gone, claiming nothing', async () => {
    const d = deps(failing('MATCH_DEADLINE'));
    const gone = { ...d, leaderboards: { getBoard: async () => null } } as unknown as LeaderboardDeps;
    await expect(runRoundJob(gone, job)).rejects.toMatchObject({
      code: 'LEADERBOARD_GONE',
      message: 'leaderboard lb_1 is gone',
    });
    expect(d.roundJobs.claim).not.toHaveBeenCalled();
  });
});
