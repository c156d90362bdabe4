import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import dynalite from 'dynalite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import { sha256Hex } from '../../src/match/digest.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import { createStores, ensureStorage, type StorageConfig } from '../../src/store/aws/stores.js';
import { freePort } from '../support/server.js';

// Concurrency and storage faults: the app against local S3 and DynamoDB servers
// that the test stops and starts again on the same ports and data.

const dir = mkdtempSync(join(tmpdir(), 'umpire-faults-'));
let s3: S3rver | null = null;
let db: Server | null = null;
let s3Port = 0;
let dbPort = 0;

async function startS3(): Promise<void> {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    directory: join(dir, 's3'),
    silent: true,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: 'umpire-replays' }],
  });
  await s3.run();
}
async function stopS3(): Promise<void> {
  await s3?.close();
  s3 = null;
}
async function startDb(): Promise<void> {
  db = dynalite({ path: join(dir, 'dynamodb'), createTableMs: 0 });
  await new Promise<void>((resolve) => db!.listen(dbPort, '127.0.0.1', () => resolve()));
}
async function stopDb(): Promise<void> {
  await new Promise<void>((resolve) => (db ? db.close(() => resolve()) : resolve()));
  db = null;
}

let app: ReturnType<typeof createApp>;
const idle = 'export default () => "idle"';

beforeAll(async () => {
  [s3Port, dbPort] = [await freePort(), await freePort()];
  await startS3();
  await startDb();
  const config: StorageConfig = {
    region: 'us-east-1',
    s3: { bucket: 'umpire-replays', endpoint: `http://127.0.0.1:${s3Port}` },
    dynamodb: { table: 'umpire', endpoint: `http://127.0.0.1:${dbPort}` },
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const stores = createStores(config);
  await ensureStorage(stores);
  app = createApp({ ...stores, runner: inProcessRunner(nodeBotLoader), auth: 'optional' });
}, 60_000);

afterAll(async () => {
  await stopS3();
  await stopDb();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.request('http://127.0.0.1/v1/matches', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function listAll(bot: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = (await (
      await app.request(`http://127.0.0.1/v1/matches?bot=${bot}&limit=20${cursor ? `&cursor=${cursor}` : ''}`)
    ).json()) as { items: { id: string }[]; cursor: string | null };
    ids.push(...page.items.map((i) => i.id));
    cursor = page.cursor;
  } while (cursor);
  return ids;
}

describe('concurrency', () => {
  it('50 concurrent POSTs give 50 complete matches, none lost, none twice', async () => {
    const bot = `// concurrency ${Date.now()}\n${idle}`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, k) => post({ game: 'icy', seed: k, red: { js: bot }, blue: { js: idle } })),
    );
    expect(responses.map((r) => r.status)).toEqual(new Array(50).fill(201));
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(50);
    const listed = await listAll(await sha256Hex(new TextEncoder().encode(bot)));
    expect(listed.sort()).toEqual([...ids].sort());
    for (const id of ids.slice(0, 10))
      expect((await app.request(`http://127.0.0.1/v1/matches/${id}/replay`)).status).toBe(200);
  }, 120_000);

  it('concurrent POSTs with one Idempotency-Key make one match', async () => {
    const body = { game: 'icy', seed: 99, red: { js: `// once ${Date.now()}\n${idle}` }, blue: { js: idle } };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(body, { 'Idempotency-Key': 'just-once' })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const ids = new Set(
      await Promise.all(
        responses.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { id: string }).id),
      ),
    );
    expect(ids.size).toBe(1);
    const again = await post(body, { 'Idempotency-Key': 'just-once' });
    expect(((await again.json()) as { id: string }).id).toBe([...ids][0]);
    expect(await listAll(await sha256Hex(new TextEncoder().encode(body.red.js)))).toEqual([...ids]);
  }, 60_000);
});

describe('storage faults', () => {
  it('S3 down: a clear 503, no record without its replay, and a retry with the same key completes once', async () => {
    const bot = `// s3 fault ${Date.now()}\n${idle}`;
    const body = { game: 'icy', seed: 5, red: { js: bot }, blue: { js: idle } };
    await stopS3();
    const failed = await post(body, { 'Idempotency-Key': 's3-down' });
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe('STORAGE_UNAVAILABLE');
    expect(await listAll(await sha256Hex(new TextEncoder().encode(bot)))).toEqual([]);
    await startS3();
    const retried = await post(body, { 'Idempotency-Key': 's3-down' });
    expect(retried.status).toBe(201);
    const { id } = (await retried.json()) as { id: string };
    expect((await app.request(`http://127.0.0.1/v1/matches/${id}/replay`)).status).toBe(200);
    const once = await post(body, { 'Idempotency-Key': 's3-down' });
    expect(((await once.json()) as { id: string }).id).toBe(id);
    expect(await listAll(await sha256Hex(new TextEncoder().encode(bot)))).toEqual([id]);
  }, 60_000);

  it('DynamoDB down: a clear 503; after it is back, the retry completes the match once', async () => {
    const bot = `// dynamodb fault ${Date.now()}\n${idle}`;
    const body = { game: 'icy', seed: 6, red: { js: bot }, blue: { js: idle } };
    await stopDb();
    const failed = await post(body, { 'Idempotency-Key': 'db-down' });
    expect(failed.status).toBe(503);
    expect((await app.request('http://127.0.0.1/v1/matches/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(503);
    await startDb();
    const retried = await post(body, { 'Idempotency-Key': 'db-down' });
    expect(retried.status).toBe(201);
    const { id } = (await retried.json()) as { id: string };
    expect(await listAll(await sha256Hex(new TextEncoder().encode(bot)))).toEqual([id]);
  }, 60_000);
});
