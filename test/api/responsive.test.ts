import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';

// Matches run off the request thread: while two bots that loop forever play a
// default-budget Icy match (about 3 minutes of fuel), the server answers at once.

const server = useServer();

const LOOP = 'export default function(){for(;;){}}';

async function timed(path: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const r = await fetch(`${server.base}${path}`, { signal: AbortSignal.timeout(10_000) });
  await r.arrayBuffer();
  return { status: r.status, ms: performance.now() - t0 };
}

describe('a server busy with a long match', () => {
  it('answers /healthz and GETs of stored matches in under 50 ms', async () => {
    const quick = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'icy',
        red: { js: 'export default () => ""' },
        blue: { js: 'export default () => ""' },
      }),
    });
    expect(quick.status).toBe(201);
    const { id } = (await quick.json()) as { id: string };

    // Not awaited: it runs until the server stops.
    const long = fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'icy', red: { js: LOOP }, blue: { js: LOOP } }),
    }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    await timed('/healthz'); // the connection
    for (let i = 0; i < 10; i++) {
      const r = await timed('/healthz');
      expect(r.status).toBe(200);
      expect(r.ms).toBeLessThan(50);
    }
    const record = await timed(`/v1/matches/${id}`);
    expect(record.status).toBe(200);
    expect(record.ms).toBeLessThan(50);
    // The match is still being played.
    expect(
      await Promise.race([
        long.then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('running'), 10)),
      ]),
    ).toBe('running');
  }, 30_000);
});
