import type { Hono } from 'hono';
import { createApp, type ApiEnv } from '../api/app.js';
import type { Site } from '../api/site.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { RoundJob } from '../store/contract/round-job.js';
import type { Stores } from '../store/contract/stores.js';
import type { RuntimeDeps, RuntimeKit } from './kit.js';

/** A runtime put together: what the leaderboard is handed, its queue, and the HTTP app. */
export interface AssembledRuntime<Q extends JobQueue<RoundJob>> {
  readonly deps: RuntimeDeps;
  readonly queue: Q | undefined;
  readonly app: Hono<ApiEnv>;
}

/** The one setup every runtime shares: a kit's parts and the open stores, as deps, a queue and the app. */
export function assembleRuntime<Q extends JobQueue<RoundJob>>(
  kit: RuntimeKit<Q>,
  stores: Stores,
  site: Site,
): AssembledRuntime<Q> {
  const deps = runtimeDeps(kit, stores);
  const queue = deps.roundQueue?.() as Q | undefined;
  const app = createApp({ ...deps, ...(queue ? { queue } : {}), site, auth: kit.auth });
  return { deps, queue, app };
}

/** The deps alone (a queue consumer that serves no HTTP); the kit's queue is made once, on first use. */
export function runtimeDeps(kit: RuntimeKit<JobQueue<RoundJob>>, stores: Stores): RuntimeDeps {
  const { webhooks } = kit;
  let queue: { made: JobQueue<RoundJob> | undefined } | undefined;
  const deps: RuntimeDeps = {
    ...stores,
    roundQueue: () => (queue ??= { made: kit.queue?.(deps) }).made,
    runner: kit.runner,
    webhookSettings: kit.webhookSettings,
    ...(kit.versionPolicy ? { versionPolicy: kit.versionPolicy } : {}),
    ...(kit.claimsEnd ? { claimsEnd: kit.claimsEnd } : {}),
    ...(webhooks ? { notify: (list) => webhooks.send(list) } : {}),
    ...(webhooks?.forget ? { forgetHook: (id) => webhooks.forget!(id) } : {}),
  };
  return deps;
}
