import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import type { MatchRecord } from '../../src/core/game-module.js';
import { bundleKey, gzip, logTurnsKey, logsKey, newMatchId, replayKey } from '../../src/match/digest.js';
import { matchObjectKey, storedReplayBytes } from '../../src/match/match-object.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import type { BlobMeta, BlobStore } from '../../src/store/contract/blobs.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';

// A match's replay, logs and the logs' turn marks are one stored object (one write, not three); a
// match stored before, with each in an object of its own, reads the same. In process, memory backend.

/** The memory blob store, with every put it is asked for written down. */
function countingBlobs(blobs: BlobStore): { blobs: BlobStore; puts: string[] } {
  const puts: string[] = [];
  return {
    puts,
    blobs: {
      ...blobs,
      get: (key) => blobs.get(key),
      getRange: (key, start, end) => blobs.getRange(key, start, end),
      put: (key: string, bytes: Uint8Array, meta: BlobMeta) => {
        puts.push(key);
        return blobs.put(key, bytes, meta);
      },
    },
  };
}

const memory = createMemoryStores();
const counted = countingBlobs(memory.blobs);
const app = createApp({ ...memory, blobs: counted.blobs, runner: inProcessRunner(nodeBotLoader), auth: 'optional' });

/** Logs on every third call; both seats send the same bot. */
const everyThird =
  'let n = 0;\nexport default () => { n++; if (n % 3 === 0) console.log("call " + n); return "idle\\nidle\\nidle\\nidle\\n"; }';

async function call(method: string, path: string, body?: unknown) {
  const r = await app.request(`http://127.0.0.1${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await r.text();
  return { status: r.status, text, body: JSON.parse(text) };
}

describe("a match's logs object", () => {
  it('holds the logs and the turn marks, one write with its replay for the match, one for its bundle', async () => {
    const played = await call('POST', '/v1/matches', {
      game: 'icy',
      red: { js: everyThird },
      blue: { js: everyThird },
    });
    expect(played.status, played.text).toBe(201);
    const id = played.body.id as string;
    const sha = played.body.bots.red.sha256 as string;
    expect(counted.puts.sort()).toEqual([bundleKey(sha), matchObjectKey(id)].sort());

    const logs = await call('GET', `/v1/matches/${id}/logs`);
    expect(logs.status, logs.text).toBe(200);
    expect(logs.body.red.split('\n')[0]).toBe('call 3');
    const seats = await call('GET', `/v1/matches/${id}/seats`);
    expect(seats.status, seats.text).toBe(200);
    const red = seats.body.items[0];
    expect(red.turns.length).toBe(60);
    expect(red.turns.at(-1)[1]).toBe(red.log.length);

    // The same match as an older version stored it: the replay, the logs alone, and the marks beside
    // them, three objects, and a record that names no part lengths.
    const { storedBytes: _, ...record } = (await memory.matches.get<MatchRecord>(id))!;
    const old = newMatchId();
    await memory.matches.create({ ...record, id: old }, []);
    const gzipMeta = { contentType: 'application/json', contentEncoding: 'gzip' };
    await memory.blobs.put(
      replayKey(old),
      (await storedReplayBytes(memory.blobs, { ...record, storedBytes: _ }))!,
      gzipMeta,
    );
    await memory.blobs.put(logsKey(old), await gzip(new TextEncoder().encode(JSON.stringify(logs.body))), gzipMeta);
    const turns = { seats: seats.body.items.map((s: { turns: unknown }) => ({ marks: s.turns })) };
    await memory.blobs.put(logTurnsKey(old), gzipSync(JSON.stringify(turns)), gzipMeta);
    expect((await call('GET', `/v1/matches/${old}/logs`)).body).toEqual(logs.body);
    expect((await call('GET', `/v1/matches/${old}/seats`)).body).toEqual(seats.body);
    const turnsText = async (match: string) => {
      const r = await app.request(`http://127.0.0.1/v1/matches/${match}/replay?format=turns`);
      expect(r.status).toBe(200);
      return r.text();
    };
    expect(await turnsText(old)).toBe(await turnsText(id));
    // Such an object as Workers' fetch hands it back, its gzip encoding undone: read the same.
    const undone = newMatchId();
    await memory.matches.create({ ...record, id: undone }, []);
    const replayGzip = (await storedReplayBytes(memory.blobs, { ...record, storedBytes: _ }))!;
    await memory.blobs.put(replayKey(undone), gunzipSync(replayGzip), { contentType: 'application/json' });
    expect(await turnsText(undone)).toBe(await turnsText(id));

    // The same bot sent again: its bundle is there already, and only the match's own objects are written.
    counted.puts.length = 0;
    const again = await call('POST', '/v1/matches', { game: 'icy', red: { js: everyThird }, blue: { js: everyThird } });
    expect(again.status, again.text).toBe(201);
    expect(counted.puts).toEqual([matchObjectKey(again.body.id)]);
  });
});
