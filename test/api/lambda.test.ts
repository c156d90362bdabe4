import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStores, ensureStorage } from '../../src/store/aws.js';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../src/store/embedded.js';
import { newApiKey } from '../../src/api/auth.js';

// The Lambda entry (functions/lambda.ts) invoked with Lambda Function URL events,
// configured by environment variables as on AWS, against local S3 and DynamoDB servers.

let storage: EmbeddedStorage;
type Handler = (event: unknown) => Promise<{ statusCode: number; body: string; headers: Record<string, string>; isBase64Encoded: boolean }>;
let handler: Handler;
let key = '';

beforeAll(async () => {
  storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), 'umpire-lambda-')));
  const stores = createStores(storage.config);
  await ensureStorage(stores);
  const created = await newApiKey('lambda test', 100, new Date());
  await stores.keys.create(created.hash, created.record);
  key = created.key;
  Object.assign(process.env, {
    S3_BUCKET: storage.config.s3.bucket,
    S3_ENDPOINT: storage.config.s3.endpoint,
    DYNAMODB_TABLE: storage.config.dynamodb.table,
    DYNAMODB_ENDPOINT: storage.config.dynamodb.endpoint,
    AWS_ACCESS_KEY_ID: storage.config.credentials!.accessKeyId,
    AWS_SECRET_ACCESS_KEY: storage.config.credentials!.secretAccessKey,
    AWS_REGION: 'us-east-1',
  });
  handler = (await import('../../functions/lambda.js')).handler as unknown as Handler;
}, 60_000);

afterAll(async () => {
  for (const k of ['S3_BUCKET', 'S3_ENDPOINT', 'DYNAMODB_TABLE', 'DYNAMODB_ENDPOINT', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) delete process.env[k];
  await storage?.close();
});

/** A Lambda Function URL event (payload version 2.0). */
function event(method: string, path: string, body?: unknown) {
  return {
    version: '2.0',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'abc.lambda-url.us-east-1.on.aws', 'content-type': 'application/json', authorization: `Bearer ${key}` },
    requestContext: { domainName: 'abc.lambda-url.us-east-1.on.aws', http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  };
}

describe('the Lambda entry', () => {
  it('needs an API key for writes', async () => {
    const e = event('POST', '/v1/matches', { game: 'icy', red: { js: 'x' }, blue: { js: 'y' } });
    const r = await handler({ ...e, headers: { ...e.headers, authorization: undefined } });
    expect(r.statusCode).toBe(401);
    expect(JSON.parse(r.body).error.code).toBe('UNAUTHORIZED');
  });

  it('plays and stores a match, then serves it', async () => {
    const posted = await handler(
      event('POST', '/v1/matches', { game: 'icy', seed: 2, red: { js: readFileSync('bots/icy/hunter.js', 'utf8') }, blue: { wasm: readFileSync('build/bots/hunter.wasm').toString('base64') } }),
    );
    expect(posted.statusCode).toBe(201);
    const record = JSON.parse(posted.body);
    expect(record).toMatchObject({ turns: 180, bots: { blue: { kind: 'wasm' } } });
    expect(record.replayUrl).toBe(`https://abc.lambda-url.us-east-1.on.aws/v1/matches/${record.id}/replay`);
    const got = await handler(event('GET', `/v1/matches/${record.id}`));
    expect(JSON.parse(got.body)).toEqual(record);
    const replay = await handler(event('GET', `/v1/matches/${record.id}/replay`));
    expect(replay.statusCode).toBe(200);
    expect(replay.isBase64Encoded).toBe(true);
    expect(replay.headers['content-encoding']).toBe('gzip');
  }, 60_000);
});
