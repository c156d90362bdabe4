import { readFileSync } from 'node:fs';
import { ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeBot } from '../../src/api/bots.js';
import { gameById } from '../../src/games/catalog.js';
import { jobId, jobMatch } from '../../src/store/contract/job-ids.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import { newEntry, newLeaderboard } from '../../src/leaderboard/boards.js';
import { runRoundJob } from '../../src/leaderboard/run-round-job.js';
import { scheduleRound } from '../../src/leaderboard/schedule-round.js';
import type { LeaderboardDeps } from '../../src/leaderboard/deps.js';
import type { Leaderboard } from '../../src/store/contract/leaderboards.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import type { MatchRunner } from '../../src/match/runner.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import type { AwsStores as Stores } from '../../src/store/aws/stores.js';
import { startLambdaWithSqs, type LambdaHarness } from '../functions/lambda-harness.js';

// A job delivered again (SQS, Cloudflare Queues, a resumed local job) plays no second match and
// applies no second rating: its match id comes from its job id, its round counts it once, and
// the rating ledger finishes what an interrupted attempt started.

let lambda: LambdaHarness;
let stores: Stores;
let sqs: SQSClient;
let queueUrl = '';
let handler: LambdaHarness['handler'];
beforeAll(async () => {
  // One match per message, so that each can be delivered again on its own (a message of several is
  // test/runtimes/job-bundles.unit.test.ts's subject).
  process.env.MATCHES_PER_MESSAGE = '1';
  lambda = await startLambdaWithSqs('umpire-redelivery');
  ({ stores, sqs, queueUrl, handler } = lambda);
}, 60_000);
afterAll(async () => {
  delete process.env.MATCHES_PER_MESSAGE;
  await lambda?.stop();
});
const http = (method: string, path: string, body?: unknown) => lambda.http(method, path, body);

const sqsEvent = (...messages: Message[]) => ({
  Records: messages.map((m) => ({ messageId: m.MessageId, body: m.Body, eventSource: 'aws:sqs' })),
});

describe('an SQS message delivered again', () => {
  it('plays one match and rates it once, however often and however concurrently it comes', async () => {
    const bots: string[] = [];
    for (const name of ['hunter', 'idle'])
      bots.push(
        (
          await http('POST', '/v1/bots', {
            name,
            js: readFileSync(`src/games/icy/bots/${name}.js`, 'utf8'),
            game: 'icy',
          })
        ).body.id,
      );
    const board = (await http('POST', '/v1/leaderboards', { name: 'redelivered', game: 'icy' })).body.id as string;
    for (const bot of bots) expect((await http('POST', `/v1/leaderboards/${board}/entries`, { bot })).status).toBe(201);
    const round = (await http('POST', `/v1/leaderboards/${board}/rounds`)).body.id as string;

    // Received and never deleted: what SQS hands out again after a visibility timeout.
    const messages: Message[] = [];
    for (let i = 0; i < 20 && messages.length < 2; i++) {
      const got = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 2,
          WaitTimeSeconds: 1,
          VisibilityTimeout: 600,
        }),
      );
      messages.push(...(got.Messages ?? []));
    }
    expect(messages.map((m) => (JSON.parse(m.Body!) as RoundJob).id).sort()).toEqual([
      jobId(round, 0),
      jobId(round, 1),
    ]);
    const [a, b] = messages as [Message, Message];

    expect(await handler(sqsEvent(a))).toEqual({ batchItemFailures: [] });
    expect(await handler(sqsEvent(a))).toEqual({ batchItemFailures: [] });
    expect((await http('GET', `/v1/leaderboards/${board}/rounds/${round}`)).body).toMatchObject({
      total: 2,
      done: 1,
      failed: 0,
      status: 'running',
    });
    expect(
      (await http('GET', `/v1/leaderboards/${board}`)).body.table.map((r: { played: number }) => r.played),
    ).toEqual([1, 1]);

    // Two invocations with the same message at once: one plays it; the other finds it held (and
    // reports it failed, for SQS to deliver later) or finds it finished.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const both = await Promise.all([handler(sqsEvent(b)), handler(sqsEvent(b))]);
    log.mockRestore();
    expect(both.flatMap((r) => r.batchItemFailures).length).toBeLessThanOrEqual(1);
    expect(await handler(sqsEvent(b, a, b))).toEqual({ batchItemFailures: [] });

    expect((await http('GET', `/v1/leaderboards/${board}/rounds/${round}`)).body).toMatchObject({
      total: 2,
      done: 2,
      failed: 0,
      status: 'finished',
    });
    const table = (await http('GET', `/v1/leaderboards/${board}?history=1`)).body.table as {
      played: number;
      history: unknown[];
    }[];
    expect(table.map((r) => [r.played, r.history.length])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    const lines = (await http('GET', `/v1/leaderboards/${board}/matches`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { match: string });
    const expected = await Promise.all([0, 1].map(async (k) => (await jobMatch(jobId(round, k))).matchId));
    expect(lines.map((l) => l.match).sort()).toEqual(expected.sort());
  }, 60_000);
});

