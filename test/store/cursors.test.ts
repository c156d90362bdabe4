import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultLine } from '../../src/store/contract/leaderboards.js';
import { createStores, ensureStorage, type AwsStores as Stores } from '../../src/store/aws/stores.js';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../src/local-aws/embedded.js';
import { code } from './error-code.js';

// Cursors the stores did not give out are BAD_CURSOR (the API's 400), never a storage failure.

let storage: EmbeddedStorage;
let stores: Stores;
const botA = 'a'.repeat(64);
const botB = 'b'.repeat(64);

beforeAll(async () => {
  storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), 'umpire-cursors-')), { log: () => undefined });
  stores = createStores(storage.config);
  await ensureStorage(stores);
  for (let i = 0; i < 5; i++) await stores.matches.create({ id: `m${i}`, createdAt: `2026-01-01T00:00:0${i}.000Z` }, [botA, botB]);
  for (let i = 0; i < 3; i++) {
    const line: ResultLine = { match: `m${i}`, round: 'r1', finishedAt: `2026-01-01T00:00:0${i}.000Z`, map: 'default', winner: 'draw', ratings: {} };
    await stores.leaderboards.appendResult('lb1', line);
  }
}, 30_000);

afterAll(async () => {
  await storage?.close();
});

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');


describe('listByBot cursors', () => {
  it('pages through a bot\'s matches with the cursors it gives', async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await stores.matches.listByBot<{ id: string; createdAt: string }>(botA, 2, cursor);
      ids.push(...page.items.map((r) => r.id));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(ids).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
  });

  it('valid JSON that is not a key, text that is not base64url or UTF-8, another bot\'s cursor: BAD_CURSOR', async () => {
    const bad = [
      cursorOf('"1"'),
      cursorOf('[]'),
      cursorOf('null'),
      cursorOf('1'),
      cursorOf('{}'),
      cursorOf('{"pk":{"S":"match#m1"}}'),
      cursorOf('{"pk":{"N":"1"},"sk":{"S":"bot#0"},"gsi1pk":{"S":"x"},"gsi1sk":{"S":"y"}}'),
      cursorOf('{"pk":{"S":"match#m1","N":"1"},"sk":{"S":"bot#0"},"gsi1pk":{"S":"x"},"gsi1sk":{"S":"y"}}'),
      cursorOf('{"pk":{"S":""},"sk":{"S":"bot#0"},"gsi1pk":{"S":"x"},"gsi1sk":{"S":"y"}}'),
      '!!not-base64!!',
      Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url'),
    ];
    for (const cursor of bad) expect(await code(stores.matches.listByBot(botA, 2, cursor)), cursor).toBe('BAD_CURSOR');
    const page = await stores.matches.listByBot(botB, 2);
    expect(await code(stores.matches.listByBot(botA, 2, page.cursor!))).toBe('BAD_CURSOR');
    expect(await code(stores.matches.listByBot(botB, 2, page.cursor!))).toBe('ok');
  });
});

describe('leaderboard result cursors', () => {
  it('pages with the cursors it gives; anything else is BAD_CURSOR', async () => {
    const first = await stores.leaderboards.results('lb1', undefined, 2);
    expect(first.lines.map((l) => l.match)).toEqual(['m0', 'm1']);
    const second = await stores.leaderboards.results('lb1', first.cursor!, 2);
    expect(second.lines.map((l) => l.match)).toEqual(['m2']);
    const none = await stores.leaderboards.results('lb1', second.cursor!, 2);
    expect(none).toEqual({ lines: [], cursor: second.cursor });
    for (const since of [cursorOf('"1"'), cursorOf('null'), cursorOf('result#'), cursorOf(`result#${'x'.repeat(1100)}`), '!!', Buffer.from([0xc3, 0x28]).toString('base64url')]) {
      expect(await code(stores.leaderboards.results('lb1', since, 2)), since).toBe('BAD_CURSOR');
    }
  });
});
