// A round through Cloudflare Queues and the Worker in `wrangler dev` (workerd), with the Worker
// killed mid-round. The parent runs embedded S3 and DynamoDB; `wrangler dev` runs the deployable
// Worker (wrangler.toml, functions/worker.ts) with its local queue, MATCHES_PER_MESSAGE (--k)
// matches to a message. The round is scheduled through the Worker's API; at --kill-after seconds
// the whole `wrangler dev` process group gets SIGKILL and is started again on the same state
// (--persist-to), once per --kills. The counts come from the stored data, as in fanout-sqs.mjs.
//
//   node bench/fanout-workers.mjs [--matches 300] [--k 10] [--kills 1] [--kill-after 20] [--timeout 600]
//                                 [--kill-workerd]   (kill only the runtime, leaving wrangler dev up)
// Needs build/ (npm run build); runs on Node 22 or later (wrangler's own requirement).
// What a kill shows locally: wrangler dev's queue lives in its memory (--persist-to keeps storage,
// not the queue), and wrangler does not restart a killed workerd; so after a kill the messages
// queued and in flight are gone and the round's remaining jobs stay pending (counted "still
// pending"). Nothing on Workers re-sends pending jobs (the Node server resumes them; Lambda and
// Workers rely on their queue's durability). Without kills, every match is counted once.
import { numberOption } from './number-option.mjs';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { newApiKey } from '../dist/api/auth.js';
import { allResults } from '../dist/leaderboard/all-results.js';
import { startEmbeddedStorage } from '../dist/local-aws/embedded.js';
import { MATCH_OBJECT_PREFIX, matchIdOfObjectKey } from '../dist/match/match-object.js';
import { createStores, ensureStorage } from '../dist/store/aws/stores.js';
import { jobId, jobMatch } from '../dist/store/contract/job-ids.js';

const option = numberOption;
const MATCHES = option('matches', 300);
const K = option('k', 10);
const KILLS = option('kills', 1);
const KILL_AFTER_S = option('kill-after', 20);
const TIMEOUT_S = option('timeout', 600);
/** What is killed: `wrangler` (the dev server's whole process group) or `workerd` (the runtime only, wrangler left). */
const KILL = process.argv.includes('--kill-workerd') ? 'workerd' : 'wrangler';

const BRAIN = readFileSync(new URL('../src/games/ants/bots/example.ant', import.meta.url), 'utf8');
const BOTS = Math.max(2, Math.ceil((1 + Math.sqrt(1 + 4 * MATCHES)) / 2));

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const work = mkdtempSync(join(tmpdir(), 'umpire-fanout-workers-'));
const storage = await startEmbeddedStorage(join(work, 'data'));
const stores = createStores(storage.config);
await ensureStorage(stores);
const key = await newApiKey('fanout workers bench', 1_000_000, new Date());
await stores.keys.create(key.hash, key.record);
const vars = {
  S3_ENDPOINT: storage.config.s3.endpoint,
  DYNAMODB_ENDPOINT: storage.config.dynamodb.endpoint,
  AWS_ACCESS_KEY_ID: storage.config.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: storage.config.credentials.secretAccessKey,
  MATCHES_PER_MESSAGE: String(K),
};
const persist = join(work, 'wrangler-state');

/** `wrangler dev` in a process group of its own (workerd is its child), ready to serve. */
async function startWorker() {
  const port = await freePort();
  const args = ['node_modules/wrangler/bin/wrangler.js', 'dev', '--ip', '127.0.0.1', '--port', String(port)];
  args.push('--persist-to', persist, ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]));
  const child = spawn(process.execPath, args, {
    detached: true,
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wrangler dev did not start:\n${output}`)), 120_000);
    const watch = (chunk) => {
      output += chunk;
      if (output.includes('Ready on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.once('exit', (code) => reject(new Error(`wrangler dev exited (${code}):\n${output}`)));
  });
  child.removeAllListeners('exit');
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    kill: () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    },
  };
}

let worker = await startWorker();
async function http(method, path, body) {
  const r = await fetch(`${worker.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key.key}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return JSON.parse(text);
}

const bots = [];
for (let k = 0; k < BOTS; k++)
  bots.push((await http('POST', '/v1/bots', { game: 'ants', brain: BRAIN, name: `idle-${k}` })).id);
const board = (await http('POST', '/v1/leaderboards', { name: 'fanout', game: 'ants', worlds: ['tiny'], rounds: 1 }))
  .id;
for (const bot of bots) await http('POST', `/v1/leaderboards/${board}/entries`, { bot });
const started = Date.now();
const round = await http('POST', `/v1/leaderboards/${board}/rounds`);
console.log(`${BOTS} bots: ${round.total} matches queued, ${K} to a message; ${KILLS} kills after ${KILL_AFTER_S} s`);

let kills = 0;
let killedAt = 0;
let now;
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  now = await stores.leaderboards.getRound(board, round.id);
  const s = (Date.now() - started) / 1000;
  process.stdout.write(`\r${s.toFixed(0)} s: ${now.done} done, ${now.failed} failed, ${kills} kills   `);
  if (now.done + now.failed >= now.total || s > TIMEOUT_S) break;
  if (kills < KILLS && s - killedAt > KILL_AFTER_S) {
    kills++;
    killedAt = s;
    if (KILL === 'workerd') {
      const pids = execFileSync('pgrep', ['-g', String(worker.pid), 'workerd'], { encoding: 'utf8' })
        .trim()
        .split('\n');
      for (const pid of pids) process.kill(Number(pid), 'SIGKILL');
      process.stdout.write(`\nkilled workerd (${pids.join(', ')}) at ${s.toFixed(0)} s (${now.done} done)\n`);
    } else {
      worker.kill();
      process.stdout.write(`\nkilled wrangler dev at ${s.toFixed(0)} s (${now.done} done); starting it again\n`);
      worker = await startWorker();
    }
  }
}
const elapsedS = (Date.now() - started) / 1000;
worker.kill();
process.stdout.write('\n');

const replays = new Set();
let token;
do {
  const page = await stores.s3.send(
    new ListObjectsV2Command({
      Bucket: storage.config.s3.bucket,
      Prefix: MATCH_OBJECT_PREFIX,
      ContinuationToken: token,
    }),
  );
  for (const o of page.Contents ?? []) replays.add(matchIdOfObjectKey(o.Key));
  token = page.NextContinuationToken;
} while (token);
const ids = [];
for (let k = 0; k < round.total; k++) ids.push((await jobMatch(jobId(round.id, k))).matchId);
const lines = await allResults(stores.leaderboards, board);
const rated = new Set(lines.map((l) => l.match));
const entries = await stores.leaderboards.entries(board);
const played = ids.filter((id) => replays.has(id)).length;
const duplicated =
  lines.length -
  rated.size +
  entries.reduce((s, e) => s + e.history.length - new Set(e.history.map((h) => h.match)).size, 0) +
  [...replays].filter((id) => !ids.includes(id)).length;
const lost = ids.filter((id) => !replays.has(id) || !rated.has(id)).length;
const pending = round.total - now.done - now.failed;
console.log(
  `fanout-workers: ${played}/${round.total} played, ${rated.size} rated, ${duplicated} duplicated, ${lost} lost ` +
    `(${pending} jobs still pending), ${now.failed} failed; ${(played / elapsedS).toFixed(1)} matches/s ` +
    `(K=${K}, ${kills} kills of ${KILL})`,
);
await storage.close();
rmSync(work, { recursive: true, force: true });
process.exitCode = duplicated === 0 && lost === 0 ? 0 : 1;
