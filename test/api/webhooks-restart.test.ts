import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PendingDelivery } from '../../src/store/contract/pending-deliveries.js';
import { createStores } from '../../src/store/aws/stores.js';
import { runningEmbeddedStorage } from '../../src/local-aws/embedded.js';
import { apiClient } from './http.js';
import { freePort, useServer } from '../support/server.js';
import { signedBy, startReceiver, until, type Receiver } from './webhooks-receiver.js';

// Pending deliveries are stored: a server killed while its receiver is down
// sends them after it restarts on the same data folder, with the same ids.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-hooks-restart-'));
const env = { WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOK_BACKOFF_MS: '4000,4000,4000,4000,4000,4000,4000,4000' };
const server = useServer({ dataDir, env }, { startBeforeAll: false });
let receiver: Receiver | undefined;
afterAll(async () => {
  await receiver?.close();
});

const { call, finish } = apiClient(() => server.base);

/** What the running server on `dataDir` has stored as pending, read through its own storage. */
async function storedPending(): Promise<PendingDelivery[]> {
  const config = runningEmbeddedStorage(dataDir);
  if (!config) throw new Error('no server is running on the data folder');
  const stores = createStores(config);
  try {
    return (await stores.deliveries.list({ limit: 100 })).items;
  } finally {
    stores.dynamodb.destroy();
    stores.s3.destroy();
  }
}

describe('pending deliveries across a restart', () => {
  it('resumes every stored delivery after SIGKILL, with the same delivery ids', async () => {
    const port = await freePort();
    await server.start();
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
    const board = (await call('POST', '/v1/leaderboards', { name: 'restart', game: 'icy' })).body.id;
    for (const bot of bots) await call('POST', `/v1/leaderboards/${board}/entries`, { bot });
    // Nothing listens on the receiver's port yet.
    const hook = await call('POST', `/v1/leaderboards/${board}/webhooks`, { url: `http://127.0.0.1:${port}/hook` });
    expect(hook.status).toBe(201);
    const round = await call('POST', `/v1/leaderboards/${board}/rounds`);
    await finish(board, round.body.id);

    // Each delivery is stored before its match counts as done: 2 matches, 3 events each.
    const pending = await storedPending();
    expect(pending).toHaveLength(6);
    expect(pending.every((d) => d.hook.id === hook.body.id)).toBe(true);
    const ids = pending.map((d) => d.id);
    expect(new Set(ids).size).toBe(6);

    await server.kill();
    receiver = await startReceiver(() => 200, port);
    await server.start();

    expect(await until(() => receiver!.received.length >= 6, 20_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const r = receiver;
    expect(r.received).toHaveLength(6);
    // The same ids, in the order they were made, each signed, each with the body stored for it.
    expect(r.ids()).toEqual(ids);
    expect(r.received.every((got) => signedBy(hook.body.secret, got))).toBe(true);
    expect(r.received.map((got) => got.body)).toEqual(pending.map((d) => d.body));
    expect(r.received.map((got) => got.headers['umpire-event'])).toEqual(pending.map((d) => d.event));
    // Delivered, so no longer stored.
    let left = await storedPending();
    for (let i = 0; i < 20 && left.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await storedPending();
    }
    expect(left).toEqual([]);
  }, 120_000);
});
