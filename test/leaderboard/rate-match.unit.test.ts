import { describe, expect, it } from 'vitest';
import { newEntry, newLeaderboard } from '../../src/leaderboard/boards.js';
import type { LeaderboardDeps } from '../../src/leaderboard/deps.js';
import { rateOnce } from '../../src/leaderboard/rate-match.js';
import type { Entry, LeaderboardStore } from '../../src/store/contract/leaderboards.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';

/** The store with every read of entries recorded: whole-board reads, and the bots of each named read. */
function watched(store: LeaderboardStore) {
  const reads = { whole: 0, named: [] as string[][] };
  const watching = Object.create(store) as LeaderboardStore;
  watching.entries = (boardId) => {
    reads.whole++;
    return store.entries(boardId);
  };
  watching.entriesOfBots = (boardId, botIds) => {
    reads.named.push([...botIds]);
    return store.entriesOfBots(boardId, botIds);
  };
  return { store: watching, reads };
}

/** A board on the memory stores with a new entry for each of `ids`. */
async function boardWith(name: string, ids: readonly string[]) {
  const stores = createMemoryStores();
  const board = newLeaderboard({ name, game: 'icy', rating: 'elo', owner: 'org' }, new Date(0));
  await stores.leaderboards.createBoard(board);
  for (const id of ids)
    await stores.leaderboards.addEntry(board.id, newEntry(board, { id, name: id, sha256: 'a'.repeat(64) }));
  return { stores, board };
}

/** A round's job on `board` seating `seats`, as rating reads it. */
const jobOf = (board: string, seats: readonly string[]) =>
  ({ board, round: 'round_1', index: 0, seats: [...seats], map: 'default' }) as unknown as RoundJob;

/** Match `id` between `seats`, won by the first. */
const firstWins = (id: string, seats: readonly string[]) => ({
  id,
  seats: [...seats],
  ranks: [1, 2],
  line: { winner: 'red' },
});

describe('rating a match', () => {
  it("reads only its seats' entries, however many the board has, and moves only theirs", async () => {
    const ids = Array.from({ length: 300 }, (_, k) => `bot_${String(k).padStart(3, '0')}`);
    const { stores, board } = await boardWith('crowded', ids);
    const before = new Map((await stores.leaderboards.entries(board.id)).map((e) => [e.botId, e]));
    const { store, reads } = watched(stores.leaderboards);
    const deps = { ...stores, leaderboards: store } as unknown as LeaderboardDeps;
    const seats = ['bot_007', 'bot_250'];

    await rateOnce(deps, board, jobOf(board.id, seats), firstWins('m_one', seats));

    expect(reads.whole).toBe(0);
    expect(reads.named).toEqual([['bot_007', 'bot_250']]);
    const after = await stores.leaderboards.entries(board.id);
    const moved = after.filter((e) => JSON.stringify(e) !== JSON.stringify(before.get(e.botId)));
    expect(moved.map((e) => e.botId)).toEqual(['bot_007', 'bot_250']);
    const [winner, loser] = moved as [Entry, Entry];
    expect(winner).toMatchObject({ wins: 1, played: 1, version: 2 });
    expect(loser).toMatchObject({ losses: 1, played: 1, version: 2 });
    expect(winner.history.map((h) => h.match)).toEqual(['m_one']);
    expect((await stores.leaderboards.recentResults(board.id, 5)).map((l) => l.match)).toEqual(['m_one']);
  });

  it("finds a retried match's change in the whole history when the newest changes no longer have it", async () => {
    const seats = ['bot_a', 'bot_b'];
    const { stores, board } = await boardWith('retry', seats);
    const change = (match: string, n: number) => ({
      match,
      at: new Date(n * 1000).toISOString(),
      rating: 1000 + n,
      uncertainty: 50 + n,
    });
    // Both entries were rated with m_old (listed unconfirmed: its rating never completed), then 39 times more.
    for (const fresh of await stores.leaderboards.entries(board.id)) {
      const id = fresh.botId;
      const history = [
        change('m_old', id === 'bot_a' ? 1 : 2),
        ...Array.from({ length: 39 }, (_, k) => change(`m_${k}`, 10 + k)),
      ];
      await stores.leaderboards.putEntry(board.id, {
        ...fresh,
        played: 40,
        history,
        unconfirmed: ['m_old'],
        version: fresh.version + 1,
      });
    }
    // A store that gives only the newest changes with named entries, as the DynamoDB store may.
    const newest = Object.create(stores.leaderboards) as LeaderboardStore;
    newest.entriesOfBots = async (boardId, botIds) =>
      (await stores.leaderboards.entriesOfBots(boardId, botIds)).map((e) => ({ ...e, history: e.history.slice(-16) }));
    const deps = { ...stores, leaderboards: newest } as unknown as LeaderboardDeps;

    await rateOnce(deps, board, jobOf(board.id, seats), firstWins('m_old', seats));

    const [line] = await stores.leaderboards.recentResults(board.id, 5);
    expect(line!.ratings).toEqual({
      bot_a: { rating: 1001, uncertainty: 51 },
      bot_b: { rating: 1002, uncertainty: 52 },
    });
    // Not rated a second time.
    expect((await stores.leaderboards.entries(board.id)).map((e) => e.played)).toEqual([40, 40]);
  });

  describe('completion, marked by the result line', () => {
    const seats = ['bot_a', 'bot_b'];
    const job = (board: string) => jobOf(board, seats);
    const outcome = (id: string) => firstWins(id, seats);

    it('a retry after the webhooks were told but before the result line: told again, rated once, one line', async () => {
      const { stores, board } = await boardWith('pair', seats);
      const told: string[] = [];
      let crash = true;
      const leaderboards = Object.create(stores.leaderboards) as LeaderboardStore;
      leaderboards.appendResult = async (boardId, line) => {
        if (crash) throw new Error('the process died here');
        return stores.leaderboards.appendResult(boardId, line);
      };
      leaderboards.webhooks = async () => [{ id: 'hook_1', url: 'https://example.com/h', secret: 's' }] as never;
      const deps = {
        ...stores,
        leaderboards,
        notify: (list: { event: string }[]) => void told.push(...list.map((d) => d.event)),
      } as unknown as LeaderboardDeps;

      await expect(rateOnce(deps, board, job(board.id), outcome('m_1'))).rejects.toThrow('the process died here');
      crash = false;
      await rateOnce(deps, board, job(board.id), outcome('m_1'));
      // Told twice (at least once), rated once, one line; a third attempt finds the line and does nothing.
      expect(told.filter((e) => e === 'match.finished')).toHaveLength(2);
      await rateOnce(deps, board, job(board.id), outcome('m_1'));
      expect(told.filter((e) => e === 'match.finished')).toHaveLength(2);
      expect((await stores.leaderboards.entries(board.id)).map((e) => e.played)).toEqual([1, 1]);
      expect((await stores.leaderboards.recentResults(board.id, 5)).map((l) => l.match)).toEqual(['m_1']);
    });

    it('an entry forgets a match once its result line is stored, so its unconfirmed list stays short', async () => {
      const { stores, board } = await boardWith('pair', seats);
      const deps = stores as unknown as LeaderboardDeps;
      for (let k = 0; k < 12; k++) await rateOnce(deps, board, job(board.id), outcome(`m_${k}`));
      for (const entry of await stores.leaderboards.entries(board.id)) {
        expect(entry.played).toBe(12);
        expect(entry.unconfirmed!.length).toBeLessThanOrEqual(4);
        expect(entry.unconfirmed).toContain('m_11');
      }
    });
  });
});
