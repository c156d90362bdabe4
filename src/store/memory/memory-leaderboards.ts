import {
  boardIsListed,
  ENTRY_HISTORY_LIMIT,
  historyStart,
  type EntriesOptions,
  type PutEntryOptions,
  type BoardOfBot,
  type Entry,
  type Invite,
  type InviteRefusal,
  type Leaderboard,
  type LeaderboardStore,
  type ListedBoard,
  type RatingChange,
  type ResultLine,
  type Round,
} from '../contract/leaderboards.js';
import type { Page } from '../contract/page.js';
import type { Webhook } from '../contract/webhooks.js';
import { badCursor, decodeCursorText, encodeCursorText } from '../cursor-text.js';
import { Listings } from './listings.js';
import type { MemoryRounds } from './memory-rounds.js';

const LISTED = 'listed';
const RESULT = 'result#';
/** The longest result cursor taken, in bytes of its text (DynamoDB's sort key limit, so both backends take the same). */
const MAX_RESULT_KEY_BYTES = 1024;

interface StoredBoard {
  json: string;
  entryCount: number;
}

/**
 * The stored history with `next`'s changes put at their places: each history
 * ends with its entry's played-th change, so the stored changes older than
 * the first of `next`'s are kept, and the rest is `next`'s.
 */
function appendedHistory(stored: Entry, next: Entry): RatingChange[] {
  const kept = stored.history.slice(0, Math.max(0, historyStart(next) - historyStart(stored)));
  return [...kept, ...next.history];
}

/** Leaderboards in memory, with DynamoLeaderboardStore's orders, conditions and cursors. */
export class MemoryLeaderboardStore implements LeaderboardStore {
  private readonly boards = new Map<string, StoredBoard>();
  private readonly listed = new Listings<string>();
  /** Entries by board (sorted by bot id), and by bot (the boards it is on). */
  private readonly entriesOf = new Listings<Entry>();
  private readonly boardsOf = new Listings<string>();
  private readonly roundsOf = new Listings<string>();
  private readonly resultsOf = new Listings<ResultLine>();
  private readonly hooksOf = new Listings<Webhook>();
  private readonly invitesByHash = new Map<string, Invite>();
  private readonly inviteCounts = new Map<string, number>();

  constructor(private readonly rounds: MemoryRounds) {}

  async createBoard(board: Leaderboard): Promise<void> {
    if (this.boards.has(board.id)) return;
    this.boards.set(board.id, { json: JSON.stringify(board), entryCount: 0 });
    if (boardIsListed(board)) this.listed.put(LISTED, `${board.createdAt}#${board.id}`, board.id);
  }

  async updateBoard(previous: Leaderboard, next: Leaderboard): Promise<boolean> {
    const stored = this.boards.get(previous.id);
    if (!stored || stored.json !== JSON.stringify(previous) || next.id !== previous.id) return false;
    stored.json = JSON.stringify(next);
    const listing = `${next.createdAt}#${next.id}`;
    if (boardIsListed(next)) this.listed.put(LISTED, listing, next.id);
    else this.listed.delete(LISTED, listing);
    return true;
  }

  async getBoard(id: string): Promise<Leaderboard | null> {
    const stored = this.boards.get(id);
    return stored ? (JSON.parse(stored.json) as Leaderboard) : null;
  }

  async listBoards(limit: number, cursor?: string): Promise<Page<ListedBoard>> {
    const page = this.listed.page(LISTED, limit, cursor);
    const items = page.items.map((id) => {
      const stored = this.boards.get(id)!;
      return { board: JSON.parse(stored.json) as Leaderboard, entries: stored.entryCount };
    });
    return { items, cursor: page.cursor };
  }

  async addEntry(boardId: string, entry: Entry): Promise<boolean> {
    if (this.entry(boardId, entry.botId)) return false;
    this.writeEntry(boardId, entry);
    const board = this.boards.get(boardId);
    if (board) board.entryCount++;
    return true;
  }

  async entries(boardId: string, _options?: EntriesOptions): Promise<Entry[]> {
    return this.entriesOf.all(boardId).map((e) => e.item);
  }

  async entriesOfBots(boardId: string, botIds: readonly string[]): Promise<Entry[]> {
    return [...new Set(botIds)].flatMap((botId) => this.entry(boardId, botId) ?? []);
  }

