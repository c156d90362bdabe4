import type { ExecutionContext } from 'hono';
import { jobsPerMessageFromEnv } from '../../leaderboard/job-bundles.js';
import { webhookSettingsFromEnv } from '../../leaderboard/webhook-settings.js';
import { versionPolicyFromEnv } from '../../match/version-policy.js';
import { deliver } from '../../leaderboard/webhooks.js';
import { inProcessRunner } from '../../match/in-process-runner.js';
import { workersBotLoader, type WorkerLoader } from '../../sandbox/workers.js';
import { PORTABLE_BACKENDS } from '../../store/registry.js';
import type { RuntimeKit, StorageChoice } from '../kit.js';
import { cloudflareQueue, type QueueBinding } from './cloudflare-queue.js';
import { fetchWebhookTransport } from './webhook-transport.js';

/** The Worker's bindings and vars (wrangler.toml): LOADER for bot isolates, MATCHES the rounds' queue. */
export interface WorkersEnv extends Record<string, unknown> {
  LOADER: WorkerLoader;
  MATCHES: QueueBinding;
}

/** What the entry imports from build/ for the bundler: the metered engines and the WebAssembly harness. */
export interface WorkersAssets {
  readonly engines: Readonly<Record<string, WebAssembly.Module>>;
  readonly harnessSource: string;
}

/** S3_*, DYNAMODB_* vars and AWS_* secrets (or STORE): the portable backends, none by default. */
export const WORKERS_STORAGE: StorageChoice = { backends: PORTABLE_BACKENDS };

/**
 * The Worker's parts: bots in Worker Loader isolates, played in the invocation itself (no threads
 * to kill: the platform's CPU limit is the hard deadline), the MATCHES queue (MATCHES_PER_MESSAGE jobs
 * to a message), and with `ctx` webhook
 * deliveries that outlive the invocation through waitUntil, sent with the platform's fetch (which
 * cannot reach private addresses; the URL itself is checked again per attempt). Writes need a key.
 */
export function workersKit(env: WorkersEnv, assets: WorkersAssets, ctx?: ExecutionContext): RuntimeKit {
  const webhookSettings = webhookSettingsFromEnv(env);
  const perMessage = jobsPerMessageFromEnv(env);
  const transport = fetchWebhookTransport({ allowPrivate: webhookSettings.allowPrivate });
  return {
    runner: inProcessRunner(workersBotLoader({ loader: env.LOADER, ...assets })),
    webhookSettings,
    versionPolicy: versionPolicyFromEnv(env),
    ...(ctx
      ? { webhooks: { send: (list) => list.forEach((d) => ctx.waitUntil(deliver(d, transport, webhookSettings))) } }
      : {}),
    auth: 'required',
    queue: () => cloudflareQueue(env.MATCHES, perMessage),
  };
}
