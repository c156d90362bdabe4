// API throughput (issue 4): matches per second through POST /v1/matches with idle bots at
// concurrency 8, against the `npm start` server (its own process, embedded storage).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});

export async function run(report) {
  const server = spawn(process.execPath, ['dist/functions/node.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      UMPIRE_DATA_DIR: mkdtempSync(join(tmpdir(), 'umpire-bench-')),
      S3_BUCKET: '',
      DYNAMODB_TABLE: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => server.stdout.on('data', (d) => String(d).includes('listening') && resolve()));
  const idle = readFileSync('src/games/icy/bots/idle.js', 'utf8');
  const body = JSON.stringify({ game: 'icy', seed: 1, red: { js: idle }, blue: { js: idle } });
  const post = async () => {
    const start = performance.now();
    const r = await fetch(`http://127.0.0.1:${port}/v1/matches`, {
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
  server.kill('SIGTERM');
  report(
    `api: POST /v1/matches, two idle bots, ${total} requests at concurrency ${concurrency}`,
    total / seconds,
    'matches/s',
    '>= 20',
  );
  report('api: latency p50 / p99', p(0.5), `ms / ${p(0.99).toFixed(0)} ms`, 'p99 < 500 ms');
}
