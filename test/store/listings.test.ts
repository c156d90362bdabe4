import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, Leaderboard, ResultLine } from '../../src/store/contract/leaderboards.js';
import { createStores, ensureStorage, type AwsStores as Stores } from '../../src/store/aws/stores.js';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../src/local-aws/embedded.js';
import type { BotRecord } from '../../src/store/contract/bots.js';
import type { Page } from '../../src/store/contract/page.js';
import { code } from './error-code.js';

// The listings the web pages read, in the one table's one index (byBot), on embedded DynamoDB (dynalite).

let storage: EmbeddedStorage;
let stores: Stores;

beforeAll(async () => {
  storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), 'umpire-listings-')), { log: () => undefined });
  stores = createStores(storage.config);
  await ensureStorage(stores);
}, 30_000);

afterAll(async () => {
  await storage?.close();
});

const at = (second: number) => `2026-02-01T00:00:${String(second).padStart(2, '0')}.000Z`;


/** Every item of a listing, page by page (`size` a page). */
async function all<T>(list: (limit: number, cursor?: string) => Promise<Page<T>>, size: number): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await list(size, cursor);
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
    pages++;
  } while (cursor);
  return { items, pages };
}

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

describe('listed matches (MatchStore.listRecent)', () => {
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) await stores.matches.create({ id: `pub${i}`, createdAt: at(i), public: true }, ['c'.repeat(64)], { listed: true });
    await stores.matches.create({ id: 'private', createdAt: at(9), public: false }, ['c'.repeat(64)]);
    await stores.matches.create({ id: 'unlisted', createdAt: at(8) }, ['c'.repeat(64)], { listed: false });
  });

  it('lists public matches only, newest first, page by page', async () => {
    const { items, pages } = await all((limit, cursor) => stores.matches.listRecent<{ id: string; createdAt: string }>(limit, cursor), 2);
    expect(items.map((r) => r.id)).toEqual(['pub4', 'pub3', 'pub2', 'pub1', 'pub0']);
    expect(pages).toBeGreaterThanOrEqual(3);
    // The bot's own listing still has every match it played.
    const byBot = await stores.matches.listByBot<{ id: string; createdAt: string }>('c'.repeat(64), 100);
    expect(byBot.items.map((r) => r.id)).toEqual(['private', 'unlisted', 'pub4', 'pub3', 'pub2', 'pub1', 'pub0']);
  });

  it('a cursor it did not give, or one of another listing, is BAD_CURSOR', async () => {
    for (const cursor of [cursorOf('{}'), '!!', cursorOf('{"pk":{"S":"x"},"sk":{"S":"y"},"gsi1pk":{"S":"bot#x"},"gsi1sk":{"S":"z"}}')]) {
      expect(await code(stores.matches.listRecent(2, cursor)), cursor).toBe('BAD_CURSOR');
    }
    const other = await stores.matches.listByBot('c'.repeat(64), 1);
    expect(await code(stores.matches.listRecent(2, other.cursor!))).toBe('BAD_CURSOR');
    const mine = await stores.matches.listRecent(1);
    expect(await code(stores.matches.listByBot('c'.repeat(64), 2, mine.cursor!))).toBe('BAD_CURSOR');
  });
});

const bot = (id: string, owner: string, second: number, shared?: boolean): BotRecord => ({
  id,
  name: `name ${id}`,
  kind: 'js',
  sha256: 'd'.repeat(64),
  bytes: 10,
  owner,
  ...(shared === undefined ? {} : { public: shared }),
  createdAt: at(second),
});

describe("bots (BotStore.listByOwner, listPublic)", () => {
  beforeAll(async () => {
    await stores.bots.create(bot('bot_alice0', 'alice', 0, true));
    await stores.bots.create(bot('bot_alice1', 'alice', 1, false));
    await stores.bots.create(bot('bot_alice2', 'alice', 2));
    await stores.bots.create(bot('bot_bob0', 'bob', 3, true));
    await stores.bots.create(bot('bot_bob1', 'bob', 4, false));
  });

  it("lists an owner's bots, newest first, and never another owner's", async () => {
    const { items } = await all((limit, cursor) => stores.bots.listByOwner('alice', limit, cursor), 2);
    expect(items.map((b) => b.id)).toEqual(['bot_alice2', 'bot_alice1', 'bot_alice0']);
    expect(items[2]).toMatchObject({ owner: 'alice', sha256: 'd'.repeat(64), public: true });
    expect((await stores.bots.listByOwner('carol', 10)).items).toEqual([]);
  });

  it('lists public bots of everyone without owner or sha256; made private they leave, made public they join', async () => {
    const first = await all((limit, cursor) => stores.bots.listPublic(limit, cursor), 1);
    expect(first.items).toEqual([
      { id: 'bot_bob0', name: 'name bot_bob0', kind: 'js', public: true, createdAt: at(3) },
      { id: 'bot_alice0', name: 'name bot_alice0', kind: 'js', public: true, createdAt: at(0) },
    ]);
    expect(await stores.bots.update({ ...bot('bot_bob0', 'bob', 3), public: false })).toBe(true);
    expect(await stores.bots.update({ ...bot('bot_alice1', 'alice', 1), public: true })).toBe(true);
    const after = await stores.bots.listPublic(10);
    expect(after.items.map((b) => b.id)).toEqual(['bot_alice1', 'bot_alice0']);
    // The owner's listing keeps its bots, with their new state.
    expect((await stores.bots.listByOwner('bob', 10)).items.map((b) => [b.id, b.public])).toEqual([['bot_bob1', false], ['bot_bob0', false]]);
    // A bot that does not exist is not updated, nor listed.
    expect(await stores.bots.update(bot('bot_ghost', 'bob', 5, true))).toBe(false);
    expect((await stores.bots.listPublic(10)).items.map((b) => b.id)).not.toContain('bot_ghost');
  });

  it("another listing's cursor is BAD_CURSOR", async () => {
    const alice = await stores.bots.listByOwner('alice', 1);
    expect(await code(stores.bots.listByOwner('bob', 1, alice.cursor!))).toBe('BAD_CURSOR');
    expect(await code(stores.bots.listPublic(1, alice.cursor!))).toBe('BAD_CURSOR');
    expect(await code(stores.bots.listByOwner('alice', 1, alice.cursor!))).toBe('ok');
  });
});

