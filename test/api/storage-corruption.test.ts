import { cpSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStores } from '../../src/store/aws/stores.js';
import { runningEmbeddedStorage, startEmbeddedStorage } from '../../src/local-aws/embedded.js';
import { StoreError } from '../../src/store/contract/errors.js';
import { matchObjectKey } from '../../src/match/match-object.js';
import { startServer, type RunningServer } from '../support/server.js';

// Corrupt files in the data folder of `npm start` (dist/functions/node.js): the server
// starts anyway, answers /healthz, gives 503 for the storage requests the corruption
// touches, and never exits.

/** Starts the server on a corrupted copy of the data folder (one worker), to stop after the suite. */
async function startOn(dataDir: string): Promise<RunningServer> {
  const server = await startServer({ dataDir, env: { UMPIRE_WORKERS: '1' } });
  running.push(server);
  return server;
}

const idle = 'export default () => "idle"';
const seed = mkdtempSync(join(tmpdir(), 'umpire-corrupt-seed-'));
let matchId = '';
let botSha = '';
const running: RunningServer[] = [];

beforeAll(async () => {
  const server = await startServer({ dataDir: seed });
  try {
    const r = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'icy', seed: 3, red: { js: `// corruption\n${idle}` }, blue: { js: idle } }),
    });
    expect(r.status).toBe(201);
    const record = await r.json();
    matchId = record.id;
    botSha = record.bots.red.sha256;
  } finally {
    await server.stop();
  }
  // One more open turns LevelDB's log into a table file (.ldb), the file corrupted below.
  const storage = await startEmbeddedStorage(seed, { log: () => undefined });
  await storage.close();
  expect(readdirSync(join(seed, 'dynamodb')).some((f) => f.endsWith('.ldb'))).toBe(true);
}, 90_000);

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

function copyOfSeed(name: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), `umpire-corrupt-${name}-`)), 'data');
  cpSync(seed, dir, { recursive: true });
  return dir;
}

const metadataFile = (dir: string) =>
  join(dir, 's3', 'umpire-replays', 'matches', `${matchId}.gz._S3rver_metadata.json`);

function corruptMetadata(dir: string): void {
  statSync(metadataFile(dir));
  writeFileSync(metadataFile(dir), '{"content-type": "appl');
}

function corruptTableFile(dir: string): void {
  const ldb = readdirSync(join(dir, 'dynamodb')).filter((f) => f.endsWith('.ldb'));
  expect(ldb.length).toBeGreaterThan(0);
  for (const f of ldb) writeFileSync(join(dir, 'dynamodb', f), 'x'.repeat(statSync(join(dir, 'dynamodb', f)).size));
}

async function expect503(r: Response): Promise<void> {
  expect(r.status).toBe(503);
  const body = await r.json();
  expect(body.error.code).toBe('STORAGE_UNAVAILABLE');
  expect(typeof body.error.message).toBe('string');
}

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

describe('a corrupt data folder does not stop the server', () => {
  it('a corrupt object metadata file: the server starts; that object reads as 503, naming the file in the log; the rest works', async () => {
    const dir = copyOfSeed('metadata');
    corruptMetadata(dir);
    const server = await startOn(dir);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.base}/v1/matches/${matchId}`)).status).toBe(200);
    await expect503(await fetch(`${server.base}/v1/matches/${matchId}/replay`));
    expect(server.output()).toContain(`corrupt S3 object metadata ${metadataFile(dir)}`);
    const r = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'icy', red: { js: idle }, blue: { js: idle } }),
    });
    expect(r.status).toBe(201);
    expect((await fetch(`${server.base}/v1/matches/${(await r.json()).id}/replay`)).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  }, 60_000);

  it('a corrupt table file and a corrupt metadata file: /healthz answers, storage requests get 503, bad cursors 400, and the process lives', async () => {
    const dir = copyOfSeed('table');
    corruptMetadata(dir);
    corruptTableFile(dir);
    const server = await startOn(dir);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    await expect503(await fetch(`${server.base}/v1/matches/${matchId}`));
    await expect503(await fetch(`${server.base}/v1/matches?bot=${botSha}&limit=5`));
    await expect503(
      await fetch(`${server.base}/v1/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'icy', red: { js: idle }, blue: { js: idle } }),
      }),
    );
    for (const bad of [
      '"1"',
      '[]',
      'null',
      '{}',
      '{"pk":{"S":"x"}}',
      '{"pk":{"S":"a"},"sk":{"S":"b"},"gsi1pk":{"S":"bot#other"},"gsi1sk":{"S":"c"}}',
    ]) {
      const r = await fetch(`${server.base}/v1/matches?bot=${botSha}&cursor=${cursorOf(bad)}`);
      expect(r.status, bad).toBe(400);
      expect((await r.json()).error).toMatchObject({ code: 'BAD_CURSOR', details: { field: 'cursor' } });
    }
    expect((await fetch(`${server.base}/v1/matches?bot=${botSha}&cursor=%21%21`)).status).toBe(400);
    expect(server.output()).toContain(`embedded DynamoDB, data in ${join(dir, 'dynamodb')}`);

    // The object storage of the same folder still works, but for the corrupt object.
    const stores = createStores(runningEmbeddedStorage(dir)!);
    const error = await stores.blobs.get(matchObjectKey(matchId)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).message).toContain('corrupt');
    expect(await stores.blobs.get(`bundles/${botSha}`)).not.toBeNull();

    // Still serving, a few seconds and a restarted database worker later.
    await new Promise((r) => setTimeout(r, 1500));
    await expect503(await fetch(`${server.base}/v1/matches/${matchId}`));
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  }, 60_000);

  it('a database that cannot be opened at all: the server starts, logs the folder and why, and answers 503', async () => {
    const dir = copyOfSeed('current');
    writeFileSync(join(dir, 'dynamodb', 'CURRENT'), 'MANIFEST-999999\n');
    const server = await startOn(dir);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    await expect503(await fetch(`${server.base}/v1/matches/${matchId}`));
    expect(server.output()).toContain(`embedded DynamoDB, data in ${join(dir, 'dynamodb')}: cannot open the database`);
    expect(server.process.exitCode).toBeNull();
  }, 60_000);
});
