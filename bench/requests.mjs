// S3 and DynamoDB requests per match (issue 29): the AWS stores on the embedded local servers, in
// this process, with a RequestTally on the very clients the stores use. Three paths: a match
// through POST /v1/matches, a leaderboard round's match (scheduled, played and rated), and a
// batch's pairing (docs/batches.md). The jobs the app queues are caught and played here, one by
// one, so each phase's requests are counted apart. SQS is not counted (the queue is in-process).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOOPBACK_SITE } from '../dist/api/site.js';
import { RATING_HISTORY } from '../dist/leaderboard/rate-match.js';
import { runQueuedJob } from '../dist/leaderboard/run-queued-job.js';
import { DEFAULT_WEBHOOK_SETTINGS } from '../dist/leaderboard/webhook-settings.js';
import { startEmbeddedStorage } from '../dist/local-aws/embedded.js';
import { inProcessRunner } from '../dist/match/in-process-runner.js';
import { assembleRuntime } from '../dist/runtimes/assemble.js';
import { nodeBotLoader } from '../dist/sandbox/node-sources.js';
import { createStores, ensureStorage } from '../dist/store/aws/stores.js';
import { isWrite, RequestTally } from './aws-requests.mjs';

/** Bots on the board, pairings in the batch, API matches. */
const BOTS = 4;
/**
 * The mature board: its BOTS playing entries and this many more that are not scheduled (disabled),
 * every one with a full rating history (RATING_HISTORY changes), as a board looks after a season.
 */
const MATURE_ENTRIES = 40;
const PAIRINGS = 6;
const API_MATCHES = 6;

/**
 * The tally divided by `matches`: `{ 'S3:PutObject': 1, ..., writes, reads, itemWrites, writeUnits }`, writes and
 * reads counting requests, itemWrites the DynamoDB items written (a BatchWriteItem writes several),
 * writeUnits the write capacity units the table reported for them, indexWriteUnits those its index
 * costs again.
 */
function perMatch(tally, matches) {
  const counts = tally.perMatch(matches);
  let writes = 0;
  let reads = 0;
  for (const [key, n] of Object.entries(counts)) {
    if (isWrite(key)) writes += n;
    else reads += n;
  }
  return {
    ...counts,
    writes,
    reads,
    itemWrites: tally.itemWrites / matches,
    writeUnits: tally.writeUnits / matches,
    indexWriteUnits: tally.indexWriteUnits / matches,
    readUnits: tally.readUnits / matches,
  };
}

/** Runs `body` with the tally emptied first; the requests it sent, per match. */
async function counted(tally, matches, body) {
  tally.reset();
  await body();
  return perMatch(tally, matches);
}

