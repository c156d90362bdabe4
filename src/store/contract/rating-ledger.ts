import type { Rating, ShownRating } from '../../ratings/index.js';

/** How far the rating of one match got: kept so a retry after a crash finishes it without rating anything twice. */
export interface LedgerState {
  /** When the match was rated (its result line's finishedAt), fixed by the first attempt. */
  readonly at: string;
  /** Each seat's rating before the match, by bot id: what every seat is rated against. */
  readonly before: Readonly<Record<string, Rating>>;
  /**
   * Seats whose entry is updated, by bot id, with the rating shown after: recorded by versions before
   * the entry alone said so (its `unconfirmed`); empty for a match rated since.
   */
  readonly seats: Readonly<Record<string, ShownRating>>;
  /**
   * Completed by a version before the result line marked completion: every entry, the result line
   * and the notifications were done. A rating is complete now once its result line is stored
   * (LeaderboardStore.hasResult, at `at`): the ledger is not written again.
   */
  readonly complete: boolean;
  /** Set when this call started the ledger: the first attempt, with no result line to look for. */
  readonly created?: true;
}

export interface RatingLedger {
  /** The ledger of a match on a board: started with `first` if there is none, else as stored. */
  open(board: string, match: string, first: { at: string; before: Record<string, Rating> }): Promise<LedgerState>;
  /**
   * Whether the ledger alone says a retry of the match's rating can no longer touch the entry of
   * `botId`: ledgers written before completed, or recorded the seat. Rating asks the result line first.
   */
  seatConfirmed(board: string, match: string, botId: string): Promise<boolean>;
}
