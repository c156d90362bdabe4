import type { Rating, RatingSystem } from '../../ratings/index.js';
import type { Page } from './page.js';
import type { Webhook } from './webhooks.js';

/**
 * A leaderboard: the service's fields, then its game's settings (parsed by
 * the game module's leaderboard.settings: maps, rules, budgets, worlds...).
 */
export interface Leaderboard {
  readonly id: string;
  readonly name: string;
  readonly game: string;
  readonly rating: RatingSystem;
  readonly owner: string;
  readonly createdAt: string;
  /** After it (ISO time), entries are refused and versions uploaded later never play on the board. */
  readonly deadline?: string;
  /** When the organizer froze the board (ISO): its standings are final from then on. */
  readonly frozenAt?: string;
  /** A hidden board is not listed, and only its owner and entrants see it. */
  readonly hidden?: boolean;
  /** Team keys the owner minted (ApiKeyRecord.createdBy) may enter their own bots. */
  readonly teams?: boolean;
  /** The SHA-256 of the manifest published when the board was frozen. */
  readonly manifestSha256?: string;
  /** The board of this board's final (a round robin among its top entries), and the other way round. */
  readonly finalBoard?: string;
  readonly finalOf?: string;
  readonly [setting: string]: unknown;
}

/**
 * Whether an entry is scheduled: `active` (absent on entries stored before
 * entries had a status) plays; the others are left out of new rounds, with
 * the reason shown to the entry's team.
 */
export type EntryStatus = 'active' | 'disabled' | 'banned' | 'removed';

/** An entry's status; entries stored before statuses existed are active. */
export const entryStatusOf = (entry: Entry): EntryStatus => entry.status ?? 'active';

export interface RatingChange {
  readonly match: string;
  readonly at: string;
  readonly rating: number;
  readonly uncertainty: number;
}

/** The most rating changes an entry keeps. */
export const ENTRY_HISTORY_LIMIT = 500;

/** Whether entries() reads every entry's whole rating history (the default) or only what is at hand. */
export interface EntriesOptions {
  readonly history?: boolean;
}

/**
 * The ordinal of an entry's first change as given (its n-th rated match is change n - 1): the
 * history ends with the entry's played-th change (or is longer than `played` says, and starts at 0).
 */
export const historyStart = (entry: Entry): number =>
  Math.max(entry.played, entry.history.length) - entry.history.length;

/** How putEntry takes an entry's history: appended to (the default), or replaced whole (a re-rating). */
export interface PutEntryOptions {
  readonly replacesHistory?: boolean;
}

export interface Entry {
  readonly botId: string;
  readonly name: string | null;
  readonly sha256: string;
  /** Absent: active. */
  readonly status?: EntryStatus;
  /** Why the entry is not active, shown to its team. */
  readonly reason?: string;
  /** The bot version this entry plays; absent: the bot's latest valid version (before the board's deadline). */
  readonly pin?: number;
  /** The id of the key that entered it, and that key's team (a team key's entry). */
  readonly enteredBy?: string;
  readonly team?: string;
  readonly rating: Rating;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly played: number;
  /**
   * The latest rating changes, newest last, the newest being the entry's
   * `played`-th (at most ENTRY_HISTORY_LIMIT; entriesOfBots and boardsOfBot
   * may give only the newest of them).
   */
  readonly history: readonly RatingChange[];
  /**
   * Matches rated into this entry that their rating ledger may not record yet
   * (a crash between the two writes): a retry finds them here, not rating twice.
   */
  readonly unconfirmed?: readonly string[];
  /** Optimistic concurrency: bumped by every write. */
  readonly version: number;
}

