import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/api/auth.js';
import { ANT_BRAIN, batchServer, CHEAP_ANTS, waitFor } from './batch-fixture.js';
import { signedBy, startReceiver, type Receiver } from './webhooks-receiver.js';
import { readFileSync } from 'node:fs';

// Asynchronous matches and batches on the Node server's parts, in this process: the answers
// before and after the queue plays them, their webhooks, who sees them, and bad input.

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(() => 200);
});
afterAll(async () => {
  await receiver?.close();
});

/** A server whose queue holds its messages until released, a second key, and bots of each. */
async function setup(options: { allowPrivate?: boolean } = {}) {
  const server = batchServer({ hold: true, ...options });
  const other = await newApiKey('other team', 1000, new Date());
  await server.stores.keys.create(other.hash, other.record);
  const asOther = { authorization: `Bearer ${other.key}` };
  const bot = async (name: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) => {
    const r = await server.call('POST', '/v1/bots', { game: 'ants', brain: ANT_BRAIN, name, ...extra }, headers);
    expect(r.status).toBe(201);
    return r.body.id as string;
  };
  const mine = [await bot('mine-1'), await bot('mine-2')];
  return { server, asOther, bot, mine };
}

const antsMatch = (red: string, black: string) => ({
  game: 'ants',
  world: 'tiny',
  rounds: 1,
  red: { bot: red },
  black: { bot: black },
});

describe('an asynchronous match', () => {
  it('answers 202 with Location, is queued until played, then is the record, and tells its webhook once', async () => {
    const { server, mine } = await setup();
    const created = await server.call(
      'POST',
      '/v1/matches',
      { ...antsMatch(mine[0]!, mine[1]!), webhook: receiver.url('/async') },
      { prefer: 'respond-async', 'idempotency-key': 'async-1' },
    );
    expect(created.status).toBe(202);
    expect(created.headers.get('preference-applied')).toBe('respond-async');
    const id = created.body.id as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.headers.get('location')).toBe(`/v1/matches/${id}`);
    expect(created.body).toMatchObject({
      id,
      status: 'queued',
      game: 'ants',
      webhook: { url: receiver.url('/async') },
    });

    // The same request, asking for the asynchronous answer in the body instead: the same match.
    const again = await server.call(
      'POST',
      '/v1/matches',
      { ...antsMatch(mine[0]!, mine[1]!), webhook: receiver.url('/async'), async: true },
      { 'idempotency-key': 'async-1' },
    );
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(id);

    const pending = await server.call('GET', `/v1/matches/${id}`);
    expect(pending.status).toBe(202);
    expect(pending.headers.get('retry-after')).toBe('2');
    expect(pending.body).toMatchObject({ id, status: 'queued' });

    await server.release();
    const record = await waitFor(
      () => server.call('GET', `/v1/matches/${id}`),
      (r) => r.status === 200,
    );
    expect(record.body).toMatchObject({ id, game: 'ants', public: false });
    expect(server.played()).toBe(1);
    await server.lanes.idle();
    const calls = receiver.received.filter((r) => r.body.includes(id));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['umpire-event']).toBe('match.finished');
    expect(signedBy(created.body.webhook.secret, calls[0]!)).toBe(true);
    expect(JSON.parse(calls[0]!.body).data).toMatchObject({ match: id, status: 'done', game: 'ants' });
  });

  it('takes async: true in the body, and reports a match that could not be played as failed with its reason', async () => {
    const { server, asOther, bot, mine } = await setup();
    const theirs = await bot('theirs', asOther, { public: true });
    const created = await server.call('POST', '/v1/matches', { ...antsMatch(mine[0]!, theirs), async: true });
    expect(created.status).toBe(202);
    expect(created.headers.get('preference-applied')).toBeNull();
    // Their bot turns private before the match is played: it is no longer the caller's to use.
    expect((await server.call('PATCH', `/v1/bots/${theirs}`, { public: false }, asOther)).status).toBe(200);
    await server.release();
    const failed = await waitFor(
      () => server.call('GET', `/v1/matches/${created.body.id}`),
      (r) => r.status === 200,
    );
    expect(failed.body).toMatchObject({ id: created.body.id, status: 'failed', error: { code: 'NOT_FOUND' } });
    expect(server.played()).toBe(0);
  });

  it('still answers bad input at once, and refuses a webhook address that is not allowed', async () => {
    const { server, mine } = await setup({ allowPrivate: false });
    const unknownBot = await server.call('POST', '/v1/matches', {
      ...antsMatch(mine[0]!, `bot_${'x'.repeat(22)}`),
      async: true,
    });
    expect(unknownBot.status).toBe(404);
    const loopback = await server.call('POST', '/v1/matches', {
      ...antsMatch(mine[0]!, mine[1]!),
      async: true,
      webhook: 'http://127.0.0.1:9/hook',
    });
    expect(loopback.status).toBe(422);
    expect(loopback.body.error).toMatchObject({ code: 'WEBHOOK_URL_INVALID' });
    const syncHook = await server.call('POST', '/v1/matches', {
      ...antsMatch(mine[0]!, mine[1]!),
      webhook: 'https://example.com/hook',
    });
    expect(syncHook.status).toBe(400);
    expect(server.sent).toHaveLength(0);
  });
});

