// Local server (`npm start`): zero configuration. Without S3_BUCKET/DYNAMODB_TABLE it runs
// embedded S3 and DynamoDB servers with data under .data/ (UMPIRE_DATA_DIR); with them, the
// same code talks to AWS, R2 or any S3/DynamoDB endpoint (S3_ENDPOINT, DYNAMODB_ENDPOINT).
// STORE picks a backend by name instead (src/store/registry-node.ts: embedded, aws, memory).
import { serve } from '@hono/node-server';
import { createApp } from '../src/api/app.js';
import { poolRunner } from '../src/match/pool/pool-runner.js';
import { availableParallelism } from 'node:os';
import { poolSizeFromEnv, workersPerKeyFromEnv } from '../src/match/pool/worker-pool.js';
import { openStores, prepareOrReport } from '../src/store/factory.js';
import { NODE_BACKENDS } from '../src/store/registry-node.js';
import { StoreConfigError } from '../src/store/config-error.js';
import { LocalJobQueue } from '../src/leaderboard/local-job-queue.js';
import { resumeRounds } from '../src/leaderboard/resume.js';
import { runRoundJob } from '../src/leaderboard/run-round-job.js';
import type { Delivery } from '../src/leaderboard/webhooks.js';
import { nodeWebhookLanes } from '../src/leaderboard/webhook-lanes-node.js';
import { webhookSettingsFromEnv } from '../src/leaderboard/webhook-settings.js';
import { nodeListenFromEnv } from '../src/api/site.js';

// HOST (default 127.0.0.1), PORT, PUBLIC_URL, ALLOWED_HOSTS: beyond loopback only with AUTH=required.
const listen = nodeListenFromEnv(process.env);
if (!listen.ok) {
  console.error(`umpire: ${listen.problems[0]!.message} (${listen.problems[0]!.code})`);
  process.exit(1);
}
const { host, port, listening, site } = listen.value;
const opened = await openStores(NODE_BACKENDS, { env: process.env, fallback: 'embedded' }).catch((e: unknown) => {
  if (!(e instanceof StoreConfigError)) throw e;
  console.error(`umpire: ${e.message} (${e.code})`);
  process.exit(1);
});
const { stores } = opened;
// Storage that does not work (a corrupt data folder) is logged; its requests get 503, the server still starts.
await prepareOrReport(opened);
// Rounds' matches are played in the match pool below, boards side by side and sharing the workers
// fairly with other keys' matches; their jobs live in the table.
// Webhook deliveries are sent from here too: a lane per hook, each stored until delivered or given up
// (WEBHOOKS_ALLOW_PRIVATE=1 lets local development deliver to loopback and private addresses).
const webhookSettings = webhookSettingsFromEnv(process.env);
const deliveries = nodeWebhookLanes(webhookSettings, stores.deliveries);
// Matches run in worker threads (UMPIRE_WORKERS, default one per core), each under a hard deadline;
// the worker is this bundle's sibling, dist/functions/match-worker.js. Keys sharing the server hold at most
// half of the workers each (UMPIRE_WORKERS_PER_KEY), so one key's long matches never leave another none.
const authRequired = process.env.AUTH === 'required';
const workers = poolSizeFromEnv(process.env) ?? availableParallelism();
const runner = poolRunner({ url: new URL('./match-worker.js', import.meta.url), size: workers, maxRunningPerKey: workersPerKeyFromEnv(process.env, workers, authRequired) });
const deps = { ...stores, runner, webhookSettings, notify: (list: Delivery[]) => deliveries.enqueue(list), forgetHook: (id: string) => deliveries.forget(id) };
// One match at a time per board: Elo rates each match against the ratings as they stood, so a board's
// matches rated side by side would not add up (and would depend on which finished first).
const queue = new LocalJobQueue((job) => runRoundJob(deps, job), { total: 4 * runner.pool.size, perBoard: 1 });
// Writes need no key unless AUTH=required, which listening beyond loopback needs.
const app = createApp({ ...deps, queue, site, auth: authRequired ? 'required' : 'optional' });
const server = serve({ fetch: app.fetch, port, hostname: host }, () => {
  console.log(`umpire listening on ${listening} (API docs: ${site.origin}/docs)`);
  console.log(`  public URL ${site.origin}; answers to hosts ${site.hosts!.join(', ')}`);
  for (const line of opened.where) console.log(`  ${line}`);
  console.log(`  matches: ${runner.pool.size} worker threads, at most ${runner.pool.maxRunningPerKey} per key at once`);
});
// Deliveries a previous run left pending (stopped or crashed) are sent again, with the same ids.
deliveries
  .resume()
  .then((n) => n > 0 && console.log(`  webhooks: ${n} pending deliveries resumed`))
  .catch((e) => console.error(`umpire: pending webhook deliveries not resumed: ${(e as Error).message}`));
// Rounds a previous run left unfinished (stopped or crashed) go on: their pending jobs are queued again.
resumeRounds(stores, queue)
  .then((n) => n > 0 && console.log(`  rounds: ${n} pending matches resumed`))
  .catch((e) => console.error(`umpire: unfinished rounds not resumed: ${(e as Error).message}`));
const stop = () => {
  server.close();
  queue.close();
  deliveries.close();
  void runner.close();
  void opened.close().finally(() => process.exit(0));
};
// Slow clients cannot hold connections: headers within 30 s, a whole request (a match included) within 10 min.
Object.assign(server, { headersTimeout: 30_000, requestTimeout: 600_000 });
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