/** How a round picks its matches. */
export const SCHEDULE_KINDS = ['round-robin', 'swiss', 'ladder'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/**
 * A continuing round's plan (a ladder, Swiss rounds): it is scheduled in
 * batches, each picked when the previous one has finished.
 */
export interface RoundPlan {
  /** Most matches in all. */
  readonly matches: number;
  /** Most matches in one batch. */
  readonly batch: number;
  /** Most batches (a Swiss round is one batch). */
  readonly batches: number;
  /** Batches scheduled so far. */
  readonly scheduled: number;
  /** Set when no batch follows: its matches were played, it was cancelled, or no pair was left. */
  readonly ended?: boolean;
}

export interface Round {
  readonly id: string;
  /** Jobs scheduled (a continuing round: so far). */
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  /** Jobs not played because the round was cancelled; absent: none. */
  readonly cancelled?: number;
  readonly createdAt: string;
  /** Absent: a round robin (rounds stored before rounds had a schedule). */
  readonly schedule?: ScheduleKind;
  readonly plan?: RoundPlan;
  /** When its owner cancelled it (ISO): jobs not yet started are not played. */
  readonly cancelledAt?: string;
  /** Bumped by every reviseRound; absent: 0. */
  readonly revision?: number;
}

/**
 * One finished leaderboard match, as the export endpoint gives it: the
 * service's fields, and its game's (seats with bot ids and scores, winner).
 */
export interface ResultLine {
  readonly match: string;
  readonly round: string;
  readonly finishedAt: string;
  /** The map or world played on; empty for games without any. */
  readonly map: string;
  readonly ratings: Readonly<Record<string, { readonly rating: number; readonly uncertainty: number }>>;
  /** Set when the organizer voided the match: its result counts in no rating (re-rated without it). */
  readonly void?: { readonly reason: string; readonly at: string };
  readonly [field: string]: unknown;
}

/** A listed board and how many entries it has. */
export interface ListedBoard {
  readonly board: Leaderboard;
  readonly entries: number;
}

/** A board a bot is on, and its entry there. */
export interface BoardOfBot {
  readonly boardId: string;
  readonly entry: Entry;
}

/** An invite code of a board, as stored: never the code itself, only its hash (the key it is stored under). */
export interface Invite {
  /** Public id: the first 16 hex digits of the code's sha256. */
  readonly id: string;
  readonly board: string;
  readonly createdAt: string;
  /** How many team keys it may mint, and how many it has. */
  readonly maxUses: number;
  readonly uses: number;
  /** After it (ISO), the code is refused. */
  readonly expiresAt?: string;
}

/** Why an invite code was not used. */
export type InviteRefusal = 'unknown' | 'used-up' | 'expired';

/** Whether listBoards lists a board: public, and not hidden. */
export const boardIsListed = (board: Leaderboard): boolean => board.public === true && board.hidden !== true;

export interface LeaderboardStore {
  /** Stores a new board; a listed one (boardIsListed) is listed by listBoards. */
  createBoard(board: Leaderboard): Promise<void>;
  getBoard(id: string): Promise<Leaderboard | null>;
  /**
   * Replaces a board with `next` if it is still exactly `previous` (as getBoard read it), listing or
   * unlisting it as `next` says; false if it changed meanwhile or is gone. Its entry count is kept.
   */
  updateBoard(previous: Leaderboard, next: Leaderboard): Promise<boolean>;
  /** Listed (public) boards, newest first, with their entry counts. */
  listBoards(limit: number, cursor?: string): Promise<Page<ListedBoard>>;
  /** Adds an entry; false if the bot is already on the board. */
  addEntry(boardId: string, entry: Entry): Promise<boolean>;
  /**
   * Every entry of the board, each with its rating history, or with `history: false` with
   * only as much of it as the store keeps at hand (at least the newest 16 changes, as
   * entriesOfBots): a table, a schedule or a check has no use for the rest.
   */
  entries(boardId: string, options?: EntriesOptions): Promise<Entry[]>;
  /**
   * The entries of these bots on the board, in the order of `botIds` (a bot named
   * twice given once; a bot not on the board left out), each as its latest write
   * left it, with at least the newest 16 changes of its history (all of them, or only
   * those). What rating a match needs: its seats, not the whole board.
   */
  entriesOfBots(boardId: string, botIds: readonly string[]): Promise<Entry[]>;
  /** Every board the bot is an entry of, with that entry (its history as entriesOfBots gives it). */
  boardsOfBot(botId: string): Promise<BoardOfBot[]>;
  /**
   * Writes an entry if its stored version is still `version - 1`. Its history
   * is the newest changes, up to its `played`-th: the changes stored before
   * them are kept (up to ENTRY_HISTORY_LIMIT in all), so an entry read with
   * only its newest changes can be written back with one more. With
   * `replacesHistory`, the history given is the whole of it.
   */
  putEntry(boardId: string, entry: Entry, options?: PutEntryOptions): Promise<boolean>;
  putRound(boardId: string, round: Round): Promise<void>;
  getRound(boardId: string, roundId: string): Promise<Round | null>;
  /**
   * Rewrites a round's own fields (not its done, failed and cancelled counters)
   * if its stored revision is `round.revision - 1`; false if another write
   * came first, or the round is gone.
   */
  reviseRound(boardId: string, round: Round): Promise<boolean>;
  /** The board's newest round (by createdAt), with its counters; null if it has none. */
  latestRound(boardId: string): Promise<Round | null>;
  appendResult(boardId: string, line: ResultLine): Promise<void>;
  /** Whether the result line of `match`, finished at `finishedAt`, is stored (the mark of a complete rating). */
  hasResult(boardId: string, finishedAt: string, match: string): Promise<boolean>;
  /** The newest `limit` result lines, newest first. */
  recentResults(boardId: string, limit: number): Promise<ResultLine[]>;
  addWebhook(boardId: string, hook: Webhook): Promise<void>;
  webhooks(boardId: string): Promise<Webhook[]>;
  /** Deletes a hook; false if the board has no such hook. */
  deleteWebhook(boardId: string, hookId: string): Promise<boolean>;
  /** Stores an invite under its code's hash, unless its board has `maxPerBoard` invites already (false) or is gone. */
  addInvite(codeHash: string, invite: Invite, maxPerBoard: number): Promise<boolean>;
  /** Counts one use of an invite, if it has uses left and has not expired at `at`: the invite as counted, or why not. */
  useInvite(codeHash: string, at: string): Promise<{ readonly used: Invite } | { readonly refused: InviteRefusal }>;
  /** Results in the order they finished, after `since` (a cursor from an earlier call). */
  results(
    boardId: string,
    since: string | undefined,
    limit: number,
  ): Promise<{ lines: ResultLine[]; cursor: string | null }>;
}
