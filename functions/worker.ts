// Cloudflare Workers: storage from the S3_*/DYNAMODB_* vars and AWS_* secrets (wrangler.toml), or STORE;
// WebAssembly bots run in Worker Loader isolates (LOADER); rounds' matches go through a
// Cloudflare Queue (MATCHES) that this Worker also consumes.
import type { ExecutionContext, Hono } from 'hono';
import quickjs from '../build/quickjs-metered.wasm';
import micropython from '../build/micropython-metered.wasm';
import harnessSource from '../build/wasm-harness-source.js';
import { createApp, type ApiEnv } from '../src/api/app.js';
import { JobError, jobErrorCode } from '../src/store/contract/job-errors.js';
import { parseRoundJob } from '../src/leaderboard/job-message.js';
import { runRoundJob } from '../src/leaderboard/run-round-job.js';
import type { LeaderboardDeps } from '../src/leaderboard/deps.js';
import type { RoundJob } from '../src/store/contract/round-job.js';
import { deliver, type Delivery } from '../src/leaderboard/webhooks.js';
import { fetchWebhookTransport } from '../src/leaderboard/webhook-transport-fetch.js';
import { webhookSettingsFromEnv } from '../src/leaderboard/webhook-settings.js';
import { openStores } from '../src/store/factory.js';
import { PORTABLE_BACKENDS } from '../src/store/registry.js';
import { StoreConfigError } from '../src/store/config-error.js';
import type { Stores } from '../src/store/contract/stores.js';
import { platformSiteFromEnv } from '../src/api/site.js';
import { workersBotLoader, type WorkerLoader } from '../src/sandbox/workers.js';
import { inProcessRunner } from '../src/match/in-process-runner.js';

interface Env extends Record<string, unknown> {
  LOADER: WorkerLoader;
  MATCHES: { send(job: RoundJob): Promise<void> };
}
interface Message {
  readonly body: unknown;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

let app: Hono<ApiEnv> | undefined;
/** The isolate's stores, opened once: its requests and queue batches share them (and an in-memory store's data). */
let stores: Promise<Stores> | undefined;

/** Storage and sandbox; with `ctx`, webhook deliveries outlive the invocation through waitUntil. A StoreConfigError when storage is not set. */
async function dependencies(env: Env, ctx?: ExecutionContext): Promise<LeaderboardDeps & Stores> {
  stores ??= openStores(PORTABLE_BACKENDS, { env: env as Record<string, string | undefined> }).then((opened) => opened.stores);
  const opened = await stores.catch((e: unknown) => {
    stores = undefined;
    throw e;
  });
  const webhookSettings = webhookSettingsFromEnv(env);
  // The platform's fetch cannot reach private addresses; the URL itself is checked again per attempt.
  const transport = fetchWebhookTransport({ allowPrivate: webhookSettings.allowPrivate });
  return {
    ...opened,
    // No threads to kill here: the platform's CPU limit is the hard deadline (see the README).
    runner: inProcessRunner(workersBotLoader({ loader: env.LOADER, engines: { 'quickjs-metered.wasm': quickjs, 'micropython-metered.wasm': micropython }, harnessSource })),
    webhookSettings,
    ...(ctx ? { notify: (list: Delivery[]) => list.forEach((d) => ctx.waitUntil(deliver(d, transport, webhookSettings))) } : {}),
  };
}

const notConfigured = (message: string) => Response.json({ error: { code: 'NOT_CONFIGURED', message } }, { status: 500 });

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (!app) {
      let deps: LeaderboardDeps & Stores;
      try {
        deps = await dependencies(env);
      } catch (e) {
        if (e instanceof StoreConfigError) return notConfigured(e.message);
        throw e;
      }
      // URLs on PUBLIC_URL, or on the Worker's own route (Cloudflare routes requests to it by host).
      const site = platformSiteFromEnv(env as Record<string, string | undefined>);
      if (!site.ok) return notConfigured(site.problems[0]!.message);
      app ??= createApp({ ...deps, queue: { send: (job) => env.MATCHES.send(job) }, site: site.value, auth: 'required' });
    }
    return app.fetch(request, env, ctx);
  },

  async queue(batch: { messages: readonly Message[] }, env: Env, ctx: ExecutionContext): Promise<void> {
    const deps = await dependencies(env, ctx);
    // A message delivered again finds its job finished (acked, nothing played twice), or held
    // by the invocation still playing it: retried once that claim's lease has ended.
    for (const message of batch.messages) {
      try {
        await runRoundJob(deps, parseRoundJob(message.body));
        message.ack();
      } catch (e) {
        const code = jobErrorCode(e);
        console.error(code ? `${code}: ${(e as Error).message}` : e);
        if (code === 'JOB_BUSY') {
          message.retry({ delaySeconds: Math.min(43_200, Math.max(1, Math.ceil((((e as JobError).retryAt ?? Date.now()) - Date.now()) / 1000))) });
        } else {
          message.retry();
        }
      }
    }
  },
};
