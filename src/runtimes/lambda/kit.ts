import type { WebhookLanes } from '../../leaderboard/webhook-lanes.js';
import { jobsPerMessageFromEnv } from '../../leaderboard/job-bundles.js';
import { webhookSettingsFromEnv } from '../../leaderboard/webhook-settings.js';
import { versionPolicyFromEnv } from '../../match/version-policy.js';
import { PORTABLE_BACKENDS } from '../../store/registry.js';
import type { RuntimeKit, StorageChoice } from '../kit.js';
import { lanesSender, nodeWebhookLanes } from '../node/webhook-lanes.js';
import { invocationRunner } from './invocation-runner.js';
import { sqsQueueFromEnv, type SqsQueue } from './sqs-queue.js';

/** S3_BUCKET and DYNAMODB_TABLE (or STORE): the portable backends, none by default. */
export const LAMBDA_STORAGE: StorageChoice = { backends: PORTABLE_BACKENDS };

export interface LambdaKit extends RuntimeKit<SqsQueue> {
  readonly lanes: WebhookLanes;
}

/**
 * Lambda's parts: the Node loader in a worker thread bounded by the invocation (invocation-runner.ts),
 * the SQS queue of SQS_QUEUE_URL (MATCHES_PER_MESSAGE jobs to a message), and webhook deliveries in Node's lanes, in memory: they run while
 * the invocation that made them waits for them, so one killed meanwhile loses them (receivers can
 * re-read the export). Writes need a key.
 */
export function lambdaKit(
  env: Readonly<Record<string, string | undefined>>,
  workerUrl: URL,
  invocationEnds: () => number,
): LambdaKit {
  const webhookSettings = webhookSettingsFromEnv(env);
  const lanes = nodeWebhookLanes(webhookSettings);
  const queue = sqsQueueFromEnv(env, jobsPerMessageFromEnv(env));
  return {
    runner: invocationRunner(workerUrl, invocationEnds),
    lanes,
    webhookSettings,
    versionPolicy: versionPolicyFromEnv(env),
    webhooks: lanesSender(lanes),
    claimsEnd: invocationEnds,
    auth: 'required',
    queue: () => queue,
  };
}
