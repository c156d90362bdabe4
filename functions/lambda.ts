// AWS Lambda: HTTP from a Function URL or API Gateway, and SQS batches of rounds' matches.
// Storage from S3_BUCKET and DYNAMODB_TABLE; the queue from SQS_QUEUE_URL.
import { handle } from 'hono/aws-lambda';
import { createApp } from '../src/api/app.js';
import { jobErrorCode } from '../src/leaderboard/job-errors.js';
import { parseMatchJobText } from '../src/leaderboard/job-message.js';
import { runMatchJob } from '../src/leaderboard/service.js';
import { sqsQueueFromEnv } from '../src/store/sqs-queue.js';
import type { Delivery } from '../src/leaderboard/webhooks.js';
import { nodeWebhookLanes } from '../src/leaderboard/webhook-lanes-node.js';
import { webhookSettingsFromEnv } from '../src/leaderboard/webhook-settings.js';
import { inProcessRunner } from '../src/match/in-process-runner.js';
import { nodeBotLoader } from '../src/sandbox/node-sources.js';
import { createStores, storageConfigFromEnv } from '../src/store/aws.js';
import { platformSiteFromEnv } from '../src/api/site.js';

const config = storageConfigFromEnv(process.env);
if (!config) throw new Error('set S3_BUCKET and DYNAMODB_TABLE');
// URLs on PUBLIC_URL, or on the domain name Lambda gives each request (its Function URL or API domain).
const site = platformSiteFromEnv(process.env);
if (!site.ok) throw new Error(site.problems[0]!.message);
// Webhook deliveries run while the invocation that made them waits for them (see below), a lane per
// hook, in memory: an invocation killed meanwhile loses them (receivers can re-read the export).
const webhookSettings = webhookSettingsFromEnv(process.env);
const deliveries = nodeWebhookLanes(webhookSettings);
// Matches run in this invocation; they stop between calls (MATCH_DEADLINE) before the function's
// own timeout would kill it unrecorded, set per invocation from the context.
let invocationEnds = Infinity;
const STOP_BEFORE_TIMEOUT_MS = 15_000;
const runner = inProcessRunner(nodeBotLoader, { stopBy: () => invocationEnds - STOP_BEFORE_TIMEOUT_MS });
const deps = { ...createStores(config), runner, claimsEnd: () => invocationEnds, webhookSettings, notify: (list: Delivery[]) => deliveries.enqueue(list), forgetHook: (id: string) => deliveries.forget(id) };
const queue = sqsQueueFromEnv(process.env);
const http = handle(createApp({ ...deps, ...(queue ? { queue } : {}), site: site.value, auth: 'required' }));

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
        await runMatchJob(deps, parseMatchJobText(record.body));
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
