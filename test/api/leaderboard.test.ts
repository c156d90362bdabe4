import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './http.js';
import { useServer } from '../support/server.js';

// A tournament on the local server: stored bots, a leaderboard, a round robin
// played through the in-process queue, ratings, and the export for other sites.

const server = useServer({ env: { WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOK_BACKOFF_MS: '100,200,400' } });
beforeAll(async () => {
  // The webhook test delivers to a receiver on loopback: local development's opt-in, and short retries.
}, 60_000);

const { call, finish } = apiClient(() => server.base);

describe('a tournament of four bots', () => {
  const bots: string[] = [];
  let board = '';

  it('plays a round robin on both colors and ranks the bots by rating', async () => {
    for (const name of ['hunter', 'planter', 'random', 'idle']) {
      const r = await call('POST', '/v1/bots', {
        name,
        js: readFileSync(`src/games/icy/bots/${name}.js`, 'utf8'),
        game: 'icy',
      });
      expect(r.status).toBe(201);
      bots.push(r.body.id);
    }
    const created = await call('POST', '/v1/leaderboards', {
      name: 'spring ladder',
      game: 'icy',
      maps: ['default', 'map1'],
    });
    expect(created.status).toBe(201);
    board = created.body.id;
    expect(created.body).toMatchObject({ rating: 'openskill', rules: 'queue2011', maps: ['default', 'map1'] });
    for (const bot of bots) expect((await call('POST', `/v1/leaderboards/${board}/entries`, { bot })).status).toBe(201);
    expect((await call('POST', `/v1/leaderboards/${board}/entries`, { bot: bots[0] })).status).toBe(409);

    const round = await call('POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.status).toBe(202);
    expect(round.body).toMatchObject({ total: 24, status: 'running' }); // 4 x 3 pairings, both colors, 2 maps
    expect(await finish(board, round.body.id)).toMatchObject({ total: 24, done: 24, failed: 0, status: 'finished' });

    const table = (await call('GET', `/v1/leaderboards/${board}?history=1`)).body.table;
    expect(table).toHaveLength(4);
    for (const row of table) {
      expect(row.played).toBe(12);
      expect(row.wins + row.losses + row.draws).toBe(12);
      expect(row.history).toHaveLength(12);
      expect(row.uncertainty).toBeLessThan(8.34);
    }
    expect(table.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(table[0].rating).toBeGreaterThan(table[3].rating);
    expect(table.map((r: { rating: number }) => r.rating)).toEqual(
      [...table.map((r: { rating: number }) => r.rating)].sort((a, b) => b - a),
    );
    expect(table.find((r: { name: string }) => r.name === 'idle').wins).toBe(0);
  }, 120_000);

  it('exports each rated match once, in order, as JSON lines that resume from a cursor', async () => {
    const first = await call('GET', `/v1/leaderboards/${board}/matches?limit=10`);
    expect(first.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = first.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(10);
    const rest = await call('GET', `/v1/leaderboards/${board}/matches?since=${first.headers.get('umpire-cursor')}`);
    const more = rest.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const all = [...lines, ...more];
    expect(all).toHaveLength(24);
    expect(new Set(all.map((l) => l.match)).size).toBe(24);
    expect(all[0]).toMatchObject({
      map: expect.any(String),
      winner: expect.stringMatching(/red|blue|draw/),
      red: { botId: expect.any(String) },
    });
    const after = await call('GET', `/v1/leaderboards/${board}/matches?since=${rest.headers.get('umpire-cursor')}`);
    expect(after.text).toBe('');
    // Each exported match is a stored match like any other.
    expect((await call('GET', `/v1/matches/${all[0].match}`)).status).toBe(200);
  }, 30_000);

  it('rates with Elo when asked', async () => {
    const created = await call('POST', '/v1/leaderboards', { name: 'elo ladder', game: 'icy', rating: 'elo' });
    const id = created.body.id;
    for (const bot of bots.slice(0, 2)) await call('POST', `/v1/leaderboards/${id}/entries`, { bot });
    const round = await call('POST', `/v1/leaderboards/${id}/rounds`);
    await finish(id, round.body.id);
    const table = (await call('GET', `/v1/leaderboards/${id}`)).body.table;
    expect(table.map((r: { played: number }) => r.played)).toEqual([2, 2]);
    expect(table[0].rating + table[1].rating).toBeCloseTo(3000, 6);
    expect(table[0].uncertainty).toBe(0);
  }, 60_000);

  it('rejects bad input', async () => {
    expect(
      (await call('POST', '/v1/leaderboards', { name: 'x', game: 'icy', maps: ['atlantis'] })).body.error.code,
    ).toBe('UNKNOWN_MAP');
    expect((await call('POST', '/v1/leaderboards', { name: 'x', game: 'icy', rating: 'glicko' })).status).toBe(400);
    expect(
      (await call('POST', `/v1/leaderboards/${board}/entries`, { bot: 'bot_AAAAAAAAAAAAAAAAAAAAAA' })).body.error.code,
    ).toBe('NOT_FOUND');
    expect((await call('GET', '/v1/leaderboards/lb_nope')).status).toBe(404);
  });
});

describe('webhooks', () => {
  let receiver: Server;
  const received: { headers: Record<string, string>; body: string; valid: boolean }[] = [];
  let secret = '';
  let calls = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        calls++;
        const headers = req.headers as Record<string, string>;
        // The receiver's own check: HMAC-SHA256 over "<timestamp>.<body>", and a fresh timestamp.
        const expected = `v1=${createHmac('sha256', secret).update(`${headers['umpire-timestamp']}.${body}`).digest('hex')}`;
        const fresh = Math.abs(Date.now() / 1000 - Number(headers['umpire-timestamp'])) < 300;
        const given = String(headers['umpire-signature'] ?? '');
        const valid =
          fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
        received.push({ headers, body, valid });
        // The first delivery fails: umpire must retry it.
        res.writeHead(calls === 1 ? 503 : 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('signs every event, retries a failed delivery, and tells of matches and rating changes', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    const bots: string[] = [];
    for (const name of ['hunter', 'idle'])
      bots.push(
        (
          await call('POST', '/v1/bots', {
            name,
            js: readFileSync(`src/games/icy/bots/${name}.js`, 'utf8'),
            game: 'icy',
          })
        ).body.id,
      );
    const id = (await call('POST', '/v1/leaderboards', { name: 'hooked', game: 'icy' })).body.id;
    for (const bot of bots) await call('POST', `/v1/leaderboards/${id}/entries`, { bot });
    const hook = await call('POST', `/v1/leaderboards/${id}/webhooks`, { url });
    expect(hook.status).toBe(201);
    secret = hook.body.secret;
    expect(secret).toMatch(/^whsec_/);
    const round = await call('POST', `/v1/leaderboards/${id}/rounds`);
    await finish(id, round.body.id);
    // 2 matches: each one match.finished and two rating.changed; one delivery is sent twice.
    for (let i = 0; i < 150 && received.length < 7; i++) await new Promise((r) => setTimeout(r, 100));
    const deliveries = new Set(received.map((r) => r.headers['umpire-delivery']));
    expect(deliveries.size).toBe(6);
    expect(received).toHaveLength(7);
    expect(received.every((r) => r.valid)).toBe(true);
    expect(
      received.filter((r) => r.headers['umpire-delivery'] === received[0]!.headers['umpire-delivery']),
    ).toHaveLength(2);
    const events = [...new Map(received.map((r) => [r.headers['umpire-delivery'], JSON.parse(r.body)])).values()];
    expect(events.filter((e) => e.event === 'match.finished')).toHaveLength(2);
    expect(events.filter((e) => e.event === 'rating.changed')).toHaveLength(4);
    expect(events.find((e) => e.event === 'rating.changed').data).toMatchObject({
      leaderboard: id,
      rating: expect.any(Number),
      uncertainty: expect.any(Number),
    });
  }, 60_000);

  it('refuses a webhook URL that is not http(s)', async () => {
    const id = (await call('POST', '/v1/leaderboards', { name: 'x', game: 'icy' })).body.id;
    expect((await call('POST', `/v1/leaderboards/${id}/webhooks`, { url: 'file:///etc/passwd' })).status).toBe(400);
  });
});
