import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeBot } from '../../src/api/bots.js';
import { gameById } from '../../src/games/catalog.js';
import { newEntry, newLeaderboard } from '../../src/leaderboard/boards.js';
import { MAX_JOBS_PER_MESSAGE, messageBodies } from '../../src/leaderboard/job-bundles.js';
import { parseQueuedMessage, parseQueuedMessageText } from '../../src/leaderboard/queued-job-message.js';
import { runQueuedJob } from '../../src/leaderboard/run-queued-job.js';
import { scheduleRound } from '../../src/leaderboard/schedule-round.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import type { MatchRunner } from '../../src/match/runner.js';
import { playQueuedJobs } from '../../src/runtimes/job-loop.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import type { QueuedJob } from '../../src/store/contract/batch-job.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import type { Stores } from '../../src/store/contract/stores.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';

// Several matches in one queue message: a consumer that dies half way through a message leaves
// its played matches finished and one claimed; the message's next delivery plays the rest, once.

const BOTS = 3;

/** A board of three idle Icy bots and its round robin's six jobs, scheduled into `stores`. */
async function round(stores: Stores): Promise<RoundJob[]> {
  const board = newLeaderboard(
    { name: 'bundles', game: 'icy', rules: 'queue2011', maps: ['default'], budgets: {}, rating: 'elo', owner: 'local' },
    new Date(),
  );
  await stores.leaderboards.createBoard(board);
  for (let k = 0; k < BOTS; k++) {
    const code = `// ${k}\nexport default () => "idle\\nidle\\nidle\\nidle\\n"`;
    const bot = await storeBot(
      stores,
      { name: `b${k}`, game: gameById('icy'), bundle: { kind: 'js', code }, bytes: new TextEncoder().encode(code) },
      'local',
      new Date(),
    );
    await stores.leaderboards.addEntry(board.id, newEntry(board, bot));
  }
  const jobs: RoundJob[] = [];
  await scheduleRound(
    { ...stores, runner: counting().runner },
    { send: async (j) => void jobs.push(j) },
    board,
    new Date(),
  );
  return jobs;
}

/** A real in-process runner that counts the matches it plays. */
function counting() {
  const inner = inProcessRunner(nodeBotLoader);
  const played: number[] = [];
  const runner: MatchRunner = {
    play: (job, tenant) => {
      played.push(played.length);
      return inner.play(job, tenant);
    },
    probe: (request, tenant) => inner.probe(request, tenant),
  };
  return { runner, played };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('messages of several matches', () => {
  it('plays the rest of a message once after its consumer died half way, and nothing twice', async () => {
    const stores = createMemoryStores();
    const jobs = await round(stores);
    expect(jobs).toHaveLength(BOTS * (BOTS - 1));
    const [body] = messageBodies(jobs, jobs.length).map((b) => JSON.stringify(b));
    const first = counting();
    const log: unknown[] = [];
    // The first consumer plays two matches, claims the third and dies in it (its claim is left
    // with a short lease, as a killed process leaves it), and starts nothing more.
    let started = 0;
    const verdicts = await playQueuedJobs({ ...stores, runner: first.runner }, [body!], parseQueuedMessageText, {
      log: (line) => log.push(line),
      mayStart: () => started < 3,
      play: async (deps, job) => {
        if (++started < 3) return runQueuedJob(deps, job);
        await stores.roundJobs.claim(job as RoundJob, 'killed-consumer', Date.now(), 300);
        throw new Error('killed');
      },
    });
    expect(verdicts).toEqual([{ kind: 'failed', code: null }]);
    expect(first.played).toHaveLength(2);

    // Delivered again at once: the dead consumer's claim still holds, so the message is busy (the
    // matches after it are played meanwhile); after its lease, once more: only the held one is left.
    const second = counting();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const again = () =>
      playQueuedJobs({ ...stores, runner: second.runner }, [body!], parseQueuedMessageText, {
        log: (line) => log.push(line),
      });
    const [busy] = await again();
    expect(busy!.kind).toBe('busy');
    expect(second.played).toHaveLength(jobs.length - 3);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await again()).toEqual([{ kind: 'done' }]);
    expect(second.played).toHaveLength(jobs.length - 2);
    expect(await again()).toEqual([{ kind: 'done' }]);
    expect(second.played).toHaveLength(jobs.length - 2);

    // Every match played once in all: two by the first consumer, the other four after.
    expect(first.played.length + second.played.length).toBe(jobs.length);
    const board = jobs[0]!.board;
    expect(await stores.leaderboards.getRound(board, jobs[0]!.round)).toMatchObject({
      total: jobs.length,
      done: jobs.length,
      failed: 0,
    });
    // Rated once each: every entry played each of its matches once.
    const entries = await stores.leaderboards.entries(board);
    expect(entries.map((e) => e.played)).toEqual(entries.map(() => 2 * (BOTS - 1)));
  }, 15_000);

  it('reads a message of one job, as queued before bundles, and a bundle; refuses a bundle too big', () => {
    const job = { id: 'r1.0', board: 'lb_a', round: 'r1', seats: ['bot_a', 'bot_b'], map: 'default' };
    expect(parseQueuedMessage(job)).toEqual([job]);
    expect(parseQueuedMessage({ ...job, red: 'bot_a', blue: 'bot_b', seats: undefined })).toEqual([job]);
    expect(parseQueuedMessage({ jobs: [job, { ...job, id: 'r1.1' }] })).toHaveLength(2);
    const many = Array.from({ length: MAX_JOBS_PER_MESSAGE + 1 }, (_, k) => ({ ...job, id: `r1.${k}` }));
    expect(() => parseQueuedMessage({ jobs: many })).toThrow(/1 to 25 jobs/);
    expect(() => parseQueuedMessage({ jobs: [job, { ...job, seats: ['x'] }] })).toThrow(/two bot ids/);
    expect(messageBodies([job], 10)).toEqual([job]);
    expect(messageBodies(many, 10).map((b) => ('jobs' in b ? b.jobs.length : 1))).toEqual([10, 10, 6]);
  });

  it("keeps the largest possible bundle under Cloudflare Queues' 128 KB and SQS's 256 KB", () => {
    const text = (n: number) => 'x'.repeat(n);
    const round = text(200);
    const largest = Array.from(
      { length: MAX_JOBS_PER_MESSAGE },
      (_, k): QueuedJob => ({
        id: `${round}.${String(k).padStart(200 - round.length - 1, '0')}`.slice(0, 200),
        board: text(200),
        round,
        seats: Array.from({ length: 16 }, () => text(200)),
        map: text(200),
        pins: Array.from({ length: 16 }, () => Number.MAX_SAFE_INTEGER),
        before: new Date(0).toISOString(),
      }),
    );
    const [bundle] = messageBodies(largest, MAX_JOBS_PER_MESSAGE);
    const bytes = new TextEncoder().encode(JSON.stringify(bundle)).length;
    expect(bytes).toBeLessThan(128 * 1024);
  });
});
