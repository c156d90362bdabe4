// API throughput (issue 4): matches per second through POST /v1/matches with idle bots at
// concurrency 8, against the `npm start` server (its own process, embedded storage).
import { readFileSync } from 'node:fs';
import { startServer } from './server.mjs';

export async function run(report) {
  const server = await startServer();
  const idle = readFileSync('src/games/icy/bots/idle.js', 'utf8');
  const body = JSON.stringify({ game: 'icy', seed: 1, red: { js: idle }, blue: { js: idle } });
  const post = async () => {
    const start = performance.now();
    const r = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (r.status !== 201) throw new Error(`status ${r.status}: ${await r.text()}`);
    await r.arrayBuffer();
    return performance.now() - start;
  };
  for (let i = 0; i < 16; i++) await post(); // warm up

  const total = 400;
  const concurrency = 8;
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        latencies.push(await post());
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  server.stop();
  report(
    `api: POST /v1/matches, two idle bots, ${total} requests at concurrency ${concurrency}`,
    total / seconds,
    'matches/s',
    '>= 20',
  );
  report('api: latency p50 / p99', p(0.5), `ms / ${p(0.99).toFixed(0)} ms`, 'p99 < 500 ms');
}