describe('a job retried after an attempt stopped half way', () => {
  let plays = 0;
  const played = inProcessRunner(nodeBotLoader);
  const runner: MatchRunner = { ...played, play: (job) => (plays++, played.play(job)) };

  /** A board of hunter and idle, and its round's two jobs (queued nowhere: handed to the test). */
  async function round(): Promise<{ board: Leaderboard; jobs: RoundJob[] }> {
    const board = newLeaderboard(
      {
        name: 'retried',
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
    for (const name of ['hunter', 'idle']) {
      const bytes = readFileSync(`src/games/icy/bots/${name}.js`);
      const bot = await storeBot(
        stores,
        {
          name,
          game: gameById('icy'),
          bundle: { kind: 'js', code: bytes.toString('utf8') },
          bytes: new Uint8Array(bytes),
        },
        'local',
        new Date(),
      );
      await stores.leaderboards.addEntry(board.id, newEntry(board, bot));
    }
    const jobs: RoundJob[] = [];
    await scheduleRound({ ...stores, runner }, { send: async (job) => void jobs.push(job) }, board, new Date());
    return { board, jobs };
  }

  /** `target` whose `method` throws on its `call`th call (the first by default): a process that stopped there. */
  function stopsOnceAt<T extends object>(target: T, method: keyof T, call = 1): T {
    let stopped = false;
    let calls = 0;
    return new Proxy(target, {
      get(t, name) {
        const value = Reflect.get(t, name) as unknown;
        if (typeof value !== 'function') return value;
        if (name === method && !stopped && ++calls === call) {
          return () => {
            stopped = true;
            return Promise.reject(new Error(`stopped at ${String(name)}`));
          };
        }
        return (value as (...args: unknown[]) => unknown).bind(t);
      },
    });
  }

  async function expectRatedOnce(board: Leaderboard) {
    const entries = await stores.leaderboards.entries(board.id);
    expect(entries.map((e) => [e.played, e.history.length])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    const { lines } = await stores.leaderboards.results(board.id, undefined, 100);
    expect(lines).toHaveLength(2);
    expect(new Set(lines.map((l) => l.match)).size).toBe(2);
    expect(await stores.leaderboards.getRound(board.id, lines[0]!.round)).toMatchObject({
      total: 2,
      done: 2,
      failed: 0,
    });
  }

  it.each([
    ['after the match was stored, before any rating', 'leaderboards', 'entriesOfBots', 1],
    ['after an entry was rated, before the other one', 'leaderboards', 'putEntry', 2],
    ['after the entries were rated, before the result line', 'leaderboards', 'appendResult', 1],
    // The result line marks the rating complete: the retry finds it and rates nothing.
    ['after the result line, before the job was counted', 'roundJobs', 'finish', 1],
  ] as const)(
    'stopped %s: the retry plays nothing again and rates once',
    async (_, store, method, call) => {
      const { board, jobs } = await round();
      plays = 0;
      const stopping = {
        ...stores,
        runner,
        [store]: stopsOnceAt(stores[store] as object, method as never, call),
      } as LeaderboardDeps;
      const deps: LeaderboardDeps = { ...stores, runner };
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await expect(runRoundJob(stopping, jobs[0]!)).rejects.toThrow(`stopped at ${method}`);
      log.mockRestore();
      // The stopped attempt gave its claim back (a dead process's would lapse): the retry takes it.
      expect(await runRoundJob(deps, jobs[0]!)).toBe('done');
      expect(await runRoundJob(deps, jobs[0]!)).toBe('finished-before');
      expect(await runRoundJob(deps, jobs[1]!)).toBe('done');
      expect(plays).toBe(2);
      await expectRatedOnce(board);
      expect(await stores.roundJobs.openRounds()).not.toContainEqual({ board: board.id, round: jobs[0]!.round });
    },
    60_000,
  );
});
