import type { Page } from './page.js';

/** Match records are items; the rest of a match (replay, logs) are blobs (blobs.ts). */

/** The fields the store needs to know about; the rest of a record is opaque to it. */
export interface StoredRecord {
  readonly id: string;
  readonly createdAt: string;
}

export type IdempotencyClaim =
  | { readonly state: 'claimed' }
  | { readonly state: 'done'; readonly matchId: string; readonly requestHash: string }
  | { readonly state: 'pending'; readonly requestHash: string };

export interface CreateMatchOptions {
  /** A public match: also listed among recent matches (listRecent). Default false. */
  readonly listed?: boolean;
}

export interface MatchStore {
  /**
   * Stores a new record, listed under each of `botHashes` (its bots' sha256, and its stored bots'
   * ids with and without `@<version>`) and among recent matches when `listed`; false if one
   * with the same id exists (never overwrites).
   */
  create<R extends StoredRecord>(
    record: R,
    botHashes: readonly string[],
    options?: CreateMatchOptions,
  ): Promise<boolean>;
  get<R extends StoredRecord>(id: string): Promise<R | null>;
  /** Records of matches a bot played (by sha256, bot id or `<bot id>@<version>`), newest first. */
  listByBot<R extends StoredRecord>(botHash: string, limit: number, cursor?: string): Promise<Page<R>>;
  /** Records of listed (public) matches, newest first. */
  listRecent<R extends StoredRecord>(limit: number, cursor?: string): Promise<Page<R>>;
  /**
   * Claims an idempotency key for a request that must be over within `deadlineMs`; tells who
   * holds it otherwise. A pending claim past its own deadline (its request died) is taken over.
   */
  claimIdempotencyKey(
    keyHash: string,
    requestHash: string,
    nowMs: number,
    deadlineMs: number,
  ): Promise<IdempotencyClaim>;
  completeIdempotencyKey(keyHash: string, matchId: string): Promise<void>;
  /** Gives up a claim whose request failed, so a retry can run; a completed key is kept. */
  releaseIdempotencyKey(keyHash: string): Promise<void>;
}
