import type { MatchRecord } from '../core/game-module.js';
import { gameById } from '../games/catalog.js';
import { initialRating, rankRatings, shown, type Rating, type ShownRating } from '../ratings/index.js';
import type { Entry, Leaderboard, RatingChange, ResultLine } from '../store/contract/leaderboards.js';
import { allResults } from './all-results.js';
import type { LeaderboardDeps } from './deps.js';
import { RATING_HISTORY } from './rate-match.js';
import { lineSeats } from './result-seats.js';

/** An entry's rating and record, as a replay of its matches builds them. */
interface Tally {
  rating: Rating;
  wins: number;
  losses: number;
  draws: number;
  played: number;
  history: RatingChange[];
}

/** A match as re-rating reads it: its line, and each seat's place (null when its record is gone: skipped). */
export interface RatedLine {
  readonly line: ResultLine;
  readonly ranks: readonly number[] | null;
}

/**
 * Every entry's rating and record from the board's matches, rated again one after the other in the
 * order they finished, void ones left out. Each match rates its seats against their ratings just
 * before it, exactly as rateOnce did when the board played one match at a time; so with nothing
 * void, the result is the ratings the board has. Pure: the same lines always give the same tallies.
 */
export function replayRatings(
  board: Leaderboard,
  botIds: readonly string[],
  lines: readonly RatedLine[],
): { tallies: Map<string, Tally>; lineRatings: Map<string, Record<string, ShownRating>> } {
  const tallies = new Map<string, Tally>(
    botIds.map((id) => [
      id,
      { rating: initialRating(board.rating), wins: 0, losses: 0, draws: 0, played: 0, history: [] },
    ]),
  );
  const lineRatings = new Map<string, Record<string, ShownRating>>();
  for (const { line, ranks } of lines) {
    if (line.void || !ranks) continue;
    const seats = lineSeats(line).map((s) => s.botId);
    if (seats.length !== ranks.length || seats.some((id) => !tallies.has(id))) continue;
    const after = rankRatings(
      board.rating,
      seats.map((id) => tallies.get(id)!.rating),
      ranks,
    );
    const best = Math.min(...ranks);
    const tiedBest = ranks.filter((r) => r === best).length;
    const changes: Record<string, ShownRating> = {};
    seats.forEach((id, k) => {
      const t = tallies.get(id)!;
      const won = ranks[k] === best && tiedBest === 1;
      const drew = ranks[k] === best && tiedBest > 1;
      const view = shown(after[k]!);
      t.rating = after[k]!;
      t.wins += won ? 1 : 0;
      t.draws += drew ? 1 : 0;
      t.losses += won || drew ? 0 : 1;
      t.played += 1;
      t.history.push({ match: line.match, at: line.finishedAt, ...view });
      changes[id] = view;
    });
    lineRatings.set(line.match, changes);
  }
  return { tallies, lineRatings };
}

/**
 * Re-rates a board: every entry's rating and record, and each result line's ratings, from its
 * non-void matches in finishing order (replayRatings). The caller makes sure no round is being
 * played meanwhile. How many matches were rated.
 */
export async function rerateBoard(deps: LeaderboardDeps, board: Leaderboard): Promise<{ matches: number }> {
  const game = gameById(board.game);
  const lines = await allResults(deps.leaderboards, board.id);
  const rated: RatedLine[] = [];
  for (const line of lines) {
    const record = line.void ? null : await deps.matches.get<MatchRecord>(line.match);
    rated.push({ line, ranks: record ? game.leaderboard.ranks(record) : null });
  }
  const entries = await deps.leaderboards.entries(board.id, { history: false });
  const { tallies, lineRatings } = replayRatings(
    board,
    entries.map((e) => e.botId),
    rated,
  );
  for (const line of lines) {
    const ratings = lineRatings.get(line.match);
    if (ratings && JSON.stringify(ratings) !== JSON.stringify(line.ratings))
      await deps.leaderboards.appendResult(board.id, { ...line, ratings });
  }
  for (const botId of tallies.keys()) await writeTally(deps, board.id, botId, tallies.get(botId)!);
  return { matches: lineRatings.size };
}

/** Writes an entry's new tally over its latest version (re-read if it changed meanwhile). */
async function writeTally(deps: LeaderboardDeps, boardId: string, botId: string, t: Tally): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [entry] = await deps.leaderboards.entriesOfBots(boardId, [botId]);
    if (!entry) return;
    const next: Entry = {
      ...entry,
      rating: t.rating,
      wins: t.wins,
      losses: t.losses,
      draws: t.draws,
      played: t.played,
      history: t.history.slice(-RATING_HISTORY),
      version: entry.version + 1,
    };
    if (await deps.leaderboards.putEntry(boardId, next, { replacesHistory: true })) return;
  }
  throw new Error(`leaderboard ${boardId}: entry of ${botId} kept changing during a re-rating`);
}
