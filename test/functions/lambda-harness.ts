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

export interface LambdaHarness {
  readonly stores: Stores;
  readonly sqs: SQSClient;
  readonly queueUrl: string;
  /** The Lambda entry (functions/lambda.ts), configured through the environment as on AWS. */
  readonly handler: Handler;
  /** A Function URL request with the harness's API key: the status, the text, and the body if it is JSON. */
  http(method: string, path: string, body?: unknown): Promise<{ status: number; text: string; body: any }>;
  stop(): Promise<void>;
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
  const port = await freePort();
  const sqsServer = await startFauxqs({ port, logger: false });
  const endpoint = `http://127.0.0.1:${port}`;
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const queueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: queueName }))).QueueUrl!;
  Object.assign(process.env, {
    S3_BUCKET: storage.config.s3.bucket,
    S3_ENDPOINT: storage.config.s3.endpoint,
    DYNAMODB_TABLE: storage.config.dynamodb.table,
    DYNAMODB_ENDPOINT: storage.config.dynamodb.endpoint,
    SQS_QUEUE_URL: queueUrl,
    SQS_ENDPOINT: endpoint,
    AWS_ACCESS_KEY_ID: storage.config.credentials!.accessKeyId,
    AWS_SECRET_ACCESS_KEY: storage.config.credentials!.secretAccessKey,
    AWS_REGION: 'us-east-1',
  });
  const handler = (await import('../../functions/lambda.js')).handler as unknown as Handler;
  return {
    stores,
    sqs,
    queueUrl,
    handler,
    async http(method, path, body) {
      const r = await handler(functionUrlEvent(created.key, method, path, body));
      const text = r.isBase64Encoded ? Buffer.from(r.body as string, 'base64').toString('utf8') : (r.body as string);
      return {
        status: r.statusCode as number,
        text,
        body: r.headers?.['content-type']?.startsWith('application/json') ? JSON.parse(text) : null,
      };
    },
    async stop() {
      for (const k of ENV) delete process.env[k];
      await sqsServer.stop();
      await storage.close();
    },
  };
}