const board = (id: string, second: number, shared?: boolean): Leaderboard => ({
  id,
  name: `board ${id}`,
  game: 'icy',
  rating: 'elo',
  owner: 'alice',
  ...(shared === undefined ? {} : { public: shared }),
  createdAt: at(second),
});

const entry = (botId: string, rating: number, version = 1): Entry => ({
  botId,
  name: botId,
  sha256: 'e'.repeat(64),
  rating: { system: 'elo', rating } as unknown as Entry['rating'],
  wins: 0,
  losses: 0,
  draws: 0,
  played: 0,
  history: [],
  version,
});

describe('leaderboards (listBoards, boardsOfBot, latestRound, recentResults)', () => {
  beforeAll(async () => {
    await stores.leaderboards.createBoard(board('lb_pub0', 0, true));
    await stores.leaderboards.createBoard(board('lb_priv', 1, false));
    await stores.leaderboards.createBoard(board('lb_old', 2));
    await stores.leaderboards.createBoard(board('lb_pub1', 3, true));
  });

  it('lists public boards only, newest first, with their entry counts', async () => {
    await stores.leaderboards.addEntry('lb_pub0', entry('bot_x', 1000));
    await stores.leaderboards.addEntry('lb_pub0', entry('bot_y', 1000));
    expect(await stores.leaderboards.addEntry('lb_pub0', entry('bot_x', 1000))).toBe(false);
    const { items } = await all((limit, cursor) => stores.leaderboards.listBoards(limit, cursor), 1);
    expect(items.map((i) => [i.board.id, i.entries])).toEqual([
      ['lb_pub1', 0],
      ['lb_pub0', 2],
    ]);
    expect(items[0]!.board).toMatchObject({ name: 'board lb_pub1', public: true });
    expect(await code(stores.leaderboards.listBoards(1, cursorOf('[]')))).toBe('BAD_CURSOR');
  });

  it("lists every board a bot is on, and putEntry keeps it listed with the bot's new entry", async () => {
    await stores.leaderboards.addEntry('lb_priv', entry('bot_x', 1100));
    const found = await stores.leaderboards.boardsOfBot('bot_x');
    expect(found.map((f) => f.boardId).sort()).toEqual(['lb_priv', 'lb_pub0']);
    expect(await stores.leaderboards.putEntry('lb_priv', { ...entry('bot_x', 1200, 2), played: 1, wins: 1 })).toBe(true);
    const again = await stores.leaderboards.boardsOfBot('bot_x');
    expect(again.find((f) => f.boardId === 'lb_priv')!.entry).toMatchObject({ played: 1, wins: 1, version: 2 });
    expect(await stores.leaderboards.boardsOfBot('bot_nowhere')).toEqual([]);
  });

  it('finds the newest round with its counters, and the newest results first', async () => {
    expect(await stores.leaderboards.latestRound('lb_pub1')).toBeNull();
    await stores.leaderboards.putRound('lb_pub1', { id: 'round_b', total: 2, done: 0, failed: 0, createdAt: at(5) });
    await stores.leaderboards.putRound('lb_pub1', { id: 'round_a', total: 4, done: 0, failed: 0, createdAt: at(6) });
    await stores.leaderboards.putRound('lb_pub0', { id: 'round_c', total: 1, done: 0, failed: 0, createdAt: at(7) });
    expect(await stores.leaderboards.latestRound('lb_pub1')).toMatchObject({ id: 'round_a', total: 4, done: 0, failed: 0 });
    for (let i = 0; i < 12; i++) {
      const line: ResultLine = { match: `m${i}`, round: 'round_a', finishedAt: at(10 + i), map: 'default', winner: 'draw', ratings: {} };
      await stores.leaderboards.appendResult('lb_pub1', line);
    }
    const recent = await stores.leaderboards.recentResults('lb_pub1', 10);
    expect(recent.map((l) => l.match)).toEqual(['m11', 'm10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4', 'm3', 'm2']);
    expect(await stores.leaderboards.recentResults('lb_priv', 10)).toEqual([]);
  });
});
