import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeBot } from '../../src/api/bots.js';
import { UmpireError } from '../../src/core/errors.js';
import { gameById } from '../../src/games/catalog.js';
import { newEntry, newLeaderboard } from '../../src/leaderboard/boards.js';
import { parseRoundJob, parseRoundJobText } from '../../src/leaderboard/job-message.js';
import { scheduleRound } from '../../src/leaderboard/schedule-round.js';
import type { MatchRunner } from '../../src/match/runner.js';
import { failureVerdict, playQueuedJobs, type JobVerdict } from '../../src/runtimes/job-loop.js';
import { JobError } from '../../src/store/contract/job-errors.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import type { Stores } from '../../src/store/contract/stores.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';

// The job loop of the queue consumers (Lambda, Workers) over in-memory stores, with runners
// that never play: one whose matches run past their deadline (the job is played, and counted
// failed), one whose storage breaks (the job is handed back).

const deadline: MatchRunner = {
  play: () => Promise.reject(new UmpireError({ code: 'MATCH_DEADLINE', message: 'past its deadline' })),
  probe: () => Promise.reject(new Error('unused')),
};
const broken: MatchRunner = {
  play: () => Promise.reject(new Error('disk on fire')),
  probe: () => Promise.reject(new Error('unused')),
};

/** A board of two bots and its round's two jobs, scheduled into `stores` and handed back (queued nowhere). */
async function round(stores: Stores): Promise<RoundJob[]> {
  const board = newLeaderboard(
    {
      name: 'loop',
      game: 'icy',
      rules: 'queue2011',
      maps: ['default'],
      budgets: {},
      rating: 'openskill',
      owner: 'local',
    },
    new Date(),
  );
  await stores.leaderboards.createBoard(board);
  for (const name of ['a', 'b']) {
    const code = 'export default () => "idle\\nidle\\nidle\\nidle\\n"';
    const bot = await storeBot(
      stores,
      { name, game: gameById('icy'), bundle: { kind: 'js', code }, bytes: new TextEncoder().encode(code) },
      'local',
      new Date(),
    );
    await stores.leaderboards.addEntry(board.id, newEntry(board, bot));
  }
  const jobs: RoundJob[] = [];
  await scheduleRound({ ...stores, runner: deadline }, { send: async (job) => void jobs.push(job) }, board, new Date());
  return jobs;
}

/** Messages as SQS gives them: a JSON text body each. */
const sqs = (jobs: readonly unknown[]) =>
  jobs.map((job, k) => ({ messageId: `m${k}`, body: typeof job === 'string' ? job : JSON.stringify(job) }));

let lines: unknown[] = [];
const log = (line: unknown) => void lines.push(line);
afterEach(() => {
  lines = [];
});

describe('the shared job loop', () => {
  it('plays each job and calls it done: acknowledged, counted in its round, also when delivered again', async () => {
    const stores = createMemoryStores();
    const jobs = await round(stores);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deps = { ...stores, runner: deadline };
    const verdicts = await playQueuedJobs(deps, sqs(jobs), (m) => parseRoundJobText(m.body), { log });
    expect(verdicts).toEqual([{ kind: 'done' }, { kind: 'done' }]);
    const progress = await stores.leaderboards.getRound(jobs[0]!.board, jobs[0]!.round);
    expect(progress).toMatchObject({ total: 2, done: 0, failed: 2 });
    // Delivered again: finished before, acknowledged, nothing counted twice.
    expect(await playQueuedJobs(deps, sqs(jobs), (m) => parseRoundJobText(m.body), { log })).toEqual([
      { kind: 'done' },
      { kind: 'done' },
    ]);
    expect(await stores.leaderboards.getRound(jobs[0]!.board, jobs[0]!.round)).toMatchObject({
      total: 2,
      done: 0,
      failed: 2,
    });
    expect(lines).toEqual([]);
  });

  it('calls a job another process holds busy, to be retried when its lease ends', async () => {
    const stores = createMemoryStores();
    const [job] = await round(stores);
    const now = Date.now();
    await stores.roundJobs.claim(job!, 'another-process', now, 60_000);
    const verdicts = await playQueuedJobs({ ...stores, runner: deadline }, [job], (j) => parseRoundJob(j), { log });
    expect(verdicts).toEqual([{ kind: 'busy', retryAt: now + 60_000 }]);
    expect(lines).toEqual([expect.stringMatching(/^JOB_BUSY: job .* is held by another process until /)]);
  });

  it('calls a job that failed for a reason that may pass failed, hands it back, and plays the next', async () => {
    const stores = createMemoryStores();
    const jobs = await round(stores);
    const seen: JobVerdict[] = [];
    const verdicts = await playQueuedJobs({ ...stores, runner: broken }, jobs, (j) => j, {
      log,
      onVerdict: (_j, v) => seen.push(v),
    });
    expect(verdicts).toEqual([
      { kind: 'failed', code: null },
      { kind: 'failed', code: null },
    ]);
    expect(seen).toEqual(verdicts);
    expect(lines.map((e) => (e as Error).message)).toEqual(['disk on fire', 'disk on fire']);
    // Handed back: the next delivery claims it at once, and plays it.
    const claim = await stores.roundJobs.claim(jobs[0]!, 'next-delivery', Date.now(), 60_000);
    expect(claim.state).toBe('claimed');
  });

  it('gives a message that is no job a clear failure, and goes on with the batch', async () => {
    const stores = createMemoryStores();
    const [job] = await round(stores);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const messages = sqs(['not json', { id: 'x', board: 'lb', round: 'r', map: '', seats: ['a', 'b'] }, job]);
    const verdicts = await playQueuedJobs({ ...stores, runner: deadline }, messages, (m) => parseRoundJobText(m.body), {
      log,
    });
    expect(verdicts).toEqual([
      { kind: 'failed', code: 'JOB_INVALID' },
      { kind: 'failed', code: 'JOB_INVALID' },
      { kind: 'done' },
    ]);
    expect(lines).toEqual([
      'JOB_INVALID: the message body is not JSON',
      "JOB_INVALID: job id 'x' is not <round>.<index>",
    ]);
  });

  it('names the verdict of each kind of failure', () => {
    expect(failureVerdict(new JobError('JOB_BUSY', 'held', 1234))).toEqual({ kind: 'busy', retryAt: 1234 });
    expect(failureVerdict(new JobError('JOB_BUSY', 'held'), 99)).toEqual({ kind: 'busy', retryAt: 99 });
    expect(failureVerdict(new JobError('LEADERBOARD_GONE', 'gone'))).toEqual({
      kind: 'failed',
      code: 'LEADERBOARD_GONE',
    });
    expect(failureVerdict(new Error('storage'))).toEqual({ kind: 'failed', code: null });
  });
});
