import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStores, ensureStorage, type AwsStores as Stores } from '../../src/store/aws/stores.js';
import { runningEmbeddedStorage, startEmbeddedStorage, type EmbeddedStorage } from '../../src/local-aws/embedded.js';
import { CREDENTIALS_FILE } from '../../src/local-aws/local-credentials.js';
import { StoreError } from '../../src/store/contract/errors.js';
import type { ApiKeyRecord } from '../../src/store/contract/keys.js';

// The embedded storage answers only requests signed with its data folder's credentials.

const dir = mkdtempSync(join(tmpdir(), 'umpire-embedded-auth-'));
const logs: string[] = [];
let storage: EmbeddedStorage;
let stores: Stores;

const source = new TextEncoder().encode('export default () => "secret strategy"');
const record: ApiKeyRecord = {
  id: 'key_owner',
  name: 'owner',
  createdAt: '2026-01-01T00:00:00.000Z',
  ratePerMinute: 60,
};

beforeAll(async () => {
  storage = await startEmbeddedStorage(dir, { log: (line) => logs.push(line) });
  stores = createStores(storage.config);
  await ensureStorage(stores);
  await stores.blobs.put('bundles/abc', source, { contentType: 'text/javascript' });
  await stores.keys.create('hash-of-owner-key', record);
}, 30_000);

afterAll(async () => {
  await storage?.close();
});

const s3Url = (key: string) => `${storage.config.s3.endpoint}/${storage.config.s3.bucket}/${key}`;

