import { availableParallelism } from 'node:os';
import { RatingTurns } from '../../leaderboard/rating-turns.js';
import { runQueuedJob } from '../../leaderboard/run-queued-job.js';
import type { WebhookLanes } from '../../leaderboard/webhook-lanes.js';
import { webhookSettingsFromEnv } from '../../leaderboard/webhook-settings.js';
import { versionPolicyFromEnv } from '../../match/version-policy.js';
import { poolRunner, type PoolRunner } from '../../match/pool/pool-runner.js';
import { poolSizeFromEnv, workersPerKeyFromEnv } from '../../match/pool/worker-pool.js';
import type { Stores } from '../../store/contract/stores.js';
import { NODE_BACKENDS } from '../../store/registry-node.js';
import type { RuntimeKit, StorageChoice } from '../kit.js';
import { LocalJobQueue } from './local-job-queue.js';
import { lanesSender, nodeWebhookLanes } from './webhook-lanes.js';

/** Every backend, the embedded local servers included; those when nothing else is set. */
export const NODE_STORAGE: StorageChoice = { backends: NODE_BACKENDS, fallback: 'embedded' };

/** The Node server's kit, with the parts it starts and stops itself. */
export interface NodeKit extends RuntimeKit<LocalJobQueue> {
  readonly runner: PoolRunner;
  readonly lanes: WebhookLanes;
}

/**
 * The Node server's parts. Matches run in worker threads (UMPIRE_WORKERS, default one per core;
 * `workerUrl` is the bundle's match-worker.js), each under a hard deadline; keys sharing the
 * server hold at most half of them each (UMPIRE_WORKERS_PER_KEY), so one key's long matches never
 * leave another none. Webhook deliveries go out in a lane per hook, each stored until delivered or
 * given up (WEBHOOKS_ALLOW_PRIVATE=1 lets local development deliver to private addresses).
 * Writes need no key unless AUTH=required, which listening beyond loopback needs.
 */
export function nodeKit(env: Readonly<Record<string, string | undefined>>, stores: Stores, workerUrl: URL): NodeKit {
  const authRequired = env.AUTH === 'required';
  const workers = poolSizeFromEnv(env) ?? availableParallelism();
  const runner = poolRunner({
    url: workerUrl,
    size: workers,
    maxRunningPerKey: workersPerKeyFromEnv(env, workers, authRequired),
  });
  const webhookSettings = webhookSettingsFromEnv(env);
  const lanes = nodeWebhookLanes(webhookSettings, stores.deliveries);
  return {
    runner,
    lanes,
    webhookSettings,
    versionPolicy: versionPolicyFromEnv(env),
    webhooks: lanesSender(lanes),
    auth: authRequired ? 'required' : 'optional',
    // Rounds' matches are played in the match pool, boards side by side and sharing the workers
    // fairly with other keys' matches; their jobs live in the table. A board's matches play as
    // many at once as there are workers and are rated one at a time, in the order their jobs
    // started (RatingTurns): each against the ratings just before it, as if played one by one.
    // A batch's pairings (rated by nobody) run as many at once as there are workers too.
    queue: (deps) => {
      const ordered = { ...deps, ratingTurns: new RatingTurns() };
      return new LocalJobQueue((job) => runQueuedJob(ordered, job), {
        total: 4 * runner.pool.size,
        perBoard: runner.pool.size,
        perBatch: runner.pool.size,
      });
    },
  };
}
