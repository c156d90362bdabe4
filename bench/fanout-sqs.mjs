// `npm run bench:fanout`: a big round through SQS and the Lambda handler, with consumers killed.
// The parent runs embedded S3 and DynamoDB (src/local-aws) and a local SQS server (fauxqs), creates
// idle Ants bots (one round on the tiny world: a few ms of match) on several boards, and schedules
// one round robin on each through the Lambda's own API, MATCHES_PER_MESSAGE (--k) matches to an
// SQS message. Consumers are separate Node processes (bench/fanout-consumer.mjs) polling the queue
// as Lambda's event source mapping does; every --kill-every seconds the parent SIGKILLs one at
// random and starts another. At the end it counts from the stored data (the round's counters, the
// replays in the bucket, the boards' result lines and entries), not from what the consumers said:
// matches played, rated, duplicated and lost, jobs their round miscounted and rating changes missing
// from entries' histories (all must be 0); and matches/s and S3 and DynamoDB
// requests per match, summed over every consumer that ran.
//
//   node bench/fanout-sqs.mjs [--matches 10000] [--consumers 2] [--k 10] [--kill-every 5]
//                             [--boards 10] [--visibility 10] [--batch-size 1] [--invocation 30]
//                             [--timeout 1200]
// Needs `npm run build` first (npm run bench:fanout does it).
import { numberOption } from './number-option.mjs';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { newApiKey } from '../dist/api/auth.js';
import { allResults } from '../dist/leaderboard/all-results.js';
import { startEmbeddedStorage } from '../dist/local-aws/embedded.js';
import { MATCH_OBJECT_PREFIX, matchIdOfObjectKey } from '../dist/match/match-object.js';
import { lambdaHandler } from '../dist/runtimes/lambda/handler.js';
import { createStores, ensureStorage } from '../dist/store/aws/stores.js';
import { jobId, jobMatch } from '../dist/store/contract/job-ids.js';
import { isWrite } from './aws-requests.mjs';

const option = numberOption;
const MATCHES = option('matches', 10_000);
const CONSUMERS = option('consumers', 2);
const K = option('k', 10);
const KILL_EVERY_S = option('kill-every', 5);
const BOARDS = option('boards', 10);
const VISIBILITY_S = option('visibility', 10);
const BATCH_SIZE = option('batch-size', 1);
/** The Lambda timeout each invocation is told: a killed consumer's claims end by then (300 s on AWS). */
const INVOCATION_S = option('invocation', 30);
const TIMEOUT_S = option('timeout', 1200);

const BRAIN = readFileSync(new URL('../src/games/ants/bots/example.ant', import.meta.url), 'utf8');
/** Bots per board: a round robin of n bots plays n(n-1) matches on one world (both colours). */
const PER_BOARD = Math.max(2, Math.ceil((1 + Math.sqrt(1 + (4 * MATCHES) / BOARDS)) / 2));

const work = mkdtempSync(join(tmpdir(), 'umpire-fanout-'));
const storage = await startEmbeddedStorage(join(work, 'data'));
const stores = createStores(storage.config);
await ensureStorage(stores);
const fauxqs = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
const sqsEndpoint = `http://127.0.0.1:${fauxqs.port}`;
const sqs = new SQSClient({
  region: 'us-east-1',
  endpoint: sqsEndpoint,
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});
const queueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: 'umpire-fanout' }))).QueueUrl;
const env = {
  ...process.env,
  S3_BUCKET: storage.config.s3.bucket,
  S3_ENDPOINT: storage.config.s3.endpoint,
  DYNAMODB_TABLE: storage.config.dynamodb.table,
  DYNAMODB_ENDPOINT: storage.config.dynamodb.endpoint,
  AWS_ACCESS_KEY_ID: storage.config.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: storage.config.credentials.secretAccessKey,
  AWS_REGION: 'us-east-1',
  SQS_QUEUE_URL: queueUrl,
  SQS_ENDPOINT: sqsEndpoint,
  MATCHES_PER_MESSAGE: String(K),
};

