import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { newApiKey } from '../../src/api/auth.js';
import { createStores, ensureStorage, type AwsStores as Stores } from '../../src/store/aws/stores.js';
import { startEmbeddedStorage } from '../../src/local-aws/embedded.js';
import { functionUrlEvent } from './lambda-env.js';
import { freePort } from '../support/server.js';
import { lambdaHandler } from '../../src/runtimes/lambda/handler.js';
import { COMPILED_MATCH_WORKER } from '../../src/match/pool/worker-url.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';
import type { Stores as MemoryBackedStores } from '../../src/store/contract/stores.js';

type Handler = (event: unknown, context?: unknown) => Promise<any>;

const ENV = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'DYNAMODB_TABLE',
  'DYNAMODB_ENDPOINT',
  'SQS_QUEUE_URL',
  'SQS_ENDPOINT',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
];

export interface LambdaHarness<S = Stores> {
  readonly stores: S;
  readonly sqs: SQSClient;
  readonly queueUrl: string;
  /** The Lambda entry (functions/lambda.ts, or its handler on stores given to it), configured through the environment as on AWS. */
  readonly handler: Handler;
  /** A Function URL request with the harness's API key: the status, the text, and the body if it is JSON. */
  http(method: string, path: string, body?: unknown): Promise<{ status: number; text: string; body: any }>;
  stop(): Promise<void>;
}

interface LocalSqs {
  readonly sqs: SQSClient;
  readonly queueUrl: string;
  readonly endpoint: string;
  stop(): Promise<void>;
}

/** A local SQS server (fauxqs) with one queue. */
async function startSqs(queueName: string): Promise<LocalSqs> {
  const port = await freePort();
  const server = await startFauxqs({ port, logger: false });
  const endpoint = `http://127.0.0.1:${port}`;
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const queueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: queueName }))).QueueUrl!;
  return { sqs, queueUrl, endpoint, stop: () => server.stop() };
}

/** The harness around a handler: requests signed with `key`, the environment cleared and the servers stopped at the end. */
function harness<S>(
  stores: S,
  queue: LocalSqs,
  handler: Handler,
  key: string,
  closeStorage: () => Promise<void>,
): LambdaHarness<S> {
  return {
    stores,
    sqs: queue.sqs,
    queueUrl: queue.queueUrl,
    handler,
    async http(method, path, body) {
      const r = await handler(functionUrlEvent(key, method, path, body));
      const text = r.isBase64Encoded ? Buffer.from(r.body as string, 'base64').toString('utf8') : (r.body as string);
      return {
        status: r.statusCode as number,
        text,
        body: r.headers?.['content-type']?.startsWith('application/json') ? JSON.parse(text) : null,
      };
    },
    async stop() {
      for (const k of ENV) delete process.env[k];
      await queue.stop();
      await closeStorage();
    },
  };
}

/**
 * The Lambda entry against embedded storage and a local SQS server (fauxqs),
 * configured through the environment as on AWS, with one API key.
 */
export async function startLambdaWithSqs(queueName: string): Promise<LambdaHarness> {
  const storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), `umpire-${queueName}-`)));
  const stores = createStores(storage.config);
  await ensureStorage(stores);
  const created = await newApiKey(`${queueName} test`, 100, new Date());
  await stores.keys.create(created.hash, created.record);
  const queue = await startSqs(queueName);
  Object.assign(process.env, {
    S3_BUCKET: storage.config.s3.bucket,
    S3_ENDPOINT: storage.config.s3.endpoint,
    DYNAMODB_TABLE: storage.config.dynamodb.table,
    DYNAMODB_ENDPOINT: storage.config.dynamodb.endpoint,
    SQS_QUEUE_URL: queue.queueUrl,
    SQS_ENDPOINT: queue.endpoint,
    AWS_ACCESS_KEY_ID: storage.config.credentials!.accessKeyId,
    AWS_SECRET_ACCESS_KEY: storage.config.credentials!.secretAccessKey,
    AWS_REGION: 'us-east-1',
  });
  const handler = (await import('../../functions/lambda.js')).handler as unknown as Handler;
  return harness(stores, queue, handler, created.key, () => storage.close());
}

/**
 * Lambda's handler on stores in this process's memory (the storage contract's
 * in-memory backend) and a local SQS server: for runs whose subject is the
 * queue, where embedded S3 and DynamoDB would spend most of the time signing
 * and serving requests. `stores` may wrap the memory stores to watch them.
 */
export async function startLambdaInMemory(
  queueName: string,
  wrap: (stores: MemoryBackedStores) => MemoryBackedStores = (s) => s,
): Promise<LambdaHarness<MemoryBackedStores>> {
  const stores = wrap(createMemoryStores());
  const created = await newApiKey(`${queueName} test`, 100, new Date());
  await stores.keys.create(created.hash, created.record);
  const queue = await startSqs(queueName);
  Object.assign(process.env, {
    SQS_QUEUE_URL: queue.queueUrl,
    SQS_ENDPOINT: queue.endpoint,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_REGION: 'us-east-1',
  });
  const handler = (await lambdaHandler(process.env, COMPILED_MATCH_WORKER, stores)) as Handler;
  return harness(stores, queue, handler, created.key, async () => undefined);
}
