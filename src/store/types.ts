/** Storage behind small interfaces: replays, logs and bundles are blobs, match records are items. */

/** The fields the store needs to know about; the rest of a record is opaque to it. */
export interface StoredRecord {
  readonly id: string;
  readonly createdAt: string;
}

export interface BlobMeta {
  readonly contentType: string;
  /** `gzip` for gzipped JSON. */
  readonly contentEncoding?: string;
}

export interface BlobStore {
  put(key: string, bytes: Uint8Array, meta: BlobMeta): Promise<void>;
  /** The stored bytes, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
}

export interface Page<T> {
  readonly items: T[];
  /** Pass back to get the next page; null on the last one. */
  readonly cursor: string | null;
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
   * Stores a new record, listed under each bot's sha256 (and among recent matches when
   * `listed`); false if one with the same id exists (never overwrites).
   */
  create<R extends StoredRecord>(record: R, botHashes: readonly string[], options?: CreateMatchOptions): Promise<boolean>;
  get<R extends StoredRecord>(id: string): Promise<R | null>;
  /** Records of matches a bot played, newest first. */
  listByBot<R extends StoredRecord>(botHash: string, limit: number, cursor?: string): Promise<Page<R>>;
  /** Records of listed (public) matches, newest first. */
  listRecent<R extends StoredRecord>(limit: number, cursor?: string): Promise<Page<R>>;
  /**
   * Claims an idempotency key for a request that must be over within `deadlineMs`; tells who
   * holds it otherwise. A pending claim past its own deadline (its request died) is taken over.
   */
  claimIdempotencyKey(keyHash: string, requestHash: string, nowMs: number, deadlineMs: number): Promise<IdempotencyClaim>;
  completeIdempotencyKey(keyHash: string, matchId: string): Promise<void>;
  /** Gives up a claim whose request failed, so a retry can run; a completed key is kept. */
  releaseIdempotencyKey(keyHash: string): Promise<void>;
}

/** An API key as stored: never the key itself, only who it is. */
export interface ApiKeyRecord {
  /** Public id of the key (the owner of what it creates). */
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  /** Write requests allowed per minute. */
  readonly ratePerMinute: number;
}

export interface KeyStore {
  create(keyHash: string, record: ApiKeyRecord): Promise<void>;
  find(keyHash: string): Promise<ApiKeyRecord | null>;
  /** Counts one request of a key in a minute; false when the key is over its limit. */
  countRequest(keyId: string, minute: number, limit: number): Promise<boolean>;
}

/** A stored bot: its bundle lives in the blob store under its sha256. */
export interface BotRecord {
  readonly id: string;
  readonly name: string | null;
  /** 'js' or 'wasm' (a bundle), or a text game's bot kind ('ant': an ants brain). */
  readonly kind: string;
  readonly sha256: string;
  readonly bytes: number;
  /** Id of the API key that uploaded it: the only one shown its bundle. */
  readonly owner: string;
  /** Whether keys other than its owner's may play it and enter it on their leaderboards (absent on old records: no). */
  readonly public?: boolean;
  readonly createdAt: string;
}

/** A public bot as anyone may see it in the listing: never its owner or sha256. */
export interface PublicBotSummary {
  readonly id: string;
  readonly name: string | null;
  readonly kind: string;
  readonly public: true;
  readonly createdAt: string;
}

export interface BotStore {
  /** Stores a new bot, listed under its owner (and among public bots when public). */
  create(bot: BotRecord): Promise<void>;
  get(id: string): Promise<BotRecord | null>;
  /** Replaces a stored bot's record; false if there is none. A bot made public joins the public listing, made private leaves it. */
  update(bot: BotRecord): Promise<boolean>;
  /** An owner's bots, newest first. */
  listByOwner(owner: string, limit: number, cursor?: string): Promise<Page<BotRecord>>;
  /** Everyone's public bots, newest first. */
  listPublic(limit: number, cursor?: string): Promise<Page<PublicBotSummary>>;
}

export type StoreErrorCode = 'STORAGE_UNAVAILABLE' | 'BAD_CURSOR';

/** A storage failure the API reports as such (503), never as a crash. */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
