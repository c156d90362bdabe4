import { initialRating } from '../ratings/index.js';
import type { Entry, Leaderboard } from '../store/contract/leaderboards.js';
import { newId } from './new-id.js';

/** A new board, with a fresh id. */
export function newLeaderboard(input: Omit<Leaderboard, 'id' | 'createdAt'>, now: Date): Leaderboard {
  return { ...input, id: newId('lb'), createdAt: now.toISOString() } as Leaderboard;
}

/** A board's game settings: everything but the service's own fields. */
export function boardSettings(board: Leaderboard): Readonly<Record<string, unknown>> {
  const {
    id: _id,
    name: _name,
    game: _game,
    rating: _rating,
    owner: _owner,
    createdAt: _createdAt,
    deadline: _deadline,
    frozenAt: _frozenAt,
    hidden: _hidden,
    teams: _teams,
    manifestSha256: _manifest,
    finalBoard: _finalBoard,
    finalOf: _finalOf,
    ...settings
  } = board;
  return settings;
}

/** A bot's entry on a board as it joins: the initial rating, nothing played. */
export function newEntry(board: Leaderboard, bot: { id: string; name: string | null; sha256: string }): Entry {
  return {
    botId: bot.id,
    name: bot.name,
    sha256: bot.sha256,
    rating: initialRating(board.rating),
    wins: 0,
    losses: 0,
    draws: 0,
    played: 0,
    history: [],
    version: 1,
  };
}

/** A frozen board's standings are final: no new rounds, no rating changes. */
export const boardIsFrozen = (board: Leaderboard): boolean => typeof board.frozenAt === 'string';
