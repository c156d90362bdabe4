// One consumer of bench/fanout-sqs.mjs, a separate Node process the parent may SIGKILL at any
// moment: the Lambda handler (built, dist/) on the parent's embedded S3 and DynamoDB, fed from the
// local SQS queue as Lambda's event source mapping feeds it: receive, invoke, delete the messages
// that succeeded, leave the failures to come back after their visibility timeout. Its S3 and
// DynamoDB requests (and its SQS ones) are counted (RequestTally) and written to TALLY_FILE after every invocation,
// so a killed consumer's counts survive it (all but its last invocation's).
import { renameSync, writeFileSync } from 'node:fs';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { lambdaHandler } from '../dist/runtimes/lambda/handler.js';
import { createStores, storageConfigFromEnv } from '../dist/store/aws/stores.js';
import { RequestTally } from './aws-requests.mjs';

const env = process.env;
/** Each invocation is told it has this long (a Lambda's timeout): a killed one's claims end by then. */
const INVOCATION_MS = Number(env.FANOUT_INVOCATION_S ?? 30) * 1000;
const batchSize = Number(env.FANOUT_BATCH_SIZE ?? 1);
const visibility = Number(env.FANOUT_VISIBILITY_S ?? 10);

const stores = createStores(storageConfigFromEnv(env));
const tally = new RequestTally().watch(stores.s3).watch(stores.dynamodb);
const handler = await lambdaHandler(env, new URL('../dist/functions/match-worker.js', import.meta.url), stores);
const sqs = new SQSClient({
  region: 'us-east-1',
  endpoint: env.SQS_ENDPOINT,
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});
tally.watch(sqs);
const stats = { invocations: 0, messages: 0, failures: 0, busyMs: 0 };
// Written aside and renamed: a SIGKILL in the middle of a write must not leave half a file.
const save = () => {
  writeFileSync(`${env.TALLY_FILE}.part`, JSON.stringify({ counts: Object.fromEntries(tally.counts), ...stats }));
  renameSync(`${env.TALLY_FILE}.part`, env.TALLY_FILE);
};
// Matches log their failures on stderr; the parent keeps only the last lines of each consumer.
console.error = () => undefined;

for (;;) {
  const got = await sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: env.SQS_QUEUE_URL,
      MaxNumberOfMessages: batchSize,
      WaitTimeSeconds: 1,
      VisibilityTimeout: visibility,
    }),
  );
  const messages = got.Messages ?? [];
  if (messages.length === 0) continue;
  const started = Date.now();
  const result = await handler(
    { Records: messages.map((m) => ({ messageId: m.MessageId, body: m.Body, eventSource: 'aws:sqs' })) },
    { getRemainingTimeInMillis: () => INVOCATION_MS - (Date.now() - started) },
  );
  const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
  for (const m of messages)
    if (!failed.has(m.MessageId))
      await sqs.send(new DeleteMessageCommand({ QueueUrl: env.SQS_QUEUE_URL, ReceiptHandle: m.ReceiptHandle }));
  stats.invocations++;
  stats.messages += messages.length;
  stats.failures += failed.size;
  stats.busyMs += Date.now() - started;
  save();
}
