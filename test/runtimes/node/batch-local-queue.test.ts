import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANT_BRAIN, batchServer, CHEAP_ANTS, waitFor } from '../../api/batch-fixture.js';
import { signedBy, startReceiver, type Receiver } from '../../api/webhooks-receiver.js';

// A batch of 1,000 pairings through the Node server's local queue, each message handed to the
// queue twice and all of them once more after the batch finished: every pairing is played once,
// each pairing's webhook arrives once, and the batch's once.

const PAIRINGS = 1000;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(() => 200);
});
afterAll(async () => {
  await receiver?.close();
});

describe('a batch through the local queue', () => {
  it('plays each of 1,000 pairings once however often they are delivered, and tells the batch webhook once', async () => {
    const server = batchServer({ copies: 2 });
    const bots: string[] = [];
    for (const name of ['a', 'b', 'c'])
      bots.push((await server.call('POST', '/v1/bots', { game: 'ants', brain: ANT_BRAIN, name })).body.id);
    const pairings = Array.from({ length: PAIRINGS }, (_, k) => ({
      seats: [bots[k % 3]!, bots[(k + 1) % 3]!],
      ...(k % 2 ? { seed: k } : {}),
    }));
    const started = Date.now();
    const created = await server.call('POST', '/v1/batches', {
      game: 'ants',
      settings: CHEAP_ANTS,
      pairings,
      webhook: receiver.url('/batch'),
      matchWebhook: receiver.url('/match'),
    });
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    expect(created.headers.get('location')).toBe(`/v1/batches/${id}`);
    expect(created.body).toMatchObject({ status: 'queued', total: PAIRINGS, done: 0, failed: 0 });
    const secret = created.body.webhook.secret as string;

    const finished = await waitFor(
      async () => (await server.call('GET', `/v1/batches/${id}`)).body,
      (b) => b.status === 'finished',
    );
    expect(finished).toMatchObject({ total: PAIRINGS, done: PAIRINGS, failed: 0 });
    // Every message once more, after the batch finished: what a queue's late redelivery does.
    for (const job of server.sent) await server.local.send(job);
    await server.local.idle();
    await server.lanes.idle();
    console.log(`1,000 pairings, each delivered 3 times, played in ${Date.now() - started} ms`);

    expect(server.played()).toBe(PAIRINGS);
    const results = (await server.call('GET', `/v1/batches/${id}/results`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results).toHaveLength(PAIRINGS);
    expect(
      results.every((r, k) => r.index === k && r.status === 'done' && r.seats.join() === pairings[k]!.seats.join()),
    ).toBe(true);
    const matchIds = new Set(results.map((r) => r.match as string));
    expect(matchIds.size).toBe(PAIRINGS);
    for (const matchId of matchIds) expect(await server.stores.matches.get(matchId)).not.toBeNull();

    const batchCalls = receiver.received.filter((r) => r.headers['umpire-event'] === 'batch.finished');
    expect(batchCalls).toHaveLength(1);
    expect(signedBy(secret, batchCalls[0]!)).toBe(true);
    expect(JSON.parse(batchCalls[0]!.body)).toMatchObject({
      event: 'batch.finished',
      data: { batch: id, total: PAIRINGS, done: PAIRINGS, failed: 0 },
    });
    const matchCalls = receiver.received.filter((r) => r.headers['umpire-event'] === 'match.finished');
    expect(matchCalls).toHaveLength(PAIRINGS);
    expect(new Set(matchCalls.map((r) => JSON.parse(r.body).data.match))).toEqual(matchIds);
    expect(matchCalls.every((r) => signedBy(created.body.matchWebhook.secret, r))).toBe(true);

    const csv = (await server.call('GET', `/v1/batches/${id}/results?format=csv`)).text.trim().split('\r\n');
    expect(csv[0]).toBe('index,match,status,map,seats,ranks,winner,error');
    expect(csv).toHaveLength(PAIRINGS + 1);
    expect(csv[1]).toMatch(new RegExp(`^0,${results[0].match},done,tiny,${bots[0]} ${bots[1]},`));
  }, 300_000);
});
