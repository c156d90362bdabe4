import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateQueueCommand, DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/api/auth.js';
import { createStores, ensureStorage } from '../../src/store/aws.js';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../src/store/embedded.js';
import { freePort } from './server.js';

// Rounds on AWS: the Lambda queues each match in SQS (a local SQS server, fauxqs),
// and plays it when the queue delivers it back as an SQS event.

let storage: EmbeddedStorage;
let sqsServer: { stop(): Promise<void> };
let sqs: SQSClient;
let queueUrl = '';
let key = '';
type Handler = (event: unknown, context?: unknown) => Promise<any>;
let handler: Handler;

beforeAll(async () => {
  storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), 'umpire-sqs-')));
  const stores = createStores(storage.config);
  await ensureStorage(stores);
  const created = await newApiKey('sqs test', 100, new Date());
  await stores.keys.create(created.hash, created.record);
  key = created.key;
  const port = await freePort();
  sqsServer = await startFauxqs({ port, logger: false });
  const endpoint = `http://127.0.0.1:${port}`;
  sqs = new SQSClient({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  queueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: 'umpire-matches' }))).QueueUrl!;
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
  handler = (await import('../../functions/lambda.js')).handler as unknown as Handler;
}, 60_000);

afterAll(async () => {
  for (const k of ['S3_BUCKET', 'S3_ENDPOINT', 'DYNAMODB_TABLE', 'DYNAMODB_ENDPOINT', 'SQS_QUEUE_URL', 'SQS_ENDPOINT', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) delete process.env[k];
  await sqsServer?.stop();
  await storage?.close();
});

async function http(method: string, path: string, body?: unknown) {
  const r = await handler({
    version: '2.0',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'x.lambda-url.us-east-1.on.aws', 'content-type': 'application/json', authorization: `Bearer ${key}` },
    requestContext: { domainName: 'x.lambda-url.us-east-1.on.aws', http: { method, path, sourceIp: '127.0.0.1' } },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  });
  return { status: r.statusCode as number, body: JSON.parse(r.body) };
}

describe('rounds through SQS', () => {
  it('queues each match of a round and plays it when SQS delivers it', async () => {
    const bots: string[] = [];
    for (const name of ['hunter', 'idle']) bots.push((await http('POST', '/v1/bots', { name, js: readFileSync(`bots/${name}.js`, 'utf8') })).body.id);
    const board = (await http('POST', '/v1/leaderboards', { name: 'aws ladder', game: 'icy' })).body.id;
    for (const bot of bots) expect((await http('POST', `/v1/leaderboards/${board}/entries`, { bot })).status).toBe(201);
    const round = await http('POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.status).toBe(202);

    // What Lambda's event source mapping does: receive, invoke, delete what succeeded.
    let played = 0;
    for (let i = 0; i < 20 && played < 2; i++) {
      const got = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: 1 }));
      for (const m of got.Messages ?? []) {
        const result = await handler({ Records: [{ messageId: m.MessageId, body: m.Body, eventSource: 'aws:sqs' }] });
        expect(result).toEqual({ batchItemFailures: [] });
        await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));
        played++;
      }
    }
    expect(played).toBe(2);
    expect((await http('GET', `/v1/leaderboards/${board}/rounds/${round.body.id}`)).body).toMatchObject({ total: 2, done: 2, status: 'finished' });
    const table = (await http('GET', `/v1/leaderboards/${board}`)).body.table;
    expect(table.map((r: { played: number }) => r.played)).toEqual([2, 2]);
  }, 60_000);

  it('reports a message it cannot play as a batch item failure', async () => {
    const result = await handler({ Records: [{ messageId: 'm-1', body: JSON.stringify({ board: 'lb_gone', round: 'r', red: 'bot_x', blue: 'bot_y', map: 'default' }), eventSource: 'aws:sqs' }] });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
  });
});
