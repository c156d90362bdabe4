import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newApiKey } from '../../src/api/auth.js';
import { createStores, ensureStorage } from '../../src/store/aws/stores.js';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../src/local-aws/embedded.js';

const LAMBDA_ENV = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'DYNAMODB_TABLE',
  'DYNAMODB_ENDPOINT',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_REGION',
];

export interface LambdaStorage {
  readonly storage: EmbeddedStorage;
  /** An API key stored for the Lambda's requests. */
  readonly key: string;
  /** Clears the environment and stops the storage servers. */
  close(): Promise<void>;
}

/**
 * Local S3 and DynamoDB servers with the bucket, the table and one API key,
 * given to the Lambda entry through the environment, as AWS would.
 */
export async function lambdaStorage(prefix: string, keyName: string): Promise<LambdaStorage> {
  const storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), prefix)));
  const stores = createStores(storage.config);
  await ensureStorage(stores);
  const created = await newApiKey(keyName, 100, new Date());
  await stores.keys.create(created.hash, created.record);
  Object.assign(process.env, {
    S3_BUCKET: storage.config.s3.bucket,
    S3_ENDPOINT: storage.config.s3.endpoint,
    DYNAMODB_TABLE: storage.config.dynamodb.table,
    DYNAMODB_ENDPOINT: storage.config.dynamodb.endpoint,
    AWS_ACCESS_KEY_ID: storage.config.credentials!.accessKeyId,
    AWS_SECRET_ACCESS_KEY: storage.config.credentials!.secretAccessKey,
    AWS_REGION: 'us-east-1',
  });
  return {
    storage,
    key: created.key,
    async close() {
      for (const k of LAMBDA_ENV) delete process.env[k];
      await storage.close();
    },
  };
}

/** The host a test's Lambda Function URL answers on. */
export const FUNCTION_URL_HOST = 'abc.lambda-url.us-east-1.on.aws';

/** A Lambda Function URL event (payload version 2.0), sent with the API key `key` (none if empty). */
export function functionUrlEvent(key: string, method: string, path: string, body?: unknown) {
  return {
    version: '2.0',
    rawPath: path,
    rawQueryString: '',
    headers: {
      host: FUNCTION_URL_HOST,
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    requestContext: {
      domainName: FUNCTION_URL_HOST,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  };
}
