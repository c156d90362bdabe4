import type { Rating, RatingSystem } from '../ratings/index.js';
import type { Webhook } from './webhooks.js';

interface BoardBase {
  readonly id: string;
  readonly name: string;
  readonly rating: RatingSystem;
  readonly owner: string;
  readonly createdAt: string;
}

export interface IcyLeaderboard extends BoardBase {
  readonly game: 'icy';
  readonly rules: 'queue2011' | 'icpc2010';
  /** Map names every pairing is played on. */
  readonly maps: readonly string[];
  readonly budgets: Readonly<Record<string, number>>;
}

/** Ants boards rank by points, as the 2004 judging did: 2 a win, 1 a draw. */
export interface AntsLeaderboard extends BoardBase {
  readonly game: 'ants';
  /** World names (`sample0`, `generated:N`) every pairing is played on, both ways round. */
  readonly worlds: readonly string[];
  readonly rounds: number;
}

/** Four-player boards: every set of four entries plays once from each seat. */
export interface BlockDropLeaderboard extends BoardBase {
  readonly game: 'blockdrop';
  readonly budgets: Readonly<Record<string, number>>;
}

/** Capture boards: every ordered pair of entries plays once (both colors). */
export interface CaptureLeaderboard extends BoardBase {
  readonly game: 'capture';
  readonly budgets: Readonly<Record<string, number>>;
}

export type Leaderboard = IcyLeaderboard | AntsLeaderboard | BlockDropLeaderboard | CaptureLeaderboard;

export interface RatingChange {
  readonly match: string;
  readonly at: string;
  readonly rating: number;
  readonly uncertainty: number;
}

export interface Entry {
  readonly botId: string;
  readonly name: string | null;
  readonly sha256: string;
  readonly rating: Rating;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly played: number;
  /** The latest rating changes, newest last (capped). */
  readonly history: readonly RatingChange[];
  /**
   * Matches rated into this entry that their rating ledger may not record yet
   * (a crash between the two writes): a retry finds them here, not rating twice.
   */
  readonly unconfirmed?: readonly string[];
  /** Optimistic concurrency: bumped by every write. */
  readonly version: number;
}

export interface Round {
  readonly id: string;
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly createdAt: string;
}

/** One finished leaderboard match, as the export endpoint gives it. */
export interface ResultLine {
  readonly match: string;
  readonly round: string;
  readonly finishedAt: string;
  /** The map (icy) or world (ants) played on. */
  readonly map: string;
  readonly red?: { readonly botId: string; readonly score: number };
  /** The second seat: `blue` in icy, `black` in ants. */
  readonly blue?: { readonly botId: string; readonly score: number };
  readonly black?: { readonly botId: string; readonly score: number };
  /** Block drop: the four players and the turn each fell in. */
  readonly players?: readonly { readonly botId: string; readonly fellAt: number | null }[];
  /** A color, a block-drop player id, or draw. */
  readonly winner: 'red' | 'blue' | 'black' | 'draw' | number;
  readonly ratings: Readonly<Record<string, { readonly rating: number; readonly uncertainty: number }>>;
}

export interface LeaderboardStore {
  createBoard(board: Leaderboard): Promise<void>;
  getBoard(id: string): Promise<Leaderboard | null>;
  /** Adds an entry; false if the bot is already on the board. */
  addEntry(boardId: string, entry: Entry): Promise<boolean>;
  entries(boardId: string): Promise<Entry[]>;
  /** Writes an entry if its stored version is still `version - 1`. */
  putEntry(boardId: string, entry: Entry): Promise<boolean>;
  putRound(boardId: string, round: Round): Promise<void>;
  getRound(boardId: string, roundId: string): Promise<Round | null>;
  appendResult(boardId: string, line: ResultLine): Promise<void>;
  addWebhook(boardId: string, hook: Webhook): Promise<void>;
  webhooks(boardId: string): Promise<Webhook[]>;
  /** Deletes a hook; false if the board has no such hook. */
  deleteWebhook(boardId: string, hookId: string): Promise<boolean>;
  /** Results in the order they finished, after `since` (a cursor from an earlier call). */
  results(boardId: string, since: string | undefined, limit: number): Promise<{ lines: ResultLine[]; cursor: string | null }>;
}