/** A DynamoDB call as a local process without the credentials would make it. */
function dynamo(target: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(storage.config.dynamodb.endpoint!, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${target}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const mintedKey = { pk: { S: 'key#minted' }, sk: { S: 'key' } };
const fakeAuthorization = {
  authorization:
    'AWS4-HMAC-SHA256 Credential=S3RVER/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=' +
    '0'.repeat(64),
  'x-amz-date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''),
};

describe('embedded storage: signed requests only', () => {
  it('the SDK clients of createStores(config) work: a blob and an item round-trip', async () => {
    expect(new TextDecoder().decode((await stores.blobs.get('bundles/abc'))!)).toBe(
      'export default () => "secret strategy"',
    );
    expect(await stores.blobs.get('bundles/none')).toBeNull();
    expect(await stores.keys.find('hash-of-owner-key')).toEqual(record);
    expect(await stores.keys.find('hash-of-no-key')).toBeNull();
  });

  it('an unsigned GET of an object is refused with 403 and shows nothing of it', async () => {
    const r = await fetch(s3Url('bundles/abc'));
    expect(r.status).toBe(403);
    const text = await r.text();
    expect(text).toContain('<Code>AccessDenied</Code>');
    expect(text).not.toContain('secret strategy');
    expect((await fetch(`${storage.config.s3.endpoint}/${storage.config.s3.bucket}?list-type=2`)).status).toBe(403);
    expect((await fetch(`${storage.config.s3.endpoint}/`)).status).toBe(403);
  });

  it('an unsigned PUT or DELETE of an object is refused with 403 and changes nothing', async () => {
    expect((await fetch(s3Url('bundles/abc'), { method: 'PUT', body: 'overwritten' })).status).toBe(403);
    expect((await fetch(s3Url('bundles/new'), { method: 'PUT', body: 'planted' })).status).toBe(403);
    expect((await fetch(s3Url('bundles/abc'), { method: 'DELETE' })).status).toBe(403);
    expect(await stores.blobs.get('bundles/abc')).toEqual(source);
    expect(await stores.blobs.get('bundles/new')).toBeNull();
  });

  it('unsigned DynamoDB PutItem and GetItem are refused with 403 and change nothing (no key can be minted)', async () => {
    const forged = { id: 'key_mallory', name: 'mallory', createdAt: '2026-01-01T00:00:00.000Z', ratePerMinute: 1000 };
    const put = await dynamo('PutItem', {
      TableName: 'umpire',
      Item: { ...mintedKey, record: { S: JSON.stringify(forged) } },
    });
    expect(put.status).toBe(403);
    expect((await put.json()).__type).toMatch(/MissingAuthenticationToken/);
    // dynalite itself takes any Authorization header that starts with AWS4-: not the front.
    const fake = await dynamo(
      'PutItem',
      { TableName: 'umpire', Item: { ...mintedKey, record: { S: JSON.stringify(forged) } } },
      fakeAuthorization,
    );
    expect(fake.status).toBe(403);
    const get = await dynamo('GetItem', {
      TableName: 'umpire',
      Key: { pk: { S: 'key#hash-of-owner-key' }, sk: { S: 'key' } },
    });
    expect(get.status).toBe(403);
    expect(await get.text()).not.toContain('key_owner');
    expect((await dynamo('ListTables', {})).status).toBe(403);
    expect(await stores.keys.find('minted')).toBeNull();
  });

  it('requests signed with other credentials are refused (403), so the stores fail', async () => {
    const wrongSecret = createStores({
      ...storage.config,
      credentials: {
        accessKeyId: storage.config.credentials!.accessKeyId,
        secretAccessKey: 'not-the-secret-not-the-secret-not-the-secret',
      },
    });
    const wrongKey = createStores({
      ...storage.config,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    for (const other of [wrongSecret, wrongKey]) {
      const s3 = await other.s3
        .send(new GetObjectCommand({ Bucket: storage.config.s3.bucket, Key: 'bundles/abc' }))
        .catch((e: { $metadata?: { httpStatusCode?: number } }) => e);
      expect((s3 as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBe(403);
      const db = await other.dynamodb
        .send(
          new GetItemCommand({ TableName: 'umpire', Key: { pk: { S: 'key#hash-of-owner-key' }, sk: { S: 'key' } } }),
        )
        .catch((e: { $metadata?: { httpStatusCode?: number } }) => e);
      expect((db as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBe(403);
      await expect(
        other.blobs.put('bundles/abc', new Uint8Array([1]), { contentType: 'text/plain' }),
      ).rejects.toBeInstanceOf(StoreError);
      await expect(other.keys.create('minted', record)).rejects.toBeInstanceOf(StoreError);
    }
    expect(await stores.blobs.get('bundles/abc')).toEqual(source);
    expect(await stores.keys.find('minted')).toBeNull();
  });

  it('a body that is not the one signed is refused', async () => {
    // The SDK signs the payload hash; a middleware changes the body after signing.
    const tampering = createStores(storage.config);
    tampering.s3.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body?: unknown };
        request.body = new TextEncoder().encode('tampered');
        return next(args);
      },
      { step: 'finalizeRequest', priority: 'low', name: 'tamperAfterSigning', override: true },
    );
    const out = await tampering.s3
      .send(
        new PutObjectCommand({
          Bucket: storage.config.s3.bucket,
          Key: 'bundles/abc',
          Body: new TextEncoder().encode('original'),
          ContentType: 'text/plain',
        }),
      )
      .catch((e: { $metadata?: { httpStatusCode?: number } }) => e);
    expect((out as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBe(403);
    expect((out as Error).name).toBe('XAmzContentSHA256Mismatch');
    expect(await stores.blobs.get('bundles/abc')).toEqual(source);
  });
});

describe('the credentials file', () => {
  it("is the owner's only (0600, in a 0700 folder), and runningEmbeddedStorage gives it to the owner's tools", async () => {
    expect(statSync(join(dir, CREDENTIALS_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(readFileSync(join(dir, CREDENTIALS_FILE), 'utf8'));
    expect(saved).toEqual(storage.config.credentials);
    expect(saved.accessKeyId).not.toBe('S3RVER');
    const running = runningEmbeddedStorage(dir);
    expect(running).toEqual(storage.config);
    expect(await createStores(running!).keys.find('hash-of-owner-key')).toEqual(record);
  });

  it('a second start of the same folder reuses it, and the data', async () => {
    const before = storage.config.credentials;
    await storage.close();
    expect(runningEmbeddedStorage(dir)).toBeNull();
    storage = await startEmbeddedStorage(dir, { log: (line) => logs.push(line) });
    expect(storage.config.credentials).toEqual(before);
    stores = createStores(storage.config);
    expect(await stores.blobs.get('bundles/abc')).toEqual(source);
    expect(await stores.keys.find('hash-of-owner-key')).toEqual(record);
    expect(statSync(join(dir, CREDENTIALS_FILE)).mode & 0o777).toBe(0o600);
    expect(logs).toEqual([]);
  }, 30_000);

  it('a corrupt credentials file is replaced by new credentials at the next start (logged); the old ones stop working', async () => {
    const before = storage.config;
    await storage.close();
    writeFileSync(join(dir, CREDENTIALS_FILE), '{"accessKeyId": "UMPL');
    chmodSync(join(dir, CREDENTIALS_FILE), 0o644);
    storage = await startEmbeddedStorage(dir, { log: (line) => logs.push(line) });
    expect(logs).toEqual([`umpire: ${join(dir, CREDENTIALS_FILE)} is not valid: new credentials replace it`]);
    expect(storage.config.credentials).not.toEqual(before.credentials);
    expect(statSync(join(dir, CREDENTIALS_FILE)).mode & 0o777).toBe(0o600);
    expect(await createStores(storage.config).keys.find('hash-of-owner-key')).toEqual(record);
    const old = createStores({ ...storage.config, credentials: before.credentials });
    await expect(old.keys.find('hash-of-owner-key')).rejects.toBeInstanceOf(StoreError);
  }, 30_000);
});
