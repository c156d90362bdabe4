// `npm run bench:load`: a bounded load test of the local server on loopback, run twice: with a
// match pool of one worker thread (UMPIRE_WORKERS=1) and of two. Clients POST a fixed number of
// Icy matches between bots that do a fixed amount of work every turn (about 1.5 s of match per
// match, so the matches' compute dominates the server's own work), while another client GETs
// stored records; then each server is stopped.
import { startServer } from './server.mjs';

const MATCHES = 20;
const POST_CLIENTS = 4;
const GET_PAUSE_MS = 100;
const WORK =
  'export default function () { let x = 0; for (let i = 0; i < 60000; i++) x = (x + i * 7) % 1000003; return ""; }';
const body = JSON.stringify({ game: 'icy', seed: 1, red: { js: WORK }, blue: { js: `// blue\n${WORK}` } });

const pct = (list, q) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

async function run(workers) {
  const server = await startServer({ env: { UMPIRE_WORKERS: String(workers) }, stderr: 'ignore' });
  const base = server.base;
  const postMatch = async () => {
    const r = await fetch(`${base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(120_000),
    });
    const json = await r.json();
    if (r.status !== 201) throw new Error(`${r.status} ${json.error?.code}`);
    return json.id;
  };
  try {
    // Warm up every worker (thread start, QuickJS compiled) and store a record to read.
    const ids = await Promise.all(Array.from({ length: workers }, postMatch));
    const latencies = { post: [], get: [] };
    let errors = 0;
    let next = 0;
    let posting = true;
    const started = performance.now();
    const reads = (async () => {
      while (posting) {
        const t0 = performance.now();
        try {
          const r = await fetch(`${base}/v1/matches/${ids[latencies.get.length % ids.length]}`, {
            signal: AbortSignal.timeout(30_000),
          });
          await r.arrayBuffer();
          if (r.status !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.get.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, GET_PAUSE_MS));
      }
    })();
    await Promise.all(
      Array.from({ length: POST_CLIENTS }, async () => {
        while (next < MATCHES) {
          next++;
          const t0 = performance.now();
          try {
            ids.push(await postMatch());
          } catch {
            errors++;
          }
          latencies.post.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    posting = false;
    await reads;
    return { workers, seconds, rate: MATCHES / seconds, latencies, errors };
  } finally {
    server.stop();
  }
}

console.log(
  `load test: ${MATCHES} Icy matches (bots doing fixed work each turn) from ${POST_CLIENTS} clients, and GETs of stored records every ${GET_PAUSE_MS} ms, on loopback`,
);
console.log('reproduce: npm run bench:load');
const results = [];
for (const workers of [1, 2]) {
  const r = await run(workers);
  results.push(r);
  console.log(`UMPIRE_WORKERS=${workers}:`);
  console.log(`  throughput: ${r.rate.toFixed(2)} matches/s (${MATCHES} matches in ${r.seconds.toFixed(1)} s)`);
  console.log(
    `  POST /v1/matches latency: p50 ${pct(r.latencies.post, 0.5).toFixed(0)} ms, p99 ${pct(r.latencies.post, 0.99).toFixed(0)} ms`,
  );
  console.log(
    `  GET /v1/matches/:id latency: p50 ${pct(r.latencies.get, 0.5).toFixed(1)} ms, p99 ${pct(r.latencies.get, 0.99).toFixed(1)} ms (${r.latencies.get.length} GETs)`,
  );
  console.log(`  errors: ${r.errors}`);
}
console.log(`pool of 2 over pool of 1: ${(results[1].rate / results[0].rate).toFixed(2)}x matches/s`);