// The API, as the Lambda serves it on its Function URL.
const api = await lambdaHandler(env, new URL('../dist/functions/match-worker.js', import.meta.url), stores);
const key = await newApiKey('fanout bench', 1_000_000, new Date());
await stores.keys.create(key.hash, key.record);
async function http(method, path, body) {
  const r = await api({
    version: '2.0',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'fanout.local', 'content-type': 'application/json', authorization: `Bearer ${key.key}` },
    requestContext: { domainName: 'fanout.local', http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1' } },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  });
  const text = r.isBase64Encoded ? Buffer.from(r.body, 'base64').toString('utf8') : r.body;
  if (r.statusCode >= 300) throw new Error(`${method} ${path}: ${r.statusCode} ${text}`);
  return JSON.parse(text);
}

// Bots and boards, then one round robin per board.
const bots = [];
for (let k = 0; k < PER_BOARD; k++)
  bots.push((await http('POST', '/v1/bots', { game: 'ants', brain: BRAIN, name: `idle-${k}` })).id);
const rounds = [];
const scheduling = Date.now();
for (let b = 0; b < BOARDS; b++) {
  const board = (
    await http('POST', '/v1/leaderboards', { name: `fanout ${b}`, game: 'ants', worlds: ['tiny'], rounds: 1 })
  ).id;
  for (const bot of bots) await http('POST', `/v1/leaderboards/${board}/entries`, { bot });
  rounds.push({ board, ...(await http('POST', `/v1/leaderboards/${board}/rounds`)) });
}
const scheduleMs = Date.now() - scheduling;
const total = rounds.reduce((sum, r) => sum + r.total, 0);
console.log(
  `${BOARDS} boards of ${PER_BOARD} bots: ${total} matches stored and queued in ${(scheduleMs / 1000).toFixed(1)} s, ` +
    `${K} to a message; ${CONSUMERS} consumers, one killed every ${KILL_EVERY_S || '(never)'} s, visibility ${VISIBILITY_S} s`,
);

// Consumers, one killed at random every KILL_EVERY_S and replaced.
const tallies = join(work, 'tallies');
let spawned = 0;
const start = () => {
  const file = join(tallies, `consumer-${++spawned}.json`);
  const child = spawn(process.execPath, [new URL('./fanout-consumer.mjs', import.meta.url).pathname], {
    env: {
      ...env,
      TALLY_FILE: file,
      FANOUT_BATCH_SIZE: String(BATCH_SIZE),
      FANOUT_VISIBILITY_S: String(VISIBILITY_S),
      FANOUT_INVOCATION_S: String(INVOCATION_S),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
};
(await import('node:fs')).mkdirSync(tallies);
const consumers = Array.from({ length: CONSUMERS }, start);
let kills = 0;
const killer =
  KILL_EVERY_S > 0
    ? setInterval(() => {
        const k = Math.floor(Math.random() * consumers.length);
        consumers[k].kill('SIGKILL');
        kills++;
        consumers[k] = start();
      }, KILL_EVERY_S * 1000)
    : undefined;

const started = Date.now();
const cpuBefore = process.cpuUsage();
const progress = async () => {
  let done = 0;
  let failed = 0;
  let open = 0;
  for (const r of rounds) {
    const now = await stores.leaderboards.getRound(r.board, r.id);
    done += now.done;
    failed += now.failed;
    if (now.done + now.failed < now.total) open++;
  }
  return { done, failed, open };
};
let last;
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  last = await progress();
  const s = (Date.now() - started) / 1000;
  process.stdout.write(`\r${s.toFixed(0)} s: ${last.done} done, ${last.failed} failed, ${kills} kills   `);
  if (last.open === 0 || s > TIMEOUT_S) break;
}
const elapsedS = (Date.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
// The parent serves S3, DynamoDB and SQS: its CPU is what the storage servers cost.
const serversCpuS = (cpu.user + cpu.system) / 1e6;
if (killer) clearInterval(killer);
/** Messages still in the queue, visible or being handled. */
const queued = async () => {
  const left = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(left.Attributes.ApproximateNumberOfMessages) + Number(left.Attributes.ApproximateNumberOfMessagesNotVisible)
  );
};
// Every job is counted, but a message may still be queued: its consumer was killed after counting a
// job and before marking it finished. The consumers, no longer killed, take what is left (bounded),
// so the counts below see settled jobs; the rate above is measured without this wait.
const drainUntil = Date.now() + (3 * VISIBILITY_S + 10) * 1000;
let queueLeft = await queued();
while (last.open === 0 && queueLeft > 0 && Date.now() < drainUntil) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  queueLeft = await queued();
}
for (const c of consumers) c.kill('SIGKILL');
process.stdout.write('\n');

// Counted from the stored data.
// The replays in the bucket; null if the embedded S3 server cannot list them: then each match
// record is read. (Past 1,000 objects every listing failed until the embedded S3 made its own
// continuation tokens: s3rver's need DES, which Node's OpenSSL refuses.)
const replays = await listReplays().catch((e) => {
  console.log(`listing the replays failed (${e.message}): reading each match record instead`);
  return null;
});
async function listReplays() {
  const keys = new Set();
  let token;
  do {
    const page = await stores.s3.send(
      new ListObjectsV2Command({
        Bucket: storage.config.s3.bucket,
        Prefix: MATCH_OBJECT_PREFIX,
        ContinuationToken: token,
      }),
    );
    for (const o of page.Contents ?? []) keys.add(matchIdOfObjectKey(o.Key));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}
/** Matches an entry was rated with more than once (its history lists each rating change). */
function movedTwice(entry) {
  const matches = entry.history.map((h) => h.match);
  return matches.length - new Set(matches).size;
}

/**
 * Result lines whose rating of the entry its history lacks, and changes in its history no line
 * has: each is a rating change lost or made up (a kill between an entry's writes, say).
 */
function historyGaps(entry, lines) {
  const rated = new Set(lines.filter((l) => l.ratings?.[entry.botId]).map((l) => l.match));
  const kept = new Set(entry.history.map((h) => h.match));
  let gaps = [...rated].filter((m) => !kept.has(m)).length + [...kept].filter((m) => !rated.has(m)).length;
  if (entry.played !== rated.size) gaps++;
  return gaps;
}
const expected = new Set();
let played = 0;
let rated = 0;
let duplicated = 0;
let lost = 0;
let pending = 0;
/** Finished jobs their round's counters do not show (or show twice): a round with any never closes, or closes early. */
let miscounted = 0;
/** Rating changes an entry's history lost or has without a result line (historyGaps). */
let gaps = 0;
for (const r of rounds) {
  const ids = [];
  for (let k = 0; k < r.total; k++) ids.push((await jobMatch(jobId(r.id, k))).matchId);
  for (const id of ids) expected.add(id);
  const lines = await allResults(stores.leaderboards, r.board);
  const ratedIds = new Set(lines.map((l) => l.match));
  duplicated += lines.length - ratedIds.size;
  const entries = await stores.leaderboards.entries(r.board);
  duplicated += entries.reduce((sum, e) => sum + movedTwice(e), 0);
  gaps += entries.reduce((sum, e) => sum + historyGaps(e, lines), 0);
  // A job still pending (the run stopped at --timeout) is not lost: its message is still queued.
  const waiting = new Set((await stores.roundJobs.pendingJobs(r.board, r.id)).map((j) => j.id));
  for (const [k, id] of ids.entries()) {
    const stored = replays ? replays.has(id) : (await stores.matches.get(id)) !== null;
    if (stored) played++;
    if (ratedIds.has(id)) rated++;
    if (waiting.has(jobId(r.id, k))) pending++;
    else if (!stored || !ratedIds.has(id)) lost++;
  }
  const counters = await stores.leaderboards.getRound(r.board, r.id);
  const counted = counters.done + counters.failed + (counters.cancelled ?? 0);
  // A pending job may be counted already (its consumer was killed between the count and the job's state).
  miscounted += Math.max(0, r.total - waiting.size - counted) + Math.max(0, counted - r.total);
}
// A replay under an id no job has would be a match played under a second id.
if (replays) duplicated += [...replays].filter((id) => !expected.has(id)).length;

const counts = new Map();
let invocations = 0;
let busyMs = 0;
let messages = 0;
for (const file of readdirSync(tallies)) {
  if (!file.endsWith('.json')) continue; // a write a kill cut short (the consumer renames a finished one)
  const t = JSON.parse(readFileSync(join(tallies, file), 'utf8'));
  for (const [op, n] of Object.entries(t.counts)) counts.set(op, (counts.get(op) ?? 0) + n);
  invocations += t.invocations;
  busyMs += t.busyMs;
  messages += t.messages;
}
const sum = (pick) => [...counts].filter(([op]) => pick(op)).reduce((s, [, n]) => s + n, 0);
const per = (n) => (played > 0 ? (n / played).toFixed(2) : '-');
const report = {
  matches: total,
  boards: BOARDS,
  botsPerBoard: PER_BOARD,
  k: K,
  consumers: CONSUMERS,
  killEveryS: KILL_EVERY_S,
  kills,
  played,
  rated,
  duplicated,
  lost,
  pending,
  miscounted,
  historyGaps: gaps,
  roundDone: last.done,
  roundFailed: last.failed,
  queueLeft,
  scheduleS: Number((scheduleMs / 1000).toFixed(1)),
  playS: Number(elapsedS.toFixed(1)),
  matchesPerS: Number((played / elapsedS).toFixed(1)),
  serversCpuShare: Number((serversCpuS / elapsedS).toFixed(2)),
  consumerMsPerMatch: Number((busyMs / Math.max(1, played)).toFixed(1)),
  invocations,
  messagesReceived: messages,
  s3PerMatch: per(sum((op) => op.startsWith('S3:'))),
  dynamoPerMatch: per(sum((op) => op.startsWith('DynamoDB:'))),
  dynamoWritesPerMatch: per(sum((op) => op.startsWith('DynamoDB:') && isWrite(op))),
  // Receives include the empty long polls of idle consumers.
  sqsPerMatch: per(sum((op) => op.startsWith('SQS:'))),
  invocationsPerMatch: per(invocations),
  byOperation: Object.fromEntries([...counts].sort().map(([op, n]) => [op, per(n)])),
};
console.log(JSON.stringify(report, null, 2));
console.log(
  `fanout-sqs: ${played}/${total} played, ${rated} rated, ${duplicated} duplicated, ${lost} lost, ${pending} pending, ` +
    `${miscounted} miscounted in their rounds, ${gaps} rating changes missing from or extra in histories; ` +
    `${report.matchesPerS} matches/s with ${CONSUMERS} consumers (K=${K}, ${kills} kills), ` +
    `${report.consumerMsPerMatch} ms of consumer per match, ` +
    `${report.s3PerMatch} S3 + ${report.dynamoPerMatch} DynamoDB requests per match`,
);
await fauxqs.stop();
await storage.close();
rmSync(work, { recursive: true, force: true });
process.exitCode = duplicated === 0 && lost === 0 && miscounted === 0 && gaps === 0 ? 0 : 1;