describe('a batch', () => {
  it('is seen by the key that created it only, and reports a pairing that could not be played', async () => {
    const { server, asOther, bot, mine } = await setup();
    const theirs = await bot('theirs', asOther, { public: true });
    const created = await server.call('POST', '/v1/batches', {
      game: 'ants',
      settings: CHEAP_ANTS,
      pairings: [{ seats: mine }, { seats: [mine[1]!, theirs], seed: 7 }, { seats: [theirs, mine[0]!] }],
    });
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    expect((await server.call('GET', `/v1/batches/${id}`)).body).toMatchObject({ status: 'queued', total: 3 });
    expect((await server.call('GET', `/v1/batches/${id}`, undefined, asOther)).status).toBe(404);
    expect((await server.call('GET', `/v1/batches/${id}/results`, undefined, asOther)).status).toBe(404);
    expect((await server.call('GET', '/v1/batches', undefined, asOther)).body.items).toEqual([]);
    expect((await server.call('GET', '/v1/batches')).body.items.map((b: { id: string }) => b.id)).toEqual([id]);

    expect((await server.call('PATCH', `/v1/bots/${theirs}`, { public: false }, asOther)).status).toBe(200);
    await server.release();
    const finished = await waitFor(
      async () => (await server.call('GET', `/v1/batches/${id}`)).body,
      (b) => b.status === 'finished',
    );
    expect(finished).toMatchObject({ total: 3, done: 1, failed: 2 });
    const results = (await server.call('GET', `/v1/batches/${id}/results`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results.map((r) => r.status)).toEqual(['done', 'failed', 'failed']);
    expect(results[0]).toMatchObject({ index: 0, map: 'tiny', seats: mine, line: { red: { botId: mine[0] } } });
    expect(results[1]).toMatchObject({ index: 1, error: { code: 'NOT_FOUND' } });
    const csv = (await server.call('GET', `/v1/batches/${id}/results?format=csv&from=1&limit=1`)).text;
    expect(csv).toBe(
      `index,match,status,map,seats,ranks,winner,error\r\n1,${results[1].match},failed,tiny,${mine[1]} ${theirs},,,NOT_FOUND\r\n`,
    );
  });

  it('refuses bad input before storing anything', async () => {
    const { server, asOther, bot, mine } = await setup({ allowPrivate: false });
    const post = (body: Record<string, unknown>) =>
      server.call('POST', '/v1/batches', { game: 'ants', settings: CHEAP_ANTS, pairings: [{ seats: mine }], ...body });

    const tooMany = await post({ pairings: Array.from({ length: 10_001 }, () => ({ seats: mine })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('TOO_MANY_FIELDS');

    const icyBot = (
      await server.call('POST', '/v1/bots', {
        game: 'icy',
        js: readFileSync('src/games/icy/bots/idle.js', 'utf8'),
        name: 'icy',
      })
    ).body.id as string;
    const otherGame = await post({ pairings: [{ seats: mine }, { seats: [mine[0], icyBot] }] });
    expect(otherGame.status).toBe(422);
    expect(otherGame.body.error).toMatchObject({
      code: 'BOT_GAME_MISMATCH',
      details: { field: 'pairings.1.seats.1', botGame: 'icy', game: 'ants' },
    });

    const privateBot = await bot('private', asOther);
    const notYours = await post({ pairings: [{ seats: [mine[0], privateBot] }] });
    expect(notYours.status).toBe(404);
    expect(notYours.body.error).toMatchObject({ code: 'NOT_FOUND', details: { field: 'pairings.0.seats.1' } });

    const loopback = await post({ webhook: 'http://127.0.0.1:9/hook' });
    expect(loopback.status).toBe(422);
    expect(loopback.body.error).toMatchObject({ code: 'WEBHOOK_URL_INVALID', details: { field: 'webhook' } });
    const credentials = await post({ matchWebhook: 'https://user:pw@example.com/hook' });
    expect(credentials.status).toBe(422);
    expect(credentials.body.error.details).toEqual({ field: 'matchWebhook' });

    const seats = await post({ pairings: [{ seats: [mine[0]] }] });
    expect(seats.status).toBe(400);
    expect(seats.body.error.details).toMatchObject({ field: 'pairings.0.seats' });
    const world = await post({ pairings: [{ seats: mine, map: 'nowhere' }] });
    expect(world.status).toBe(400);
    expect(world.body.error.details).toMatchObject({ field: 'pairings.0.map' });
    const game = await post({ game: 'chess' });
    expect(game.status).toBe(400);

    expect(server.sent).toHaveLength(0);
    expect((await server.call('GET', '/v1/batches')).body.items).toEqual([]);
  });

  it('refuses a key more than 20,000 pairings waiting in its unfinished batches', async () => {
    const { server, asOther, bot, mine } = await setup();
    const full = {
      game: 'ants',
      settings: CHEAP_ANTS,
      pairings: Array.from({ length: 10_000 }, () => ({ seats: mine })),
    };
    expect((await server.call('POST', '/v1/batches', full)).status).toBe(202);
    expect((await server.call('POST', '/v1/batches', full)).status).toBe(202);
    const over = await server.call('POST', '/v1/batches', { ...full, pairings: [{ seats: mine }] });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({
      code: 'KEY_QUEUE_FULL',
      details: { limit: 'queuedPairingsPerKey', max: 20_000, count: 20_001 },
    });
    // Another key's queue is its own.
    const theirs = [await bot('theirs-1', asOther), await bot('theirs-2', asOther)];
    const other = await server.call('POST', '/v1/batches', { ...full, pairings: [{ seats: theirs }] }, asOther);
    expect(other.status).toBe(202);
  }, 60_000);

  it('tells the batch webhook when a delivery finds every pairing counted but the batch not yet finished', async () => {
    const { server, mine } = await setup();
    const created = await server.call('POST', '/v1/batches', {
      game: 'ants',
      settings: CHEAP_ANTS,
      pairings: [{ seats: mine }, { seats: mine }],
      webhook: receiver.url('/recovered'),
    });
    const id = created.body.id as string;
    // As if a process counted both pairings, then died before marking the batch finished.
    for (const job of server.sent) {
      const claim = await server.stores.roundJobs.claim(job, 'dead', Date.now(), 60_000);
      expect(claim.state).toBe('claimed');
      await server.stores.roundJobs.finish(job, 'failed');
    }
    expect((await server.call('GET', `/v1/batches/${id}`)).body).toMatchObject({
      status: 'finished',
      finishedAt: null,
    });
    await server.release();
    await server.release();
    await server.local.idle();
    await server.lanes.idle();
    expect((await server.call('GET', `/v1/batches/${id}`)).body.finishedAt).not.toBeNull();
    const told = receiver.received.filter((r) => r.headers['umpire-delivery'] === `dlv_${id}`);
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0]!.body).data).toMatchObject({ batch: id, total: 2, done: 0, failed: 2 });
    expect(server.played()).toBe(0);
  });
});