  async boardsOfBot(botId: string): Promise<BoardOfBot[]> {
    return this.boardsOf.all(botId, true).map(({ item: boardId }) => ({ boardId, entry: this.entry(boardId, botId)! }));
  }

  async putEntry(boardId: string, entry: Entry, options: PutEntryOptions = {}): Promise<boolean> {
    const stored = this.entry(boardId, entry.botId);
    if (stored?.version !== entry.version - 1) return false;
    const history = options.replacesHistory ? entry.history : appendedHistory(stored, entry);
    this.writeEntry(boardId, { ...entry, history: history.slice(-ENTRY_HISTORY_LIMIT) });
    return true;
  }

  private entry(boardId: string, botId: string): Entry | undefined {
    return this.entriesOf.get(boardId, botId);
  }

  private writeEntry(boardId: string, entry: Entry): void {
    this.entriesOf.put(boardId, entry.botId, entry);
    this.boardsOf.put(entry.botId, boardId, boardId);
  }

  async putRound(boardId: string, round: Round): Promise<void> {
    this.rounds.put(boardId, round);
    this.roundsOf.put(boardId, `${round.createdAt}#${round.id}`, round.id);
  }

  async getRound(boardId: string, roundId: string): Promise<Round | null> {
    return this.rounds.get(boardId, roundId);
  }

  async reviseRound(boardId: string, round: Round): Promise<boolean> {
    return this.rounds.revise(boardId, round);
  }

  async latestRound(boardId: string): Promise<Round | null> {
    const newest = this.roundsOf.all(boardId, true)[0];
    return newest ? this.rounds.get(boardId, newest.item) : null;
  }

  async appendResult(boardId: string, line: ResultLine): Promise<void> {
    this.resultsOf.put(boardId, `${RESULT}${line.finishedAt}#${line.match}`, line);
  }

  async hasResult(boardId: string, finishedAt: string, match: string): Promise<boolean> {
    return this.resultsOf.get(boardId, `${RESULT}${finishedAt}#${match}`) !== undefined;
  }

  async recentResults(boardId: string, limit: number): Promise<ResultLine[]> {
    return this.resultsOf
      .all(boardId, true)
      .slice(0, limit)
      .map((r) => r.item);
  }

  async results(
    boardId: string,
    since: string | undefined,
    limit: number,
  ): Promise<{ lines: ResultLine[]; cursor: string | null }> {
    let after: string | null = null;
    if (since) {
      // The cursor is the key of the last line given: result#<finished at>#<match id>.
      after = decodeCursorText(since);
      if (
        !after.startsWith(RESULT) ||
        after.length === RESULT.length ||
        new TextEncoder().encode(after).length > MAX_RESULT_KEY_BYTES
      )
        throw badCursor();
    }
    const next = this.resultsOf
      .all(boardId)
      .filter((r) => after === null || r.key > after)
      .slice(0, limit);
    const last = next.length > 0 ? next[next.length - 1]!.key : after;
    return { lines: next.map((r) => r.item), cursor: last ? encodeCursorText(last) : null };
  }

  async addInvite(codeHash: string, invite: Invite, maxPerBoard: number): Promise<boolean> {
    const count = this.inviteCounts.get(invite.board) ?? 0;
    if (!this.boards.has(invite.board) || count >= maxPerBoard || this.invitesByHash.has(codeHash)) return false;
    this.inviteCounts.set(invite.board, count + 1);
    this.invitesByHash.set(codeHash, invite);
    return true;
  }

  async useInvite(codeHash: string, at: string): Promise<{ used: Invite } | { refused: InviteRefusal }> {
    const invite = this.invitesByHash.get(codeHash);
    if (!invite) return { refused: 'unknown' };
    if (invite.expiresAt !== undefined && at >= invite.expiresAt) return { refused: 'expired' };
    if (invite.uses >= invite.maxUses) return { refused: 'used-up' };
    const used = { ...invite, uses: invite.uses + 1 };
    this.invitesByHash.set(codeHash, used);
    return { used };
  }

  async addWebhook(boardId: string, hook: Webhook): Promise<void> {
    this.hooksOf.put(boardId, hook.id, hook);
  }

  async webhooks(boardId: string): Promise<Webhook[]> {
    return this.hooksOf.all(boardId).map((h) => h.item);
  }

  async deleteWebhook(boardId: string, hookId: string): Promise<boolean> {
    return this.hooksOf.delete(boardId, hookId);
  }
}
