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

describe('rating a match', () => {
  it("reads only its seats' entries, however many the board has, and moves only theirs", async () => {
    const stores = createMemoryStores();
    const board = newLeaderboard({ name: 'crowded', game: 'icy', rating: 'elo', owner: 'org' }, new Date(0));
    await stores.leaderboards.createBoard(board);
    const ids = Array.from({ length: 300 }, (_, k) => `bot_${String(k).padStart(3, '0')}`);
    for (const id of ids)
      await stores.leaderboards.addEntry(board.id, newEntry(board, { id, name: id, sha256: 'a'.repeat(64) }));
    const before = new Map((await stores.leaderboards.entries(board.id)).map((e) => [e.botId, e]));
    const { store, reads } = watched(stores.leaderboards);
    const deps = { ...stores, leaderboards: store } as unknown as LeaderboardDeps;
    const job = { board: board.id, round: 'round_1', index: 0, seats: ['bot_007', 'bot_250'], map: 'default' };

    await rateOnce(deps, board, job as unknown as RoundJob, {
      id: 'm_one',
      seats: ['bot_007', 'bot_250'],
      ranks: [1, 2],
      line: { winner: 'red' },
    });

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
});
