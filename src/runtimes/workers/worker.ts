import type { ExecutionContext, Hono } from 'hono';
import type { ApiEnv } from '../../api/app.js';
import { platformSiteFromEnv } from '../../api/site.js';
import { parseQueuedMessage } from '../../leaderboard/queued-job-message.js';
import { StoreConfigError } from '../../store/config-error.js';
import type { Stores } from '../../store/contract/stores.js';
import { assembleRuntime, runtimeDeps } from '../assemble.js';
import { playQueuedJobs } from '../job-loop.js';
import { openRuntimeStores } from '../open-stores.js';
import { settleMessage, type QueueMessage } from './cloudflare-queue.js';
import { WORKERS_STORAGE, workersKit, type WorkersAssets, type WorkersEnv } from './kit.js';

/** A Worker's handlers: HTTP requests, and batches of the MATCHES queue. */
export interface WorkerHandlers {
  fetch(request: Request, env: WorkersEnv, ctx: ExecutionContext): Promise<Response>;
  queue(batch: { messages: readonly QueueMessage[] }, env: WorkersEnv, ctx: ExecutionContext): Promise<void>;
}

const notConfigured = (message: string) =>
  Response.json({ error: { code: 'NOT_CONFIGURED', message } }, { status: 500 });

/** The Worker, its app and stores made on the isolate's first use and shared by its requests and batches. */
export function workerHandlers(assets: WorkersAssets): WorkerHandlers {
  let app: Hono<ApiEnv> | undefined;
  /** The isolate's stores, opened once (and an in-memory store's data shared); opened again after a failure. */
  let opening: Promise<Stores> | undefined;
  const stores = async (env: WorkersEnv): Promise<Stores> => {
    opening ??= openRuntimeStores(WORKERS_STORAGE, env as Record<string, string | undefined>).then(
      (opened) => opened.stores,
    );
    return opening.catch((e: unknown) => {
      opening = undefined;
      throw e;
    });
  };
  return {
    async fetch(request, env, ctx) {
      if (!app) {
        let opened: Stores;
        try {
          opened = await stores(env);
        } catch (e) {
          if (e instanceof StoreConfigError) return notConfigured(e.message);
          throw e;
        }
        // URLs on PUBLIC_URL, or on the Worker's own route (Cloudflare routes requests to it by host).
        const site = platformSiteFromEnv(env as Record<string, string | undefined>);
        if (!site.ok) return notConfigured(site.problems[0]!.message);
        app ??= assembleRuntime(workersKit(env, assets), opened, site.value).app;
      }
      return app.fetch(request, env, ctx);
    },

    // A message delivered again finds its jobs finished (acked, nothing played twice), or held
    // by the invocation still playing them: retried once that claim's lease has ended. A message
    // of several jobs that stopped half way is retried and plays only the rest.
    async queue(batch, env, ctx) {
      const deps = runtimeDeps(workersKit(env, assets, ctx), await stores(env));
      await playQueuedJobs(deps, batch.messages, (message) => parseQueuedMessage(message.body), {
        onVerdict: (message, verdict) => settleMessage(message, verdict),
      });
    },
  };
}
