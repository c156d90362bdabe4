import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

/** One request a receiver got. */
export interface Received {
  /** When it arrived (Date.now()). */
  readonly at: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface Receiver {
  readonly port: number;
  readonly received: Received[];
  url(path?: string): string;
  /** Delivery ids in the order they arrived, repeats included. */
  ids(): string[];
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1: `answer` gives each request's status, or
 * 'hang' to never answer it (the sender's timeout ends it).
 */
export async function startReceiver(answer: (r: Received) => number | 'hang', port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const r: Received = { at: Date.now(), headers: req.headers as Record<string, string>, body };
      received.push(r);
      const status = answer(r);
      if (status !== 'hang') res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as { port: number }).port;
  return {
    port: bound,
    received,
    url: (path = '/hook') => `http://127.0.0.1:${bound}${path}`,
    ids: () => received.map((r) => r.headers['umpire-delivery']!),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's own check: HMAC-SHA256 of "<timestamp>.<body>" with the hook's secret, and a fresh timestamp. */
export function signedBy(secret: string, r: Received): boolean {
  const timestamp = r.headers['umpire-timestamp'];
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  const given = String(r.headers['umpire-signature'] ?? '');
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** Polls `done` every 50 ms until it holds or `timeoutMs` passes; resolves to whether it held. */
export async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  for (let waited = 0; waited < timeoutMs; waited += 50) {
    if (done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return done();
}
