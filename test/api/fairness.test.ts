import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, finishRound, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// Issue 24, as the attack: Carol holds one valid key and fills `npm start` (AUTH=required, two
// match workers) with slow work; Alice, another key, must still be served in bounded time. Carol's
// bots burn their whole default fuel every turn: one match of them holds a worker for minutes, so
// Alice is served in time only if Carol can never hold both workers (at most half per key).

const IDLE = 'export default () => ""';
/** Burns its whole fuel every turn. */
const LOOP = 'export default function () { for (;;) {} }';
/** Answers its first call (the upload check), then burns its whole fuel every turn. */
const LATE = 'let calls = 0; export default function () { if (calls++ === 0) return ""; for (;;) {} }';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The suite's server, keyed, with a pool of two workers. */
const useFairnessServer = () => useServer({ env: { AUTH: 'required', UMPIRE_WORKERS: '2' } });

describe('matches of two keys on a pool of two workers', () => {
  const server = useFairnessServer();
  let carol: TestKey;
  let alice: TestKey;
  const call = keyedClient(() => server.base);
  const loopMatch = () =>
    call(carol, 'POST', '/v1/matches', { game: 'icy', red: { js: LOOP }, blue: { js: LOOP } }).catch(() => null);

  beforeAll(async () => {
    carol = await createKey(server.dataDir, 'carol');
    alice = await createKey(server.dataDir, 'alice');
  }, 60_000);

  it("answers another key's idle match within 15 s while one key has 6 slow matches queued", async () => {
    // Not awaited: one holds a worker, five wait. First in, first out, Alice would wait for all six.
    let carolAnswered = 0;
    for (let i = 0; i < 6; i++) void loopMatch().then(() => carolAnswered++);
    await sleep(2000);
    const started = performance.now();
    const r = await call(alice, 'POST', '/v1/matches', { game: 'icy', red: { js: IDLE }, blue: { js: IDLE } });
    const seconds = (performance.now() - started) / 1000;
    expect(r.status).toBe(201);
    expect(seconds).toBeLessThan(15);
    // Alice did not wait for any of Carol's matches to end.
    expect(carolAnswered).toBe(0);
  }, 60_000);

  it("answers a key over its own queue bound 429 KEY_QUEUE_FULL with Retry-After, and still takes another key's match", async () => {
    // Two workers: 1 running and 16 waiting per key at most (8 × workers), whatever Carol left running above.
    const answers: { status: number; headers: Headers; body: { error?: { code: string } } | null }[] = [];
    for (let i = 0; i < 20; i++) void loopMatch().then((r) => r && answers.push(r));
    await sleep(2000);
    expect(answers.length).toBeGreaterThanOrEqual(2);
    for (const r of answers) {
      expect(r.status).toBe(429);
      expect(r.body?.error?.code).toBe('KEY_QUEUE_FULL');
      expect(r.headers.get('Retry-After')).toBe('10');
    }
    const r = await call(alice, 'POST', '/v1/matches', { game: 'icy', red: { js: IDLE }, blue: { js: IDLE } });
    expect(r.status).toBe(201);
  }, 60_000);
});

describe('rounds of two boards on a pool of two workers', () => {
  const server = useFairnessServer();
  let carol: TestKey;
  let alice: TestKey;
  const call = keyedClient(() => server.base);

  beforeAll(async () => {
    carol = await createKey(server.dataDir, 'carol');
    alice = await createKey(server.dataDir, 'alice');
  }, 60_000);

  async function board(key: TestKey, bots: string[]): Promise<string> {
    const created = await call(key, 'POST', '/v1/leaderboards', {
      name: `${bots.length} bots`,
      game: 'icy',
      maps: ['default'],
    });
    expect(created.status).toBe(201);
    for (const js of bots) {
      const bot = await call(key, 'POST', '/v1/bots', { js, game: 'icy' });
      expect(bot.status).toBe(201);
      expect(
        (await call(key, 'POST', `/v1/leaderboards/${created.body.id}/entries`, { bot: bot.body.id })).status,
      ).toBe(201);
    }
    return created.body.id;
  }

  it("finishes another board's 2-match round within 25 s while one board's 12 slow matches wait", async () => {
    const slow = await board(carol, [LATE, `${LATE} // 2`, `${LATE} // 3`, `${LATE} // 4`]);
    const short = await board(alice, [IDLE, `${IDLE} // 2`]);
    const long = await call(carol, 'POST', `/v1/leaderboards/${slow}/rounds`);
    expect(long.body).toMatchObject({ total: 12, status: 'running' });
    await sleep(2000);
    const started = performance.now();
    const round = await call(alice, 'POST', `/v1/leaderboards/${short}/rounds`);
    expect(round.body).toMatchObject({ total: 2, status: 'running' });
    await finishRound(call, short, round.body.id);
    expect((performance.now() - started) / 1000).toBeLessThan(25);
    // Alice's matches did not wait for any of Carol's: in order sent, they would have waited for all twelve.
    const other = await call(null, 'GET', `/v1/leaderboards/${slow}/rounds/${long.body.id}`);
    expect(other.body.done + other.body.failed).toBe(0);
  }, 90_000);
});
