import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storeBot } from '../../src/api/bots.js';
import { gameById } from '../../src/games/catalog.js';
import { newEntry, newLeaderboard } from '../../src/leaderboard/boards.js';
import type { LeaderboardDeps } from '../../src/leaderboard/deps.js';
import { RatingTurns } from '../../src/leaderboard/rating-turns.js';
import { runRoundJob } from '../../src/leaderboard/run-round-job.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import type { MatchRunner } from '../../src/match/runner.js';
import { LocalJobQueue } from '../../src/runtimes/node/local-job-queue.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { jobId, jobMatch } from '../../src/store/contract/job-ids.js';
import type { Leaderboard } from '../../src/store/contract/leaderboards.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';

// A board's matches played side by side (the Node server, `umpire tournament`) are rated one at a
// time, in the order their jobs started: the board ends exactly as if its jobs ran one by one.

const BOTS = ['hunter', 'planter', 'random', 'idle'];
const ROUND = 'round_order';
/** Every ordered pair of the bots: the jobs of the round, by index. */
const PAIRS = BOTS.flatMap((_a, i) => BOTS.flatMap((_b, j) => (i === j ? [] : [[i, j] as const])));
const shared = inProcessRunner(nodeBotLoader);

/** Seeds of the round's jobs by index: a match names its job only by its seed. */
const seedIndex = new Map<number, number>();
for (const k of PAIRS.keys()) seedIndex.set((await jobMatch(jobId(ROUND, k))).seed, k);

interface Played {
  /** Per bot name: its rating and each change, in the order rated. */
  readonly board: Record<string, unknown>;
  /** Result lines' matches, oldest first. */
  readonly lines: string[];
  /** Job indexes in the order their matches finished playing. */
  readonly finished: number[];
  /** The most matches that were playing at once. */
  readonly most: number;
}

/**
 * Plays the round with `atOnce` jobs of the board at a time, each match held back after it
 * played for less the later its job is (so later jobs finish first), with or without turns.
 */
async function playRound(atOnce: number, turns: boolean): Promise<Played> {
  const stores = createMemoryStores();
  let playing = 0;
  let most = 0;
  const finished: number[] = [];
  const runner: MatchRunner = {
    probe: (request, tenant) => shared.probe(request, tenant),
    async play(job, tenant) {
      most = Math.max(most, ++playing);
      try {
        const output = await shared.play(job, tenant);
        const k = seedIndex.get(job.seed)!;
        await new Promise((resolve) => setTimeout(resolve, (PAIRS.length - k) * 20));
        finished.push(k);
        return output;
      } finally {
        playing--;
      }
    },
  } as MatchRunner;
  const deps: LeaderboardDeps = { ...stores, runner, ...(turns ? { ratingTurns: new RatingTurns() } : {}) };
  const board: Leaderboard = newLeaderboard(
    {
      name: 'order',
      game: 'icy',
      rules: 'queue2011',
      maps: ['default'],
      budgets: {},
      rating: 'elo',
      owner: 'o',
    } as Omit<Leaderboard, 'id' | 'createdAt'>,
    new Date(),
  );
  await stores.leaderboards.createBoard(board);
  const ids: string[] = [];
  for (const name of BOTS) {
    const js = readFileSync(`src/games/icy/bots/${name}.js`, 'utf8');
    const bot = await storeBot(
      stores,
      { name, game: gameById('icy'), bundle: { kind: 'js', code: js }, bytes: new TextEncoder().encode(js) },
      'o',
      new Date(),
    );
    ids.push(bot.id);
    await stores.leaderboards.addEntry(board.id, newEntry(board, bot));
  }
  await stores.leaderboards.putRound(board.id, {
    id: ROUND,
    total: PAIRS.length,
    done: 0,
    failed: 0,
    createdAt: board.createdAt,
  });
  const jobs: RoundJob[] = PAIRS.map(([a, b], k) => ({
    id: jobId(ROUND, k),
    board: board.id,
    round: ROUND,
    seats: [ids[a]!, ids[b]!],
    map: 'default',
  }));
  await stores.roundJobs.addJobs(jobs);
  const queue = new LocalJobQueue((job) => runRoundJob(deps, job), { total: atOnce, perBoard: atOnce });
  for (const job of jobs) await queue.send(job);
  await queue.idle();
  expect((await stores.leaderboards.getRound(board.id, ROUND))?.done).toBe(PAIRS.length);
  const entries = await stores.leaderboards.entries(board.id);
  const lines = (await stores.leaderboards.recentResults(board.id, 100)).map((l) => l.match).reverse();
  return {
    board: Object.fromEntries(
      entries.map((e) => [
        e.name,
        {
          rating: e.rating,
          wins: e.wins,
          losses: e.losses,
          draws: e.draws,
          history: e.history.map((h) => [h.match, h.rating]),
        },
      ]),
    ),
    lines,
    finished,
    most,
  };
}

describe("a board's matches played side by side", () => {
  it('are rated in the order their jobs started, exactly as one at a time', async () => {
    const oneByOne = await playRound(1, false);
    expect(oneByOne.most).toBe(1);
    const sideBySide = await playRound(4, true);
    // They did play at once, and finished out of order.
    expect(sideBySide.most).toBe(4);
    expect(sideBySide.finished).not.toEqual([...PAIRS.keys()]);
    expect(sideBySide.board).toEqual(oneByOne.board);
    // Each bot's changes are in the order of the jobs (the result lines, ordered by the millisecond
    // they were rated in, may tie); every match has its one line.
    const jobOf = new Map<string, number>();
    for (const k of PAIRS.keys()) jobOf.set((await jobMatch(jobId(ROUND, k))).matchId, k);
    for (const { history } of Object.values(sideBySide.board) as { history: [string, unknown][] }[]) {
      const order = history.map(([match]) => jobOf.get(match)!);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    expect([...sideBySide.lines].sort()).toEqual([...jobOf.keys()].sort());

    // Without the turns, the same matches are rated as they finish: another board.
    const asFinished = await playRound(4, false);
    expect(asFinished.board).not.toEqual(oneByOne.board);
  }, 120_000);
});
