import type { Leaderboard, LeaderboardStore } from '../store/contract/leaderboards.js';

/** How often a change is applied again to a board another writer changed meanwhile. */
const ATTEMPTS = 8;

/**
 * Applies `change` to a board as stored, again on the fresh board whenever another writer changed it
 * in between, so concurrent edits each keep what they set. `change` sees the current board and
 * returns the next one, or throws to refuse. The board as written; null if it is gone or stayed contended.
 */
export async function changeBoard(
  store: LeaderboardStore,
  id: string,
  change: (board: Leaderboard) => Leaderboard,
): Promise<Leaderboard | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await store.getBoard(id);
    if (!current) return null;
    const next = change(current);
    if (await store.updateBoard(current, next)) return next;
  }
  return null;
}
