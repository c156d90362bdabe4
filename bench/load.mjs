// `npm run bench:load`: a bounded load test of the local server on loopback: 50 concurrent
// clients, a fixed number of POST /v1/matches (idle bots) and GETs, then it stops by itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLIENTS = 50;
const REQUESTS = 500;
const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['dist/functions/node.js'], {
  env: { ...process.env, PORT: String(port), UMPIRE_DATA_DIR: mkdtempSync(join(tmpdir(), 'umpire-load-')), S3_BUCKET: '', DYNAMODB_TABLE: '' },
  stdio: ['ignore', 'pipe', 'ignore'],
});
await new Promise((resolve) => server.stdout.on('data', (d) => String(d).includes('listening') && resolve()));

const idle = readFileSync('bots/idle.js', 'utf8');
const body = JSON.stringify({ game: 'icy', red: { js: idle }, blue: { js: idle } });
const latencies = { post: [], get: [] };
let errors = 0;
let next = 0;
const ids = [];
const started = performance.now();
await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    while (next < REQUESTS) {
      const n = next++;
      // Three writes for every read of a record written before.
      const read = n % 4 === 3 && ids.length > 0;
      const t0 = performance.now();
      try {
        const r = read
          ? await fetch(`${base}/v1/matches/${ids[n % ids.length]}`, { signal: AbortSignal.timeout(30_000) })
          : await fetch(`${base}/v1/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(30_000) });
        const json = await r.json();
        if (r.status !== (read ? 200 : 201)) errors++;
        else if (!read) ids.push(json.id);
      } catch {
        errors++;
      }
      latencies[read ? 'get' : 'post'].push(performance.now() - t0);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
server.kill('SIGTERM');
const pct = (list, q) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
console.log(`load test: ${CLIENTS} concurrent clients, ${REQUESTS} requests on loopback (reproduce: npm run bench:load)`);
console.log(`  throughput: ${(REQUESTS / seconds).toFixed(1)} requests/s (${latencies.post.length} matches played: ${(latencies.post.length / seconds).toFixed(1)} matches/s)`);
console.log(`  POST /v1/matches latency: p50 ${pct(latencies.post, 0.5).toFixed(0)} ms, p99 ${pct(latencies.post, 0.99).toFixed(0)} ms`);
console.log(`  GET /v1/matches/:id latency: p50 ${pct(latencies.get, 0.5).toFixed(0)} ms, p99 ${pct(latencies.get, 0.99).toFixed(0)} ms`);
console.log(`  errors: ${errors}`);
