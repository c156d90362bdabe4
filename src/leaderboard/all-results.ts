import type { LeaderboardStore, ResultLine } from '../store/contract/leaderboards.js';

/** Every result line of a board, in the order they finished, read a page at a time. */
export async function allResults(store: LeaderboardStore, boardId: string): Promise<ResultLine[]> {
  const lines: ResultLine[] = [];
  let since: string | undefined;
  for (;;) {
    const page = await store.results(boardId, since, 1000);
    lines.push(...page.lines);
    if (page.lines.length === 0 || !page.cursor) return lines;
    since = page.cursor;
  }
}
