// Cloudflare Workers: storage from the S3_*/DYNAMODB_* vars and AWS_* secrets (wrangler.toml);
// WebAssembly bots run in Worker Loader isolates (LOADER); rounds' matches go through a
// Cloudflare Queue (MATCHES) that this Worker also consumes.
import type { ExecutionContext, Hono } from 'hono';
import maps from '../build/maps.js';
import quickjs from '../build/quickjs-metered.wasm';
import harnessSource from '../build/wasm-harness-source.js';
import { createApp, type ApiEnv } from '../src/api/app.js';
import { runMatchJob, type LeaderboardDeps, type MatchJob } from '../src/leaderboard/service.js';
import { deliver, type Delivery } from '../src/leaderboard/webhooks.js';
import { createStores, storageConfigFromEnv } from '../src/store/aws.js';
import { workersBotLoader, type WorkerLoader } from '../src/sandbox/workers.js';
import { inProcessRunner } from '../src/match/in-process-runner.js';

interface Env extends Record<string, unknown> {
  LOADER: WorkerLoader;
  MATCHES: { send(job: MatchJob): Promise<void> };
}
interface Message {
  readonly body: MatchJob;
  ack(): void;
  retry(): void;
}

let app: Hono<ApiEnv> | undefined;

/** Storage and sandbox; with `ctx`, webhook deliveries outlive the invocation through waitUntil. */
function dependencies(env: Env, ctx?: ExecutionContext): (LeaderboardDeps & ReturnType<typeof createStores>) | null {
  const config = storageConfigFromEnv(env as Record<string, string | undefined>);
  if (!config) return null;
  return {
    ...createStores(config),
    // No threads to kill here: the platform's CPU limit is the hard deadline (see the README).
    runner: inProcessRunner(workersBotLoader({ loader: env.LOADER, quickjs, harnessSource })),
    maps,
    ...(ctx ? { notify: (list: Delivery[]) => list.forEach((d) => ctx.waitUntil(deliver(d))) } : {}),
  };
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    if (!app) {
      const deps = dependencies(env);
      if (!deps) return Response.json({ error: { code: 'NOT_CONFIGURED', message: 'set S3_BUCKET and DYNAMODB_TABLE' } }, { status: 500 });
      app = createApp({ ...deps, queue: { send: (job) => env.MATCHES.send(job) }, auth: 'required' });
    }
    return app.fetch(request, env, ctx);
  },

  async queue(batch: { messages: readonly Message[] }, env: Env, ctx: ExecutionContext): Promise<void> {
    const deps = dependencies(env, ctx);
    if (!deps) throw new Error('set S3_BUCKET and DYNAMODB_TABLE');
    for (const message of batch.messages) {
      try {
        await runMatchJob(deps, message.body);
        message.ack();
      } catch (e) {
        console.error(e);
        message.retry();
      }
    }
  },
};
