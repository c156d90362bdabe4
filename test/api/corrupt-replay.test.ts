import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStores, type AwsStores as Stores } from '../../src/store/aws/stores.js';
import { runningEmbeddedStorage } from '../../src/local-aws/embedded.js';
import { createKey, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';
import { copyWithStoredParts } from '../support/stored-match.js';
import type { MatchRecord } from '../../src/core/game-module.js';
import { newMatchId } from '../../src/match/digest.js';
import { matchObjectKey } from '../../src/match/match-object.js';

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
      const played = await newMatch({ game: 'icy', seed: 1, red: { js: idle }, blue: { js: idle } });
      expect((await call(null, 'GET', `/v1/matches/${played}/replay?format=turns`)).status).toBe(200);
      const id = await copyWithStoredParts(stores, played, { replay: bytes });
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
    const played = await newMatch({ game: 'icy', seed: 2, red: { js: idle }, blue: { js: idle } });
    const sha = 'a'.repeat(64);
    const doc = {
      map: 'not a map',
      turns: [{ a: [] }],
      manifest: { rules: 'queue2011', bots: { red: { sha256: sha, kind: 'js' }, blue: { sha256: sha, kind: 'js' } } },
    };
    const id = await copyWithStoredParts(stores, played, { replay: gzipSync(JSON.stringify(doc)) });
    expectCorrupt(await call(null, 'GET', `/v1/matches/${id}/replay?format=turns`));
  }, 30_000);

  it('of the other games is REPLAY_CORRUPT on verify', async () => {
    const antsPlayed = await newMatch({
      game: 'ants',
      rounds: 10,
      red: { brain: 'Drop 0' },
      black: { brain: 'Drop 0' },
    });
    const ants = await copyWithStoredParts(stores, antsPlayed, { replay: gzipSync('[]') });
    expectCorrupt(await call(alice, 'POST', `/v1/matches/${ants}/verify`));
    const bdPlayed = await newMatch({
      game: 'blockdrop',
      seed: 1,
      bots: [{ js: idle }, { js: idle }, { js: idle }, { js: idle }],
    });
    const bd = await copyWithStoredParts(stores, bdPlayed, { replay: new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3]) });
    expectCorrupt(await call(alice, 'POST', `/v1/matches/${bd}/verify`));
  }, 60_000);

  it('logs object is REPLAY_CORRUPT for its owner', async () => {
    const played = await newMatch({ game: 'icy', seed: 3, red: { js: idle }, blue: { js: idle } });
    const shaped = await copyWithStoredParts(stores, played, { logs: gzipSync(JSON.stringify({ red: 7 })) });
    expectCorrupt(await call(alice, 'GET', `/v1/matches/${shaped}/logs`));
    const garbage = await copyWithStoredParts(stores, played, { logs: new TextEncoder().encode('garbage') });
    expectCorrupt(await call(alice, 'GET', `/v1/matches/${garbage}/logs`));
  }, 30_000);

  it('record whose part lengths are not lengths is REPLAY_CORRUPT; one longer than its object reads as missing', async () => {
    const played = await newMatch({ game: 'icy', seed: 4, red: { js: idle }, blue: { js: idle } });
    const record = (await stores.matches.get<MatchRecord>(played))!;
    const malformed = newMatchId();
    await stores.matches.create({ ...record, id: malformed, storedBytes: { replay: -1 } } as never, []);
    expectCorrupt(await call(null, 'GET', `/v1/matches/${malformed}/replay?format=turns`));
    expectCorrupt(await call(alice, 'POST', `/v1/matches/${malformed}/verify`));
    // An object shorter than its record says is not the object the record knew: missing, not a part of it.
    const object = (await stores.blobs.get(matchObjectKey(played)))!;
    const short = newMatchId();
    await stores.blobs.put(matchObjectKey(short), object, { contentType: 'application/octet-stream' });
    await stores.matches.create({ ...record, id: short, storedBytes: { replay: object.length + 1 } } as never, []);
    const r = await call(null, 'GET', `/v1/matches/${short}/replay`);
    expect(r.status).toBe(404);
    expect(r.body.error.message).toMatch(/missing/);
    expect((await call(null, 'GET', '/healthz')).status).toBe(200);
  }, 30_000);
});
