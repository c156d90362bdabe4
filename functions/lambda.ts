// AWS Lambda: HTTP from a Function URL or API Gateway, and SQS batches of rounds' matches.
// Storage from S3_BUCKET and DYNAMODB_TABLE (or STORE: src/store/registry.ts); the queue from SQS_QUEUE_URL.
import { existsSync } from 'node:fs';
import { handle } from 'hono/aws-lambda';
import { UmpireError } from '../src/core/errors.js';
import { createApp } from '../src/api/app.js';
import { jobErrorCode } from '../src/store/contract/job-errors.js';
import { parseRoundJobText } from '../src/leaderboard/job-message.js';
import { runRoundJob } from '../src/leaderboard/run-round-job.js';
import { sqsQueueFromEnv } from '../src/store/aws/sqs-queue.js';
import type { Delivery } from '../src/leaderboard/webhooks.js';
import { nodeWebhookLanes } from '../src/leaderboard/webhook-lanes-node.js';
import { webhookSettingsFromEnv } from '../src/leaderboard/webhook-settings.js';
import type { MatchRunner } from '../src/match/runner.js';
import { poolRunner, type PoolRunner } from '../src/match/pool/pool-runner.js';
import { COMPILED_MATCH_WORKER } from '../src/match/pool/worker-url.js';
import { openStores } from '../src/store/factory.js';
import { PORTABLE_BACKENDS } from '../src/store/registry.js';
import { platformSiteFromEnv } from '../src/api/site.js';

const { stores } = await openStores(PORTABLE_BACKENDS, { env: process.env });
// URLs on PUBLIC_URL, or on the domain name Lambda gives each request (its Function URL or API domain).
const site = platformSiteFromEnv(process.env);
if (!site.ok) throw new Error(site.problems[0]!.message);
// Webhook deliveries run while the invocation that made them waits for them (see below), a lane per
// hook, in memory: an invocation killed meanwhile loses them (receivers can re-read the export).
const webhookSettings = webhookSettingsFromEnv(process.env);
const deliveries = nodeWebhookLanes(webhookSettings);
// Matches run in a worker thread, a pool of one as in the CLI: the thread's stack is the server's
// (MATCH_THREAD_STACK_MB), so a bot's deep recursion ends where it does there, and a call that runs
// on is stopped by terminating the thread. Each match has the server's deadline, and a match still
// running shortly before the function's own timeout (set per invocation from the context) is
// stopped with its thread (MATCH_DEADLINE) rather than killed unrecorded with the invocation.
let invocationEnds = Infinity;
const STOP_BEFORE_TIMEOUT_MS = 15_000;
const runner = invocationRunner();
const deps = { ...stores, runner, claimsEnd: () => invocationEnds, webhookSettings, notify: (list: Delivery[]) => deliveries.enqueue(list), forgetHook: (id: string) => deliveries.forget(id) };
const queue = sqsQueueFromEnv(process.env);
const http = handle(createApp({ ...deps, ...(queue ? { queue } : {}), site: site.value, auth: 'required' }));

/**
 * The worker script: this bundle's sibling (dist/functions/match-worker.js, bundled with it), or
 * the compiled one when this file runs from source (tests).
 */
function matchWorkerUrl(): URL {
  const sibling = new URL('./match-worker.js', import.meta.url);
  return existsSync(sibling) ? sibling : COMPILED_MATCH_WORKER;
}

/** The match pool, each job also bounded by the invocation's end; past it the pool is replaced (its thread terminated). */
function invocationRunner(): MatchRunner {
  const start = () => poolRunner({ url: matchWorkerUrl(), size: 1 });
  let pool: PoolRunner = start();
  const bounded = <T>(work: (p: PoolRunner) => Promise<T>): Promise<T> => {
    const current = pool;
    const left = invocationEnds - STOP_BEFORE_TIMEOUT_MS - Date.now();
    if (left === Infinity) return work(current);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (pool === current) pool = start();
        void current.close();
        const message = `the match was still running ${STOP_BEFORE_TIMEOUT_MS / 1000} s before the invocation's timeout`;
        reject(new UmpireError({ code: 'MATCH_DEADLINE', message }));
      }, Math.max(0, left));
      work(current)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  };
  return {
    play: <Output>(...args: Parameters<MatchRunner['play']>) => bounded((p) => p.play<Output>(...args)),
    probe: (...args) => bounded((p) => p.probe(...args)),
  };
}

interface SqsEvent {
  Records: { messageId: string; body: string; eventSource: string }[];
}

export const handler = async (event: unknown, context: unknown) => {
  const remaining = (context as { getRemainingTimeInMillis?: () => number } | undefined)?.getRemainingTimeInMillis?.();
  invocationEnds = remaining === undefined ? Infinity : Date.now() + remaining;
  const records = (event as Partial<SqsEvent>).Records;
  if (Array.isArray(records) && records[0]?.eventSource === 'aws:sqs') {
    // Partial batch response: only the failed messages come back. A message delivered again
    // finds its job finished (or held by the invocation still playing it) and plays nothing twice.
    const failures: { itemIdentifier: string }[] = [];
    for (const record of records) {
      try {
        await runRoundJob(deps, parseRoundJobText(record.body));
      } catch (e) {
        console.error(jobErrorCode(e) ? `${jobErrorCode(e)}: ${(e as Error).message}` : e);
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    await deliveries.idle();
    return { batchItemFailures: failures };
  }
  return http(event as Parameters<typeof http>[0], context as Parameters<typeof http>[1]);
};
