// Cloudflare Workers: storage from the S3_*/DYNAMODB_* vars and AWS_* secrets (wrangler.toml);
// WebAssembly bots run in Worker Loader isolates (the LOADER binding).
import type { ExecutionContext, Hono } from 'hono';
import type { ApiEnv } from '../src/api/app.js';
import maps from '../build/maps.js';
import quickjs from '../build/quickjs-metered.wasm';
import harnessSource from '../build/wasm-harness-source.js';
import { createApp } from '../src/api/app.js';
import { createStores, storageConfigFromEnv } from '../src/store/aws.js';
import { workersBotLoader, type WorkerLoader } from '../src/sandbox/workers.js';

type Env = Record<string, string | undefined> & { LOADER: WorkerLoader };
let app: Hono<ApiEnv> | undefined;

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    if (!app) {
      const config = storageConfigFromEnv(env);
      if (!config) return Response.json({ error: { code: 'NOT_CONFIGURED', message: 'set S3_BUCKET and DYNAMODB_TABLE' } }, { status: 500 });
      app = createApp({ ...createStores(config), loadBot: workersBotLoader({ loader: env.LOADER, quickjs, harnessSource }), maps, auth: 'required' });
    }
    return app.fetch(request, env, ctx);
  },
};