/** Adds per-match objects key by key (a phase done once per match plus one done once per job). */
function sum(...parts) {
  const out = {};
  for (const part of parts) for (const [key, n] of Object.entries(part)) out[key] = (out[key] ?? 0) + n;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function request(app, method, path, body) {
  const r = await app.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method,
      headers: { host: '127.0.0.1', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A rating history of `n` changes, oldest first, as rating writes them. */
function history(n, rating) {
  const start = Date.parse('2026-09-01T00:00:00Z');
  return Array.from({ length: n }, (_, k) => ({
    match: `m_season${String(k).padStart(14, '0')}`,
    at: new Date(start + k * 60_000).toISOString(),
    rating: rating - 50 + (k % 100) + 0.123456789,
    uncertainty: 100 + (k % 7) + 0.987654321,
  }));
}

/**
 * Gives every entry of the board a full history, and adds MATURE_ENTRIES disabled entries beside
 * them, as a season of rated matches would have left the board.
 */
async function seasoned(leaderboards, boardId) {
  const entries = await leaderboards.entries(boardId);
  for (const entry of entries) {
    const full = history(RATING_HISTORY, 1000);
    if (
      !(await leaderboards.putEntry(boardId, {
        ...entry,
        played: full.length,
        history: full,
        version: entry.version + 1,
      }))
    )
      throw new Error(`entry ${entry.botId} changed while it was seasoned`);
  }
  const model = entries[0];
  for (let k = 0; k < MATURE_ENTRIES; k++)
    await leaderboards.addEntry(boardId, {
      ...model,
      botId: `bot_season${String(k).padStart(4, '0')}`,
      name: `season ${k}`,
      status: 'disabled',
      reason: 'left the season',
      played: RATING_HISTORY,
      history: history(RATING_HISTORY, 1000 + k),
      version: 1,
    });
}

/**
 * Requests per match on each path: `{ api, rated, batch }`, each `{ 'Service:Operation': n, ..., writes, reads, itemWrites }`
 * averaged over its matches. `rated` and `batch` include their job's share of scheduling (its job item
 * stored before it is queued) as well as playing, storing and rating it; `phases` splits them.
 */
export async function measureRequests() {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-requests-'));
  const storage = await startEmbeddedStorage(dir, { log: () => undefined });
  const stores = createStores(storage.config);
  try {
    await ensureStorage(stores);
    const tally = new RequestTally({ measureUnits: true }).watch(stores.s3).watch(stores.dynamodb);
    const queued = [];
    const kit = {
      runner: inProcessRunner(nodeBotLoader),
      webhookSettings: DEFAULT_WEBHOOK_SETTINGS,
      auth: 'optional',
      queue: () => ({ send: async (job) => void queued.push(job) }),
    };
    const { deps, app } = assembleRuntime(kit, stores, LOOPBACK_SITE);
    const idle = readFileSync('src/games/icy/bots/idle.js', 'utf8');
    // Distinct bots (each its own sha256, so listed under each), all idle: the requests, not the play, are measured.
    const idleNamed = (name) => `// ${name}\n${idle}`;
    const apiMatch = (seed) => ({ game: 'icy', seed, red: { js: idleNamed('red') }, blue: { js: idleNamed('blue') } });

    // Warm up (the engine compiled, the first item of each kind written) outside the counts.
    await request(app, 'POST', '/v1/matches', { game: 'icy', seed: 0, red: { js: idle }, blue: { js: idle } });

    const api = await counted(tally, API_MATCHES, async () => {
      for (let i = 1; i <= API_MATCHES; i++) await request(app, 'POST', '/v1/matches', apiMatch(i));
    });

    const bots = [];
    for (let i = 0; i < BOTS; i++)
      bots.push(
        (await request(app, 'POST', '/v1/bots', { name: `idle${i}`, game: 'icy', js: idleNamed(`bot ${i}`) })).id,
      );
    const playQueued = async () => {
      for (const job of queued.splice(0)) await runQueuedJob(deps, job);
    };
    /**
     * A round robin of the bots on a new board named `name` (`season` makes it older first), each
     * pair once per seat order: its scheduling and its play, per match (its size is what it queued).
     */
    const ratedRound = async (name, season = async () => undefined) => {
      const board = (await request(app, 'POST', '/v1/leaderboards', { name, game: 'icy' })).id;
      for (const bot of bots) await request(app, 'POST', `/v1/leaderboards/${board}/entries`, { bot });
      await season(board);
      tally.reset();
      await request(app, 'POST', `/v1/leaderboards/${board}/rounds`);
      const matches = queued.length;
      const schedule = perMatch(tally, matches);
      return { schedule, play: await counted(tally, matches, playQueued) };
    };
    const rated = await ratedRound('requests');
    // The same round on a board after a season: what a rated match costs once entries have grown.
    const matureRated = await ratedRound('mature', (board) => seasoned(stores.leaderboards, board));

    const pairings = Array.from({ length: PAIRINGS }, (_, k) => ({
      seats: [bots[k % BOTS], bots[(k + 1) % BOTS]],
    }));
    const batchSchedule = await counted(tally, PAIRINGS, () =>
      request(app, 'POST', '/v1/batches', { game: 'icy', pairings }),
    );
    if (queued.length !== PAIRINGS) throw new Error(`the batch queued ${queued.length} jobs, not ${PAIRINGS}`);
    const batchPlay = await counted(tally, PAIRINGS, playQueued);

    return {
      api,
      rated: sum(rated.schedule, rated.play),
      matureRated: sum(matureRated.schedule, matureRated.play),
      batch: sum(batchSchedule, batchPlay),
      phases: {
        rated,
        matureRated,
        batch: { schedule: batchSchedule, play: batchPlay },
      },
    };
  } finally {
    stores.s3.destroy();
    stores.dynamodb.destroy();
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const shown = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const line = (counts) =>
  Object.entries(counts)
    .filter(([key]) => key.includes(':'))
    .map(([key, n]) => `${key} ${shown(n)}`)
    .join(', ');

/** `npm run bench`: the requests per match of each path, S3 PUTs and DynamoDB item writes apart. */
export async function run(report) {
  const measured = await measureRequests();
  const names = { matureRated: `rated (a board of ${BOTS + MATURE_ENTRIES} entries, full histories)` };
  for (const path of ['api', 'rated', 'matureRated', 'batch']) {
    const counts = measured[path];
    const puts = counts['S3:PutObject'] ?? 0;
    report(
      `requests per ${names[path] ?? path} match: ${line(counts)}; S3 PUTs ${shown(puts)}, DynamoDB item writes`,
      counts.itemWrites,
      `(write units ${shown(counts.writeUnits)} and ${shown(counts.indexWriteUnits)} more in the index, read units ${shown(counts.readUnits)}; requests: writes ${shown(counts.writes)}, reads ${shown(counts.reads)})`,
      path === 'rated' || path === 'matureRated' ? '<= 1 PUT, <= 2 item writes' : undefined,
    );
  }
}

// Run alone: `node bench/requests.mjs` prints the figures as JSON.
if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureRequests(), null, 2));
