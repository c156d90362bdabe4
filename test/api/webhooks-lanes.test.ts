import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './http.js';
import { useServer } from '../support/server.js';
import { signedBy, startReceiver, until, type Receiver } from './webhooks-receiver.js';

// Each hook has its own delivery lane: endpoints that fail or hang delay only
// their own deliveries. Local development opts in to loopback receivers.

const BACKOFF = [1500, 1500, 1500];
const server = useServer({
  env: {
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOK_BACKOFF_MS: BACKOFF.join(','),
    WEBHOOK_TIMEOUT_MS: '3000',
  },
});
let failing: Receiver;
let hanging: Receiver;
let healthy: Receiver;

beforeAll(async () => {
  failing = await startReceiver(() => 500);
  hanging = await startReceiver(() => 'hang');
  healthy = await startReceiver(() => 200);
}, 60_000);
afterAll(async () => {
  await Promise.all([failing, hanging, healthy].map((r) => r?.close()));
});

const { call, finish } = apiClient(() => server.base);

async function boardWithHooks(
  bots: readonly string[],
  urls: readonly string[],
): Promise<{ id: string; secrets: string[] }> {
  const id = (await call('POST', '/v1/leaderboards', { name: 'laned', game: 'icy' })).body.id as string;
  for (const bot of bots) expect((await call('POST', `/v1/leaderboards/${id}/entries`, { bot })).status).toBe(201);
  const secrets: string[] = [];
  for (const url of urls) {
    const hook = await call('POST', `/v1/leaderboards/${id}/webhooks`, { url });
    expect(hook.status).toBe(201);
    secrets.push(hook.body.secret);
  }
  return { id, secrets };
}

describe('delivery lanes', () => {
  it('delivers a healthy board promptly while another board’s endpoints fail and hang', async () => {
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
    const a = await boardWithHooks(bots, [failing.url(), hanging.url()]);
    const b = await boardWithHooks(bots, [healthy.url()]);

    // Board A's round: 2 matches, each 1 match.finished and 2 rating.changed, to two bad endpoints.
    const roundA = await call('POST', `/v1/leaderboards/${a.id}/rounds`);
    await finish(a.id, roundA.body.id);
    expect(await until(() => failing.received.length > 0 && hanging.received.length > 0, 5000)).toBe(true);

    const roundB = await call('POST', `/v1/leaderboards/${b.id}/rounds`);
    await finish(b.id, roundB.body.id);
    const finishedAt = Date.now();
    expect(await until(() => healthy.received.length >= 6, 5000)).toBe(true);
    // Every one of B's deliveries arrived at most a moment after its round finished (most before).
    const latest = Math.max(...healthy.received.map((r) => r.at));
    expect(latest - finishedAt).toBeLessThan(1000);
    expect(healthy.received).toHaveLength(6);
    expect(new Set(healthy.ids()).size).toBe(6);
    expect(healthy.received.every((r) => signedBy(b.secrets[0]!, r))).toBe(true);

    // A is still retrying: its lane sends one delivery at a time, in order, each until it is given up.
    expect(failing.received.length).toBeLessThan(6 * (BACKOFF.length + 1));
    const runs = failing.ids().filter((id, k, all) => k === 0 || all[k - 1] !== id);
    expect(new Set(runs).size).toBe(runs.length);
    expect(failing.received.every((r) => signedBy(a.secrets[0]!, r))).toBe(true);
    const first = failing.ids()[0];
    expect(await until(() => failing.ids().filter((id) => id === first).length === BACKOFF.length + 1, 10_000)).toBe(
      true,
    );
  }, 120_000);

  it('still refuses credentials in a URL with the opt-in', async () => {
    const id = (await call('POST', '/v1/leaderboards', { name: 'x', game: 'icy' })).body.id;
    const r = await call('POST', `/v1/leaderboards/${id}/webhooks`, {
      url: `http://u:p@127.0.0.1:${healthy.port}/hook`,
    });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('WEBHOOK_URL_INVALID');
  });
});
