import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWebhookTransport } from '../../src/runtimes/workers/webhook-transport.js';
import { nodeWebhookTransport } from '../../src/runtimes/node/webhook-transport.js';
import { attemptDelivery, type Delivery } from '../../src/leaderboard/webhooks.js';

// A receiver on 127.0.0.1: /drip answers a byte every 100 ms for 3 s, anything else 204.
let server: Server;
let port = 0;
const bodies: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      bodies.push(body);
      if (req.url !== '/drip') return void res.writeHead(204).end();
      res.writeHead(200);
      let sent = 0;
      const timer = setInterval(() => {
        if (++sent >= 30 || res.destroyed) {
          clearInterval(timer);
          return void res.end();
        }
        res.write('.');
      }, 100);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const delivery = (url: string): Delivery => ({
  hook: { id: 'hook_x', url, secret: 'whsec_x', createdAt: '' },
  id: 'dlv_1',
  event: 'match.finished',
  body: '{"n":1}',
});

describe('webhook transports', () => {
  it('Node: the timeout bounds the whole attempt, not only idle time', async () => {
    const started = Date.now();
    await expect(
      nodeWebhookTransport({ allowPrivate: true })(`http://127.0.0.1:${port}/drip`, {}, '{}', 500),
    ).rejects.toThrow(/no answer within 500 ms/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('fetch (Workers): refuses a blocked address before sending, final (not retried)', async () => {
    const before = bodies.length;
    const result = await attemptDelivery(delivery(`http://127.0.0.1:${port}/`), fetchWebhookTransport(), 2000);
    expect(result).toMatchObject({ ok: false, final: true, reason: expect.stringMatching(/loopback/) });
    expect(bodies.length).toBe(before);
  });

  it('fetch (Workers): refuses credentials even with the opt-in, and delivers with it', async () => {
    const send = fetchWebhookTransport({ allowPrivate: true });
    expect(await attemptDelivery(delivery(`http://u:p@127.0.0.1:${port}/`), send, 2000)).toMatchObject({
      ok: false,
      final: true,
    });
    expect(await attemptDelivery(delivery(`http://127.0.0.1:${port}/`), send, 2000)).toEqual({ ok: true });
    expect(bodies[bodies.length - 1]).toBe('{"n":1}');
  });

  it('a non-2xx answer is a failure to retry', async () => {
    const send = async () => 503;
    expect(await attemptDelivery(delivery('https://example.org/'), send, 2000)).toEqual({
      ok: false,
      final: false,
      reason: 'HTTP 503',
    });
  });
});
