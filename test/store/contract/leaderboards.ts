import { describe, expect, it } from 'vitest';
import type { Entry, Leaderboard, ResultLine } from '../../../src/store/contract/leaderboards.js';
import type { Stores } from '../../../src/store/contract/stores.js';
import { code } from '../error-code.js';
import { at, cursorOf, first, uid } from './harness.js';

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

const line = (match: string, round: string, second: number): ResultLine => ({
  match,
  round,
  finishedAt: at(second),
  map: 'default',
  winner: 'draw',
  ratings: {},
});

/** LeaderboardStore: boards and their listing, entries under optimistic versions, rounds, results and their cursors, webhooks. */
export function leaderboardStoreContract(stores: () => Stores): void {
  const ids = { pub0: uid('lb_pub0'), priv: uid('lb_priv'), old: uid('lb_old'), pub1: uid('lb_pub1') };
  const botX = uid('bot_x');
  const botY = uid('bot_y');

  describe('LeaderboardStore boards and entries', () => {
    it('stores a board once, and lists public boards only, newest first, with their entry counts', async () => {
      await stores().leaderboards.createBoard(board(ids.pub0, 200, true));
      await stores().leaderboards.createBoard(board(ids.priv, 201, false));
      await stores().leaderboards.createBoard(board(ids.old, 202));
      await stores().leaderboards.createBoard(board(ids.pub1, 203, true));
      await stores().leaderboards.createBoard({ ...board(ids.pub1, 204, true), name: 'again' });
      expect(await stores().leaderboards.getBoard(ids.pub1)).toEqual(board(ids.pub1, 203, true));
      expect(await stores().leaderboards.getBoard(uid('lb_none'))).toBeNull();
      expect(await stores().leaderboards.addEntry(ids.pub0, entry(botX, 1000))).toBe(true);
      expect(await stores().leaderboards.addEntry(ids.pub0, entry(botY, 1000))).toBe(true);
      expect(await stores().leaderboards.addEntry(ids.pub0, entry(botX, 1500))).toBe(false);
      const items = await first((limit, cursor) => stores().leaderboards.listBoards(limit, cursor), 2, 1);
      expect(items.map((i) => [i.board.id, i.entries])).toEqual([
        [ids.pub1, 0],
        [ids.pub0, 2],
      ]);
      expect(items[0]!.board).toMatchObject({ name: `board ${ids.pub1}`, public: true });
      expect(await code(stores().leaderboards.listBoards(1, cursorOf('[]')))).toBe('BAD_CURSOR');
      expect(await code(stores().leaderboards.listBoards(1, '!!'))).toBe('BAD_CURSOR');
    });

    it('keeps the first entry of a bot; putEntry writes only the next version', async () => {
      expect((await stores().leaderboards.entries(ids.pub0)).find((e) => e.botId === botX)!.rating).toEqual(
        entry(botX, 1000).rating,
      );
      expect(await stores().leaderboards.putEntry(ids.pub0, { ...entry(botX, 1100, 2), played: 1 })).toBe(true);
      // A writer that read version 1 too loses: its write is not the next version any more.
      expect(await stores().leaderboards.putEntry(ids.pub0, { ...entry(botX, 900, 2), played: 1 })).toBe(false);
      expect(await stores().leaderboards.putEntry(ids.pub0, entry(botX, 900, 5))).toBe(false);
      expect(await stores().leaderboards.putEntry(ids.pub0, entry(uid('bot_absent'), 900, 1))).toBe(false);
      const entries = await stores().leaderboards.entries(ids.pub0);
      expect(entries.map((e) => e.botId).sort()).toEqual([botX, botY].sort());
      expect(entries.find((e) => e.botId === botX)).toMatchObject({ version: 2, played: 1 });
      expect(await stores().leaderboards.entries(uid('lb_none'))).toEqual([]);
    });

    it('reads only the named entries, in the order named, each at its latest version', async () => {
      const botZ = uid('bot_z');
      expect(await stores().leaderboards.addEntry(ids.pub0, entry(botZ, 1300))).toBe(true);
      const named = await stores().leaderboards.entriesOfBots(ids.pub0, [botZ, uid('bot_absent'), botX, botZ]);
      expect(named.map((e) => e.botId)).toEqual([botZ, botX]);
      expect(named[1]).toMatchObject({ version: 2, played: 1 });
      expect(await stores().leaderboards.entriesOfBots(ids.pub0, [])).toEqual([]);
      expect(await stores().leaderboards.entriesOfBots(uid('lb_none'), [botX])).toEqual([]);
      // More bots than one request of the cloud store reads (100): every one is found.
      const crowded = uid('lb_crowded');
      await stores().leaderboards.createBoard(board(crowded, 300));
      const many = Array.from({ length: 130 }, (_, k) => uid(`bot_many${k}`));
      for (const [k, botId] of many.entries()) await stores().leaderboards.addEntry(crowded, entry(botId, 1000 + k));
      const read = await stores().leaderboards.entriesOfBots(crowded, [...many].reverse());
      expect(read.map((e) => e.botId)).toEqual([...many].reverse());
      expect(read.map((e) => (e.rating as unknown as { rating: number }).rating)).toEqual(
        [...many].reverse().map((_, k) => 1129 - k),
      );
    });

    it("lists every board a bot is on, with the bot's latest entry there", async () => {
      await stores().leaderboards.addEntry(ids.priv, entry(botX, 1100));
      expect((await stores().leaderboards.boardsOfBot(botX)).map((f) => f.boardId).sort()).toEqual(
        [ids.pub0, ids.priv].sort(),
      );
      expect(await stores().leaderboards.putEntry(ids.priv, { ...entry(botX, 1200, 2), played: 1, wins: 1 })).toBe(
        true,
      );
      const again = await stores().leaderboards.boardsOfBot(botX);
      expect(again.find((f) => f.boardId === ids.priv)!.entry).toMatchObject({ played: 1, wins: 1, version: 2 });
      expect(await stores().leaderboards.boardsOfBot(uid('bot_nowhere'))).toEqual([]);
    });
  });

  describe('LeaderboardStore rounds, results and webhooks', () => {
    it('finds the newest round, and a round by id, with its counters', async () => {
      expect(await stores().leaderboards.latestRound(ids.old)).toBeNull();
      await stores().leaderboards.putRound(ids.old, {
        id: uid('round_b'),
        total: 2,
        done: 0,
        failed: 0,
        createdAt: at(205),
      });
      await stores().leaderboards.putRound(ids.old, {
        id: uid('round_a'),
        total: 4,
        done: 0,
        failed: 0,
        createdAt: at(206),
      });
      expect(await stores().leaderboards.latestRound(ids.old)).toMatchObject({
        id: uid('round_a'),
        total: 4,
        done: 0,
        failed: 0,
      });
      expect(await stores().leaderboards.getRound(ids.old, uid('round_b'))).toMatchObject({
        id: uid('round_b'),
        total: 2,
      });
      expect(await stores().leaderboards.getRound(ids.old, uid('round_none'))).toBeNull();
      expect(await stores().leaderboards.getRound(ids.pub0, uid('round_a'))).toBeNull();
    });

    it("revises a round's own fields from the revision before only, keeping its counters", async () => {
      const id = uid('round_revised');
      const job = { id: `${id}.0`, board: ids.old, round: id, seats: ['a', 'b'], map: '' };
      const plan = { matches: 10, batch: 2, batches: 10, scheduled: 0 };
      const round = { id, total: 0, done: 0, failed: 0, createdAt: at(207), schedule: 'ladder' as const, plan };
      await stores().leaderboards.putRound(ids.old, round);
      const first = { ...round, total: 2, plan: { ...plan, scheduled: 1 }, revision: 1 };
      expect(await stores().leaderboards.reviseRound(ids.old, first)).toBe(true);
      expect(await stores().leaderboards.reviseRound(ids.old, { ...round, total: 5, revision: 1 })).toBe(false);
      // Batches are to come: the progress says so, until the round ends or is cancelled.
      expect(await stores().roundJobs.finish(job, 'done')).toEqual({ total: 2, done: 1, failed: 0, continuing: true });
      const second = { ...first, cancelledAt: at(208), revision: 2 };
      expect(await stores().leaderboards.reviseRound(ids.old, second)).toBe(true);
      expect(await stores().leaderboards.reviseRound(ids.old, { ...second, revision: 2 })).toBe(false);
      expect(await stores().leaderboards.getRound(ids.old, id)).toEqual({ ...second, done: 1, failed: 0 });
      expect(await stores().leaderboards.reviseRound(ids.old, { ...round, id: uid('round_never'), revision: 1 })).toBe(
        false,
      );
    });

    it('gives the newest results first, and all of them in the order they finished through its cursors', async () => {
      for (let i = 0; i < 12; i++) await stores().leaderboards.appendResult(ids.pub1, line(`m${i}`, 'r', 210 + i));
      const recent = await stores().leaderboards.recentResults(ids.pub1, 10);
      expect(recent.map((l) => l.match)).toEqual(['m11', 'm10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4', 'm3', 'm2']);
      expect(await stores().leaderboards.recentResults(ids.priv, 10)).toEqual([]);
      const firstPage = await stores().leaderboards.results(ids.pub1, undefined, 5);
      expect(firstPage.lines.map((l) => l.match)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
      const rest = await stores().leaderboards.results(ids.pub1, firstPage.cursor!, 10);
      expect(rest.lines.map((l) => l.match)).toEqual(['m5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11']);
      // Past the last line, the cursor stays: a later call picks up whatever finished meanwhile.
      const none = await stores().leaderboards.results(ids.pub1, rest.cursor!, 10);
      expect(none).toEqual({ lines: [], cursor: rest.cursor });
      await stores().leaderboards.appendResult(ids.pub1, line('m12', 'r', 230));
      expect((await stores().leaderboards.results(ids.pub1, rest.cursor!, 10)).lines.map((l) => l.match)).toEqual([
        'm12',
      ]);
      expect(await stores().leaderboards.results(ids.priv, undefined, 10)).toEqual({ lines: [], cursor: null });
    });

    it('knows whether the result line of a match finished at a given time is stored', async () => {
      const stored = line('m_has', 'r', 240);
      expect(await stores().leaderboards.hasResult(ids.pub1, stored.finishedAt, 'm_has')).toBe(false);
      await stores().leaderboards.appendResult(ids.pub1, stored);
      expect(await stores().leaderboards.hasResult(ids.pub1, stored.finishedAt, 'm_has')).toBe(true);
      expect(await stores().leaderboards.hasResult(ids.pub1, at(241), 'm_has')).toBe(false);
      expect(await stores().leaderboards.hasResult(ids.priv, stored.finishedAt, 'm_has')).toBe(false);
    });

    it('a results cursor it did not give out is BAD_CURSOR', async () => {
      for (const since of [
        cursorOf('"1"'),
        cursorOf('null'),
        cursorOf('result#'),
        cursorOf(`result#${'x'.repeat(1100)}`),
        '!!',
        Buffer.from([0xc3, 0x28]).toString('base64url'),
      ]) {
        expect(await code(stores().leaderboards.results(ids.pub1, since, 2)), since).toBe('BAD_CURSOR');
      }
    });

    it("keeps a board's webhooks until deleted", async () => {
      const hook = (id: string) => ({
        id: uid(id),
        url: `https://example.com/${id}`,
        secret: 's'.repeat(32),
        createdAt: at(240),
      });
      await stores().leaderboards.addWebhook(ids.pub0, hook('hook_b'));
      await stores().leaderboards.addWebhook(ids.pub0, hook('hook_a'));
      expect((await stores().leaderboards.webhooks(ids.pub0)).map((h) => h.id).sort()).toEqual([
        uid('hook_a'),
        uid('hook_b'),
      ]);
      expect(await stores().leaderboards.webhooks(ids.priv)).toEqual([]);
      expect(await stores().leaderboards.deleteWebhook(ids.pub0, uid('hook_a'))).toBe(true);
      expect(await stores().leaderboards.deleteWebhook(ids.pub0, uid('hook_a'))).toBe(false);
      expect(await stores().leaderboards.deleteWebhook(ids.priv, uid('hook_b'))).toBe(false);
      expect(await stores().leaderboards.webhooks(ids.pub0)).toEqual([hook('hook_b')]);
    });
  });

  describe('LeaderboardStore board updates', () => {
    it('replaces a board only if it is still as read, listing or unlisting it, keeping its entry count', async () => {
      const id = uid('lb_upd');
      const created = board(id, 300, true);
      await stores().leaderboards.createBoard(created);
      expect(await stores().leaderboards.addEntry(id, entry(uid('bot_u'), 1000))).toBe(true);
      const listedIds = async () =>
        (await first((limit, cursor) => stores().leaderboards.listBoards(limit, cursor), 100, 50)).map(
          (i) => i.board.id,
        );
      expect(await listedIds()).toContain(id);
      const hidden: Leaderboard = { ...created, name: 'renamed', hidden: true };
      expect(await stores().leaderboards.updateBoard(created, hidden)).toBe(true);
      expect(await stores().leaderboards.getBoard(id)).toEqual(hidden);
      expect(await listedIds()).not.toContain(id);
      // A writer that read the board before the first update loses.
      expect(await stores().leaderboards.updateBoard(created, { ...created, name: 'lost' })).toBe(false);
      expect((await stores().leaderboards.getBoard(id))!.name).toBe('renamed');
      const shown: Leaderboard = { ...hidden, hidden: false };
      expect(await stores().leaderboards.updateBoard(hidden, shown)).toBe(true);
      const listed = await first((limit, cursor) => stores().leaderboards.listBoards(limit, cursor), 100, 50);
      expect(listed.find((i) => i.board.id === id)).toEqual({ board: shown, entries: 1 });
      expect(await stores().leaderboards.updateBoard(board(uid('lb_none'), 1), board(uid('lb_none'), 2))).toBe(false);
    });
  });

  describe('LeaderboardStore invites', () => {
    it('bounds the invites of a board, and counts uses up to the most allowed, until they expire', async () => {
      const id = uid('lb_inv');
      await stores().leaderboards.createBoard(board(id, 310));
      const invite = (n: number, maxUses: number, expiresAt?: string) => ({
        id: `${n}`.repeat(16).slice(0, 16),
        board: id,
        createdAt: at(310),
        maxUses,
        uses: 0,
        ...(expiresAt ? { expiresAt } : {}),
      });
      const hash = (n: number) => uid(`invite${n}`);
      expect(await stores().leaderboards.addInvite(hash(1), invite(1, 2), 2)).toBe(true);
      expect(await stores().leaderboards.addInvite(hash(2), invite(2, 5, at(400)), 2)).toBe(true);
      expect(await stores().leaderboards.addInvite(hash(3), invite(3, 5), 2)).toBe(false);
      expect(await stores().leaderboards.addInvite(hash(4), { ...invite(4, 5), board: uid('lb_none') }, 2)).toBe(false);
      expect(await stores().leaderboards.useInvite(hash(1), at(320))).toEqual({ used: { ...invite(1, 2), uses: 1 } });
      expect(await stores().leaderboards.useInvite(hash(1), at(321))).toEqual({ used: { ...invite(1, 2), uses: 2 } });
      expect(await stores().leaderboards.useInvite(hash(1), at(322))).toEqual({ refused: 'used-up' });
      expect(await stores().leaderboards.useInvite(hash(2), at(399))).toMatchObject({ used: { uses: 1 } });
      expect(await stores().leaderboards.useInvite(hash(2), at(400))).toEqual({ refused: 'expired' });
      expect(await stores().leaderboards.useInvite(hash(3), at(320))).toEqual({ refused: 'unknown' });
    });
  });

  describe('LeaderboardStore rating histories', () => {
    const change = (n: number, tag = 'm') => ({
      match: `${tag}_${String(n).padStart(5, '0')}`,
      at: at(1000 + n),
      rating: 1000 + n / 8,
      uncertainty: 300 - n / 16,
    });
    const changes = (from: number, to: number, tag?: string) =>
      Array.from({ length: to - from }, (_, k) => change(from + k, tag));

    /** Rates `botId` `count` times as rating does: reads the entry alone, appends one change, writes it back. */
    async function rate(boardId: string, botId: string, count: number, tag?: string): Promise<void> {
      for (let k = 0; k < count; k++) {
        const [e] = await stores().leaderboards.entriesOfBots(boardId, [botId]);
        const next = {
          ...e!,
          played: e!.played + 1,
          history: [...e!.history, change(e!.played, tag)],
          version: e!.version + 1,
        };
        expect(await stores().leaderboards.putEntry(boardId, next)).toBe(true);
      }
    }
    const whole = async (boardId: string, botId: string) =>
      (await stores().leaderboards.entries(boardId)).find((e) => e.botId === botId)!;
    /** A new board (`lb_<name>...`, created at `second`) with one new entry (`bot_<name>...`). */
    async function boardWithEntry(name: string, second: number): Promise<{ id: string; bot: string }> {
      const id = uid(`lb_${name}`);
      const bot = uid(`bot_${name}`);
      await stores().leaderboards.createBoard(board(id, second));
      await stores().leaderboards.addEntry(id, entry(bot, 1000));
      return { id, bot };
    }

    it('keeps every change of entries read with only their newest, up to the 500 newest', async () => {
      const { id, bot } = await boardWithEntry('hist', 400);
      let played = 0;
      for (const upTo of [1, 15, 16, 17, 31, 32, 33, 48, 100, 515]) {
        await rate(id, bot, upTo - played);
        played = upTo;
        const read = await whole(id, bot);
        expect(read.played).toBe(upTo);
        expect(read.history).toEqual(changes(Math.max(0, upTo - 500), upTo));
        const [newest] = await stores().leaderboards.entriesOfBots(id, [bot]);
        expect(newest!.history.length).toBeGreaterThanOrEqual(Math.min(upTo, 16));
        expect(read.history.slice(-newest!.history.length)).toEqual(newest!.history);
      }
      // Adding the bot again is refused and leaves its history as it was.
      const again = { ...entry(bot, 1000), played: 40, history: changes(0, 40, 'again') };
      expect(await stores().leaderboards.addEntry(id, again)).toBe(false);
      // Without histories, a board's entries are the same but for the older changes.
      const read = await whole(id, bot);
      expect(read.history).toEqual(changes(15, 515));
      const light = (await stores().leaderboards.entries(id, { history: false })).find((e) => e.botId === bot)!;
      expect({ ...light, history: [] }).toEqual({ ...read, history: [] });
      expect(light.history.length).toBeGreaterThanOrEqual(16);
      expect(read.history.slice(-light.history.length)).toEqual(light.history);
      const onBoards = await stores().leaderboards.boardsOfBot(bot);
      expect(onBoards.find((b) => b.boardId === id)!.entry.history.at(-1)).toEqual(change(514));
    });

    it('replaces a whole history when asked, and appends to it after', async () => {
      const { id, bot } = await boardWithEntry('rehist', 410);
      await rate(id, bot, 70);
      const before = await whole(id, bot);
      const rebuilt = { ...before, played: 40, history: changes(0, 40, 'r'), version: before.version + 1 };
      expect(await stores().leaderboards.putEntry(id, rebuilt, { replacesHistory: true })).toBe(true);
      expect((await whole(id, bot)).history).toEqual(changes(0, 40, 'r'));
      await rate(id, bot, 9, 'r');
      expect((await whole(id, bot)).history).toEqual(changes(0, 49, 'r'));
      // A replacement from a stale version is refused, and changes nothing.
      expect(await stores().leaderboards.putEntry(id, rebuilt, { replacesHistory: true })).toBe(false);
      expect((await whole(id, bot)).history).toEqual(changes(0, 49, 'r'));
    });

    it('keeps the winning change when two writers rate the same version into a new chunk', async () => {
      const { id, bot } = await boardWithEntry('race', 420);
      await rate(id, bot, 47);
      const [e] = await stores().leaderboards.entriesOfBots(id, [bot]);
      const next = (tag: string) => ({
        ...e!,
        played: 48,
        history: [...e!.history, change(47, tag)],
        version: e!.version + 1,
      });
      expect(await stores().leaderboards.putEntry(id, next('won'))).toBe(true);
      expect(await stores().leaderboards.putEntry(id, next('lost'))).toBe(false);
      expect((await whole(id, bot)).history).toEqual([...changes(0, 47), change(47, 'won')]);
      await rate(id, bot, 20);
      expect((await whole(id, bot)).history).toEqual([...changes(0, 47), change(47, 'won'), ...changes(48, 68)]);
    });
  });
}
