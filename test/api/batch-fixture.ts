import { readFileSync } from 'node:fs';
import { createApp } from '../../src/api/app.js';
import { runQueuedJob } from '../../src/leaderboard/run-queued-job.js';
import { DEFAULT_WEBHOOK_SETTINGS } from '../../src/leaderboard/webhook-settings.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import type { MatchRunner } from '../../src/match/runner.js';
import { LocalJobQueue } from '../../src/runtimes/node/local-job-queue.js';
import { nodeWebhookLanes } from '../../src/runtimes/node/webhook-lanes.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import type { JobQueue } from '../../src/store/contract/job-queue.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';

/** The cheapest real match: ants on the tiny world for one round (tens of ms). */
export const CHEAP_ANTS = { worlds: ['tiny'], rounds: 1 };
export const ANT_BRAIN = readFileSync('src/games/ants/bots/example.ant', 'utf8');

/**
 * The Node server's parts in this process, on memory stores: the API, the
 * local job queue playing rounds' and batches' jobs, and webhook lanes that
 * may deliver to loopback. `copies` is how often the queue is handed each
 * message (a queue that delivers again); `played` counts matches the runner played.
 */
export function batchServer(
  options: { copies?: number; perBatch?: number; hold?: boolean; allowPrivate?: boolean } = {},
) {
  const stores = createMemoryStores();
  const webhookSettings = {
    ...DEFAULT_WEBHOOK_SETTINGS,
    allowPrivate: options.allowPrivate ?? true,
    backoffMs: [200, 200, 200],
  };
  const lanes = nodeWebhookLanes(webhookSettings, stores.deliveries);
  const inner = inProcessRunner(nodeBotLoader);
  let played = 0;
  const runner: MatchRunner = {
    play: (job, tenant) => {
      played++;
      return inner.play(job, tenant);
    },
    probe: (request, tenant) => inner.probe(request, tenant),
  };
  const deps = {
    ...stores,
    runner,
    webhookSettings,
    notify: (list: Parameters<typeof lanes.enqueue>[0]) => lanes.enqueue(list),
  };
  const local = new LocalJobQueue((job) => runQueuedJob(deps, job), {
    total: 8,
    perBoard: 1,
    perBatch: options.perBatch ?? 4,
  });
  const sent: RoundJob[] = [];
  const held: RoundJob[] = [];
  const deliver = async (job: RoundJob) => {
    for (let k = 0; k < (options.copies ?? 1); k++) await local.send(job);
  };
  const queue: JobQueue<RoundJob> = {
    async send(job) {
      sent.push(job);
      if (options.hold) held.push(job);
      else await deliver(job);
    },
  };
  /** With `hold`: hands the queue what was sent so far. */
  const release = async () => {
    for (const job of held.splice(0)) await deliver(job);
  };
  const app = createApp({ ...deps, queue, auth: 'optional' });
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const r = await app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    return {
      status: r.status,
      headers: r.headers,
      text,
      body: r.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null,
    };
  }
  return { stores, lanes, local, sent, release, app, call, played: () => played };
}

/** Polls until `done` holds of what `get` gives, every 50 ms, for at most `ms`. */
export async function waitFor<T>(get: () => Promise<T>, done: (value: T) => boolean, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await get();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`still not done after ${ms} ms: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
