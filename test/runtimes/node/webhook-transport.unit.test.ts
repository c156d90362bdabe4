import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  nodeWebhookTransport,
  type Resolver,
} from '../../../src/runtimes/node/webhook-transport.js';
import { startReceiver, type Receiver } from '../../api/webhooks-receiver.js';

/** DNS as an attacker who controls a name would answer it: first public, then rebound to loopback. */
const rebound: Resolver = (_host, _family, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);

let receiver: Receiver;
let port = 0;
const received = () => receiver.received.map((r) => r.body);
beforeAll(async () => {
  receiver = await startReceiver(() => 200);
  port = receiver.port;
});
afterAll(() => receiver.close());

describe('the Node webhook transport', () => {
  it('refuses to connect when the name resolves to a blocked address (DNS rebinding)', async () => {
    const send = nodeWebhookTransport({}, rebound);
    await expect(send(`http://hooks.example.com:${port}/`, {}, '{"n":1}', 2000)).rejects.toThrow(BlockedAddressError);
    await expect(send(`http://hooks.example.com:${port}/`, {}, '{"n":1}', 2000)).rejects.toThrow(
      /resolves to 127\.0\.0\.1, a loopback address/,
    );
    expect(received()).toEqual([]);
  });

  it('refuses an address literal at send time too', async () => {
    await expect(nodeWebhookTransport()(`http://127.0.0.1:${port}/`, {}, '{}', 2000)).rejects.toThrow(/loopback/);
    expect(received()).toEqual([]);
  });

  it('delivers when local development opts in', async () => {
    const status = await nodeWebhookTransport({ allowPrivate: true }, rebound)(
      `http://hooks.example.com:${port}/`,
      { 'content-type': 'application/json' },
      '{"n":2}',
      2000,
    );
    expect(status).toBe(200);
    expect(received()).toEqual(['{"n":2}']);
  });
});
