import type { Context, Hono } from 'hono';
import { gameById } from '../games/catalog.js';
import { allResults } from '../leaderboard/all-results.js';
import type { LeaderboardDeps } from '../leaderboard/deps.js';
import type { ApiKeyRecord, KeyStore } from '../store/contract/keys.js';
import type { Leaderboard } from '../store/contract/leaderboards.js';
import { readerOf, type AuthMode } from './auth.js';
import { readableBoard } from './board-access.js';
import { headToHeadCsv, matchesCsv, rankLines, standingsCsv, type Named } from './board-csv.js';
import { boardDocs } from './board-route-docs.js';
import { boardStandings, botIdVisibility, entryId, presentTable } from './leaderboard-views.js';

type Env = { Variables: { owner: ApiKeyRecord } };

/** A CSV answer, named for download. */
const csv = (c: Context<Env>, board: Leaderboard, what: string, text: string) =>
  c.body(text, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${board.id}-${what}.csv"`,
  });

/** A board's standings, matches and head-to-head table as CSV, for whoever may read the board. */
export function boardExportRoutes(app: Hono<Env>, deps: LeaderboardDeps & { keys: KeyStore; auth: AuthMode }): void {
  const readable = async (c: Context<Env>) => {
    const reader = await readerOf(deps.keys, deps.auth, c.req.header('Authorization'));
    return { board: await readableBoard(deps.leaderboards, c.req.param('id')!, reader), reader };
  };
  /** Entry ids and names by bot id, for every entry of the board. */
  const namesOf = async (board: Leaderboard) => {
    const entries = await deps.leaderboards.entries(board.id, { history: false });
    const named = new Map<string, Named>();
    for (const e of entries) named.set(e.botId, { entryId: await entryId(board.id, e.botId), name: e.name });
    return {
      entries,
      named: (botId: string): Named => named.get(botId) ?? { entryId: '', name: null },
    };
  };

  app.get('/v1/leaderboards/:id/standings.csv', boardDocs.standingsCsv, async (c) => {
    const { board, reader } = await readable(c);
    const entries = await deps.leaderboards.entries(board.id, { history: false });
    const rows = await presentTable(
      board.id,
      boardStandings(board, entries, false),
      botIdVisibility(deps.bots, reader),
    );
    return csv(c, board, 'standings', standingsCsv(rows));
  });

  app.get('/v1/leaderboards/:id/matches.csv', boardDocs.matchesCsv, async (c) => {
    const { board } = await readable(c);
    const { named } = await namesOf(board);
    const lines = await rankLines(deps.matches, gameById(board.game), await allResults(deps.leaderboards, board.id));
    return csv(c, board, 'matches', matchesCsv(lines, named));
  });

  app.get('/v1/leaderboards/:id/head-to-head.csv', boardDocs.headToHeadCsv, async (c) => {
    const { board } = await readable(c);
    const { entries, named } = await namesOf(board);
    const order = boardStandings(board, entries, false).map((r) => r.botId);
    const lines = await rankLines(deps.matches, gameById(board.game), await allResults(deps.leaderboards, board.id));
    return csv(c, board, 'head-to-head', headToHeadCsv(lines, order, named));
  });
}
