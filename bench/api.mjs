// API throughput (issues 4 and 29): matches per second through POST /v1/matches with idle bots at
// concurrency 8, against the `npm start` server (its own process, embedded storage), next to what
// the cores could play in-process (the same match, warm, one thread, times the cores), while a
// reader GETs a stored match and the recent-matches listing every 50 ms; then the same on the
// in-memory stores, which leaves out the embedded storage servers that share the server's process.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { httpClient } from './http-client.mjs';
import { idleMatch, WARM_MATCHES } from './sandbox.mjs';
import { startServer } from './server.mjs';

const TOTAL = 400;
const CONCURRENCY = 8;
const GET_EVERY_MS = 50;
const MEASURED_MATCHES = 60;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * CPU milliseconds a process has used (user + system, every thread), from /proc: what a match costs
 * the server whatever else the machine runs. Null where there is no /proc.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in ticks of 1/100 s
  } catch {
    return null;
  }
}

/**
 * Per idle-vs-idle match in this thread, warm as the sandbox bench's idle match is: the median
 * wall ms of MEASURED_MATCHES after WARM_MATCHES, and their mean CPU ms.
 */
async function inProcessMs() {
  for (let i = 0; i < WARM_MATCHES; i++) await idleMatch();
  const times = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < MEASURED_MATCHES; i++) {
    const start = performance.now();
    await idleMatch();
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  return {
    wall: quantile(
      times.sort((a, b) => a - b),
      0.5,
    ),
    cpu: (used.user + used.system) / 1000 / MEASURED_MATCHES,
  };
}

/** GETs a stored match and the listing every GET_EVERY_MS until `stop()`; resolves to their latencies. */
function readLoop(client, matchId) {
  const latencies = [];
  let running = true;
  const paths = [`/v1/matches/${matchId}`, '/v1/matches?limit=20'];
  const done = (async () => {
    for (let i = 0; running && i < 100_000; i++) {
      const start = performance.now();
      const r = await client.send('GET', paths[i % 2]);
      if (r.status !== 200) throw new Error(`GET ${paths[i % 2]}: status ${r.status}`);
      latencies.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, GET_EVERY_MS));
    }
    return latencies;
  })();
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}

/** Runs the load; `env` is added to the server's (UMPIRE_WORKERS, ...). */
export async function measureApi(env = {}) {
  const idle = readFileSync('src/games/icy/bots/idle.js', 'utf8');
  const inProcess = await inProcessMs();
  const matchMs = inProcess.wall;
  const cores = availableParallelism();
  const server = await startServer({ env });
  const client = httpClient(server.base);
  try {
    // The warm-up's matches are listed (the reader's listing has them); the measured ones are not, as before.
    const request = (listed) =>
      JSON.stringify({ game: 'icy', seed: 1, public: listed, red: { js: idle }, blue: { js: idle } });
    let body = request(true);
    let stored = '';
    const post = async () => {
      const start = performance.now();
      const r = await client.send('POST', '/v1/matches', body);
      if (r.status !== 201) throw new Error(`status ${r.status}: ${r.text}`);
      stored = JSON.parse(r.text).id;
      return performance.now() - start;
    };
    // The same warm-up for each of the server's match workers (one per core), and its request path.
    await Promise.all(
      Array.from({ length: cores }, async () => {
        for (let i = 0; i < WARM_MATCHES; i++) await post();
      }),
    );
    body = request(false);

    const reader = readLoop(client, stored);
    const cpuBefore = cpuMsOf(server.pid);
    const clientBefore = process.cpuUsage();
    const latencies = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TOTAL) {
          next++;
          latencies.push(await post());
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuMsOf(server.pid);
    const clientUsed = process.cpuUsage(clientBefore);
    const gets = (await reader.stop()).sort((a, b) => a - b);
    latencies.sort((a, b) => a - b);
    const rate = TOTAL / seconds;
    const ceiling = (cores * 1000) / matchMs;
    return {
      rate,
      matchMs,
      cores,
      ceiling,
      ratio: rate / ceiling,
      // CPU per match, the server's (its GETs included) and in-process: the ratio holds on a busy machine.
      cpu:
        cpuBefore === null || cpuAfter === null
          ? null
          : {
              server: (cpuAfter - cpuBefore) / TOTAL,
              inProcess: inProcess.cpu,
              ratio: inProcess.cpu / ((cpuAfter - cpuBefore) / TOTAL),
            },
      // This process (the load, the reader) on the same cores: what the server could not have.
      clientCpu: (clientUsed.user + clientUsed.system) / 1000 / TOTAL,
      post: { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) },
      get: { n: gets.length, p50: quantile(gets, 0.5), p99: quantile(gets, 0.99) },
    };
  } finally {
    client.close();
    server.stop();
  }
}

export async function run(report) {
  const m = await measureApi();
  report(
    `api: POST /v1/matches, two idle bots, ${TOTAL} requests at concurrency ${CONCURRENCY}`,
    m.rate,
    'matches/s',
    '>= 20',
  );
  report(
    `api: of ${m.cores} cores x the in-process rate (${m.matchMs.toFixed(1)} ms a match: ${m.ceiling.toFixed(0)}/s)`,
    100 * m.ratio,
    '%',
    '>= 80%',
  );
  reportCpu(report, 'api', m);
  report('api: POST latency p50 / p99', m.post.p50, `ms / ${m.post.p99.toFixed(0)} ms`, 'p99 < 500 ms');
  report(
    `api: GET a match and a listing every ${GET_EVERY_MS} ms meanwhile (${m.get.n}), p50 / p99`,
    m.get.p50,
    `ms / ${m.get.p99.toFixed(1)} ms`,
    'p99 < 50 ms',
  );
  // The embedded storage's S3 and DynamoDB servers run in the server's own process: on the cloud they
  // are elsewhere. The same load on the in-memory stores shows what the API itself adds to a match.
  const memory = await measureApi({ STORE: 'memory' });
  report(
    `api, stores in memory: matches/s, of ${memory.cores} cores x the in-process rate (${memory.ceiling.toFixed(0)}/s)`,
    100 * memory.ratio,
    `% (${memory.rate.toFixed(1)} matches/s)`,
  );
  reportCpu(report, 'api, stores in memory', memory);
  report(
    `api, stores in memory: GET a match and a listing meanwhile (${memory.get.n}), p50 / p99`,
    memory.get.p50,
    `ms / ${memory.get.p99.toFixed(1)} ms`,
    'p99 < 50 ms',
  );
}

/**
 * The CPU figures of a run: the server's CPU per match against a match's in-process CPU (which is
 * more than its wall time: V8's helper threads), and the rate that CPU allows on these cores.
 */
function reportCpu(report, label, m) {
  if (!m.cpu) return;
  report(
    `${label}: CPU per match, in-process ${m.cpu.inProcess.toFixed(1)} ms / the server's (every thread, GETs included) ${m.cpu.server.toFixed(1)} ms`,
    100 * m.cpu.ratio,
    '%',
  );
  const cpuCeiling = (m.cores * 1000) / m.cpu.inProcess;
  report(
    `${label}: of ${m.cores} cores' CPU / the in-process CPU per match (${cpuCeiling.toFixed(0)}/s)`,
    (100 * m.rate) / cpuCeiling,
    '%',
  );
  report(`${label}: the load generator's own CPU per match (this process, on the same cores)`, m.clientCpu, 'ms');
}

// Run alone: `node bench/api.mjs` prints the figures as JSON.
if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureApi(), null, 2));
