import { beforeAll, describe, expect, it } from 'vitest';
import { storeBot } from '../../src/api/bots.js';
import { gameById } from '../../src/games/catalog.js';
import { newEntry, newLeaderboard } from '../../src/leaderboard/boards.js';
import type { LeaderboardDeps } from '../../src/leaderboard/deps.js';
import { runRoundJob } from '../../src/leaderboard/run-round-job.js';
import { bundleKey, sha256Hex } from '../../src/match/digest.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import { seatBotsOf } from '../../src/match/seat-bots.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { versionsOf, withNewVersion } from '../../src/store/contract/bot-versions.js';
import type { BotRecord } from '../../src/store/contract/bots.js';
import { jobId, jobMatch } from '../../src/store/contract/job-ids.js';
import type { Leaderboard } from '../../src/store/contract/leaderboards.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';
import type { MatchRecord } from '../../src/core/game-module.js';

// A board's jobs play the version of each bot they should: the latest valid one, a pinned one,
// never one uploaded after the deadline; a version that crashes in its matches is disabled and
// the next job plays the earlier one; a deleted bot's job fails cleanly.

const stores = createMemoryStores();
const deps: LeaderboardDeps = {
  ...stores,
  runner: inProcessRunner(nodeBotLoader),
  versionPolicy: { minMatches: 2, maxErrorShare: 0.5 },
};

const idle = (tag: string) => `// ${tag}\nexport default () => "idle\\nidle\\nidle\\nidle\\n";`;
const crashesAfter = (turns: number) =>
  `let turn = 0;\nexport default () => { if (++turn > ${turns}) throw new Error('boom'); return "idle"; };`;

let board: Leaderboard;
let versioned: BotRecord;
let steady: BotRecord;
let jobs = 0;
const round = 'round_versions';

/** Uploads `js` as the next version of a bot, made at `createdAt`. */
async function addVersion(bot: string, js: string, createdAt: string): Promise<void> {
  const bytes = new TextEncoder().encode(js);
  const sha256 = await sha256Hex(bytes);
  await stores.blobs.put(bundleKey(sha256), bytes, { contentType: 'text/javascript' });
  await stores.bots.modify(bot, (b) => withNewVersion(b, { sha256, bytes: bytes.length, kind: 'js', createdAt }));
}

/** Runs one job of the round; the stored match's versions by seat, or the outcome when it failed. */
async function runJob(extra: Partial<RoundJob> = {}, seats = [versioned.id, steady.id]) {
  const job: RoundJob = { id: jobId(round, jobs++), board: board.id, round, seats, map: 'default', ...extra };
  await stores.roundJobs.addJobs([job]);
  const outcome = await runRoundJob(deps, job);
  if (outcome !== 'done') return outcome;
  const record = await stores.matches.get<MatchRecord>((await jobMatch(job.id)).matchId);
  return seatBotsOf(record!)?.map((s) => s?.version);
}

beforeAll(async () => {
  board = newLeaderboard(
    {
      name: 'versions',
      game: 'icy',
      rules: 'queue2011',
      maps: ['default'],
      budgets: {},
      rating: 'openskill',
      owner: 'organizer',
    } as Omit<Leaderboard, 'id' | 'createdAt'>,
    new Date(),
  );
  await stores.leaderboards.createBoard(board);
  const game = gameById('icy');
  const upload = (name: string, js: string) =>
    storeBot(
      stores,
      { name, game, bundle: { kind: 'js', code: js }, bytes: new TextEncoder().encode(js) },
      'team',
      new Date(Date.UTC(2030, 0, 1)),
    );
  versioned = await upload('versioned', idle('v1'));
  steady = await upload('steady', idle('steady'));
  for (const bot of [versioned, steady]) await stores.leaderboards.addEntry(board.id, newEntry(board, bot));
  await stores.leaderboards.putRound(board.id, {
    id: round,
    total: 100,
    done: 0,
    failed: 0,
    createdAt: board.createdAt,
  });
  await addVersion(versioned.id, crashesAfter(5), '2030-02-01T00:00:00.000Z');
}, 60_000);

describe("a board's jobs and bot versions", () => {
  it('play a pinned version, and never one uploaded after the deadline', async () => {
    expect(await runJob({ pins: [1, null] })).toEqual([1, 1]);
    expect(await runJob({ before: '2030-01-15T00:00:00.000Z' })).toEqual([1, 1]);
    // A pin to a version that does not exist, or one uploaded after the deadline, fails the job.
    expect(await runJob({ pins: [7, null] })).toBe('failed');
    expect(await runJob({ pins: [2, null], before: '2030-01-15T00:00:00.000Z' })).toBe('failed');
  }, 60_000);

  it('disable a version that crashes in its matches; the next job plays the earlier one', async () => {
    expect(await runJob()).toEqual([2, 1]);
    expect(await runJob()).toEqual([2, 1]);
    const v2 = versionsOf((await stores.bots.get(versioned.id))!)[1]!;
    expect(v2.disabled).toMatchObject({
      by: 'errors',
      reason: expect.stringMatching(/^erred in 2 of 2 matches; first: /),
    });
    expect(await runJob()).toEqual([1, 1]);
    // The steady bot never erred: still valid.
    expect(versionsOf((await stores.bots.get(steady.id))!)[0]!.disabled).toBeUndefined();
  }, 60_000);

  it('count a match once when its job is delivered again', async () => {
    const job: RoundJob = {
      id: jobId(round, jobs++),
      board: board.id,
      round,
      seats: [steady.id, versioned.id],
      map: 'default',
    };
    await stores.roundJobs.addJobs([job]);
    expect(await runRoundJob(deps, job)).toBe('done');
    expect(await runRoundJob(deps, job)).toBe('finished-before');
    // Steady's version 1 played six matches, the one delivered twice counted once: the count made here is the seventh.
    expect((await stores.bots.tallyMatch(steady.id, 1, null)).played).toBe(7);
  }, 60_000);

  it("fail a deleted bot's job, without throwing", async () => {
    await stores.bots.modify(steady.id, (b) => ({ ...b, deletedAt: new Date().toISOString() }));
    expect(await runJob()).toBe('failed');
  }, 60_000);
});
