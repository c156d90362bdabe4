import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobId, jobMatch } from '../../src/store/contract/job-ids.js';
import { apiClient } from './http.js';
import { useServer } from '../support/server.js';
import { signedBy, startReceiver, type Receiver } from './webhooks-receiver.js';

// `npm start` itself: an asynchronous match, and a batch that survives its server. SIGKILL the
// server in the middle of the batch, start it again on the same data folder, and the batch
// finishes with every pairing played once and its webhook told once.

const server = useServer({ env: { WEBHOOKS_ALLOW_PRIVATE: '1', UMPIRE_WORKERS: '2' } }, { startBeforeAll: false });
const { call } = apiClient(() => server.base);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(() => 200);
});
afterAll(async () => {
  await receiver?.close();
});

const batchOf = async (id: string) => (await call('GET', `/v1/batches/${id}`)).body;

describe('the Node server', () => {
  it('plays an asynchronous match, and resumes a batch after SIGKILL: every pairing once, its webhook once', async () => {
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

    const asyncMatch = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ game: 'icy', red: { bot: bots[0]!.id }, blue: { bot: bots[1]!.id } }),
    });
    expect(asyncMatch.status).toBe(202);
    const location = asyncMatch.headers.get('location')!;
    let record = await call('GET', location);
    for (let i = 0; i < 300 && record.status === 202; i++) {
      await sleep(100);
      record = await call('GET', location);
    }
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ game: 'icy', id: location.split('/').pop() });

    const pairings = bots.flatMap((a) => bots.filter((b) => b !== a).map((b) => ({ seats: [a.id, b.id] })));
    const created = await call('POST', '/v1/batches', {
      game: 'icy',
      settings: { maps: ['default'] },
      pairings,
      webhook: receiver.url('/batch'),
    });
    expect(created.status).toBe(202);
    const id = created.body.id as string;

    // Some pairings done, not all: kill the server without warning.
    let before = await batchOf(id);
    for (let i = 0; i < 400 && before.done < 2; i++) {
      await sleep(25);
      before = await batchOf(id);
    }
    expect(before.done).toBeGreaterThanOrEqual(2);
    expect(before.done).toBeLessThan(pairings.length);
    await server.kill();

    await server.start();
    let after = await batchOf(id);
    for (let i = 0; i < 300 && after.status !== 'finished'; i++) {
      await sleep(200);
      after = await batchOf(id);
    }
    expect(after).toMatchObject({ total: 12, done: 12, failed: 0, status: 'finished' });

    // Each pairing once: exactly the matches of the batch's jobs, and no other stored for the bots.
    const results = (await call('GET', `/v1/batches/${id}/results`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { match: string; status: string });
    const expected = await Promise.all(pairings.map(async (_, k) => (await jobMatch(jobId(id, k))).matchId));
    expect(results.map((r) => r.match)).toEqual(expected);
    expect(results.every((r) => r.status === 'done')).toBe(true);
    const ids = new Set([...expected, record.body.id]);
    for (const bot of bots) {
      const listed = (await call('GET', `/v1/matches?bot=${bot.sha256}&limit=100`)).body.items as { id: string }[];
      for (const m of listed) expect(ids.has(m.id)).toBe(true);
    }

    for (let i = 0; i < 100 && receiver.received.length === 0; i++) await sleep(100);
    await sleep(500);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers['umpire-event']).toBe('batch.finished');
    expect(signedBy(created.body.webhook.secret, receiver.received[0]!)).toBe(true);
  }, 180_000);
});
