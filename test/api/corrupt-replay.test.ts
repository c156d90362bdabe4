import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { logsKey, replayKey } from '../../src/match/digest.js';
import { createStores, type AwsStores as Stores } from '../../src/store/aws/stores.js';
import { runningEmbeddedStorage } from '../../src/local-aws/embedded.js';
import { createKey, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// Replays and logs overwritten in storage (signed with the data folder's credentials, as
// `umpire keys create` does) are answered REPLAY_CORRUPT (500), never an unhandled error.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-corrupt-replay-'));
const server = useServer({ dataDir, env: { AUTH: 'required' } });
let alice: TestKey;
let stores: Stores;
const call = keyedClient(() => server.base);

beforeAll(async () => {
  alice = await createKey(dataDir, 'alice');
  stores = createStores(runningEmbeddedStorage(dataDir)!);
}, 60_000);

const idle = 'export default () => "idle"';
const GZIP_JSON = { contentType: 'application/json', contentEncoding: 'gzip' };

async function newMatch(body: Record<string, unknown>): Promise<string> {
  const r = await call(alice, 'POST', '/v1/matches', body);
  expect(r.status).toBe(201);
  return r.body.id;
}

function expectCorrupt(r: { status: number; body: any; text: string }) {
  expect(r.status).toBe(500);
  expect(r.body.error.code).toBe('REPLAY_CORRUPT');
  expect(r.body.error.message).toMatch(/is corrupt/);
  expect(r.text).not.toMatch(/\n\s+at /);
}

describe('a corrupt replay object', () => {
  const corruptions: [string, Uint8Array][] = [
    ['bytes that are not gzip', new TextEncoder().encode('not gzip at all')],
    ['gzip of text that is not JSON', gzipSync('{"turns": [')],
    ['gzip of JSON of another shape', gzipSync(JSON.stringify({ hello: 'world' }))],
    [
      'a replay whose rules name a prototype property',
      gzipSync(JSON.stringify({ map: 'x', turns: [], manifest: { rules: 'constructor', bots: {} } })),
    ],
  ];

  it.each(corruptions)(
    'is REPLAY_CORRUPT for ?format=turns and verify: %s',
    async (_, bytes) => {
      const id = await newMatch({ game: 'icy', seed: 1, red: { js: idle }, blue: { js: idle } });
      expect((await call(null, 'GET', `/v1/matches/${id}/replay?format=turns`)).status).toBe(200);
      await stores.blobs.put(replayKey(id), bytes, GZIP_JSON);
      expectCorrupt(await call(null, 'GET', `/v1/matches/${id}/replay?format=turns`));
      expectCorrupt(await call(alice, 'POST', `/v1/matches/${id}/verify`));
      // The raw replay is still served as stored.
      const raw = await fetch(`${server.base}/v1/matches/${id}/replay`);
      expect(raw.status).toBe(200);
      expect((await call(null, 'GET', '/healthz')).status).toBe(200);
    },
    30_000,
  );

  it('of a JSON document whose map does not parse is REPLAY_CORRUPT too', async () => {
    const id = await newMatch({ game: 'icy', seed: 2, red: { js: idle }, blue: { js: idle } });
    const sha = 'a'.repeat(64);
    const doc = {
      map: 'not a map',
      turns: [{ a: [] }],
      manifest: { rules: 'queue2011', bots: { red: { sha256: sha, kind: 'js' }, blue: { sha256: sha, kind: 'js' } } },
    };
    await stores.blobs.put(replayKey(id), gzipSync(JSON.stringify(doc)), GZIP_JSON);
    expectCorrupt(await call(null, 'GET', `/v1/matches/${id}/replay?format=turns`));
  }, 30_000);

  it('of the other games is REPLAY_CORRUPT on verify', async () => {
    const ants = await newMatch({ game: 'ants', rounds: 10, red: { brain: 'Drop 0' }, black: { brain: 'Drop 0' } });
    await stores.blobs.put(replayKey(ants), gzipSync('[]'), GZIP_JSON);
    expectCorrupt(await call(alice, 'POST', `/v1/matches/${ants}/verify`));
    const bd = await newMatch({
      game: 'blockdrop',
      seed: 1,
      bots: [{ js: idle }, { js: idle }, { js: idle }, { js: idle }],
    });
    await stores.blobs.put(replayKey(bd), new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3]), GZIP_JSON);
    expectCorrupt(await call(alice, 'POST', `/v1/matches/${bd}/verify`));
  }, 60_000);

  it('logs object is REPLAY_CORRUPT for its owner', async () => {
    const id = await newMatch({ game: 'icy', seed: 3, red: { js: idle }, blue: { js: idle } });
    await stores.blobs.put(logsKey(id), gzipSync(JSON.stringify({ red: 7 })), GZIP_JSON);
    expectCorrupt(await call(alice, 'GET', `/v1/matches/${id}/logs`));
    await stores.blobs.put(logsKey(id), new TextEncoder().encode('garbage'), GZIP_JSON);
    expectCorrupt(await call(alice, 'GET', `/v1/matches/${id}/logs`));
  }, 30_000);
});
