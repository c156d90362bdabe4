import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyWithStoredParts } from '../support/stored-match.js';
import { createStores, type AwsStores as Stores } from '../../src/store/aws/stores.js';
import { runningEmbeddedStorage } from '../../src/local-aws/embedded.js';
import { CHASE_BOT } from '../sandbox/chase-bot.js';
import { useServer } from '../support/server.js';

// POST /v1/matches/:id/verify on a match a safety cap decided: the server (its own process,
// the default cap) plays a WebAssembly bot whose calls outrun their fuel (test/sandbox/chase-bot.ts).
// The record and replay say a cap decided it, and verify answers "not reproducible", never a
// mismatch. A fair match still verifies identical, and so does one stored before the cap
// moved to CPU time (its budgets carry the old `wallMs`).

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-verify-cap-'));
const server = useServer({ dataDir });
let stores: Stores;
beforeAll(async () => {
  stores = createStores(runningEmbeddedStorage(dataDir)!);
}, 60_000);

const idle = 'export default () => "idle\\nidle\\nidle\\nidle\\n"';

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.base}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function storedReplay(id: string): Promise<Record<string, any>> {
  const response = await fetch(`${server.base}/v1/matches/${id}/replay`);
  expect(response.status).toBe(200);
  // fetch undoes the Content-Encoding: gzip.
  return (await response.json()) as Record<string, any>;
}

describe('verify and the safety cap', () => {
  it('a match the cap decided is recorded so, and verify says it is not reproducible', async () => {
    const started = performance.now();
    const played = await call('POST', '/v1/matches', {
      game: 'icy',
      seed: 4,
      budgets: { turnFuel: 200_000_000 },
      red: { name: 'chase', wasm: Buffer.from(CHASE_BOT).toString('base64') },
      blue: { name: 'idle', js: idle },
    });
    expect(played.status).toBe(201);
    const record = played.body;
    expect(record).toMatchObject({ safetyCap: true, bots: { red: { safetyCap: true, timeouts: 4 } } });
    expect(record.bots.blue.safetyCap).toBeUndefined();
    // No time cap among the recorded budgets any more.
    expect(record.manifest.budgets).not.toHaveProperty('wallMs');

    const replay = await storedReplay(record.id);
    expect(replay.safetyCap).toBe(true);
    const capped = replay.turns
      .map((t: { c: { x?: string; safetyCap?: true }[] }) => t.c[0])
      .filter((c: { safetyCap?: true }) => c.safetyCap);
    expect(capped).toHaveLength(4);
    for (const c of capped)
      expect(c).toMatchObject({
        x: 'over_budget',
        d: expect.stringMatching(/^stopped by the safety cap \(\d+ ms of CPU time\)/),
      });

    const verified = await call('POST', `/v1/matches/${record.id}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      id: record.id,
      identical: null,
      reproducible: false,
      reason: 'SAFETY_CAP',
      safetyCap: { stored: true, rerun: true },
      firstDifferentTurn: null,
    });
    expect(verified.body.storedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(verified.body.rerunSha256).toMatch(/^[0-9a-f]{64}$/);
    // Two matches of four capped calls each (about a third of a second of CPU each), and the rest idle.
    expect(performance.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('a fair match is reproducible and identical', async () => {
    const played = await call('POST', '/v1/matches', { game: 'icy', seed: 5, red: { js: idle }, blue: { js: idle } });
    expect(played.status).toBe(201);
    expect(played.body.safetyCap).toBeUndefined();
    const verified = await call('POST', `/v1/matches/${played.body.id}/verify`);
    expect(verified.body).toMatchObject({ identical: true, reproducible: true, firstDifferentTurn: null });
    expect(verified.body.reason).toBeUndefined();
    expect(verified.body.storedSha256).toBe(verified.body.rerunSha256);
  }, 60_000);

  it('a replay stored with the old wall-clock budget (wallMs) still verifies identical', async () => {
    const played = await call('POST', '/v1/matches', { game: 'icy', seed: 6, red: { js: idle }, blue: { js: idle } });
    expect(played.status).toBe(201);
    const replay = await storedReplay(played.body.id);
    const old = { ...replay, manifest: { ...replay.manifest, budgets: { ...replay.manifest.budgets, wallMs: 5000 } } };
    const id = await copyWithStoredParts(stores, played.body.id, { replay: gzipSync(JSON.stringify(old)) });
    expect((await storedReplay(id)).manifest.budgets.wallMs).toBe(5000);
    const verified = await call('POST', `/v1/matches/${id}/verify`);
    expect(verified.body).toMatchObject({ identical: true, reproducible: true });
  }, 60_000);

  it('a stored replay whose flag is not `true` is compared as usual, never a crash', async () => {
    const played = await call('POST', '/v1/matches', { game: 'icy', seed: 7, red: { js: idle }, blue: { js: idle } });
    const replay = await storedReplay(played.body.id);
    const flagged = gzipSync(JSON.stringify({ ...replay, safetyCap: 'yes' }));
    const id = await copyWithStoredParts(stores, played.body.id, { replay: flagged });
    const verified = await call('POST', `/v1/matches/${id}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ identical: false, reproducible: true });
  }, 60_000);
});
