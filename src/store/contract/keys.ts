import type { Page } from './page.js';

/** What a key may do: `admin` administers keys (an organizer's); `team` is a team's key. */
export type KeyScope = 'admin' | 'team';

/** An API key as stored: never the key itself, only who it is. */
export interface ApiKeyRecord {
  /** Public id of the key (the owner of what it creates). */
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  /** Write requests allowed per minute. */
  readonly ratePerMinute: number;
  /** Absent on keys stored before keys had scopes: those keep the full rights they had (admin, see scopeOf). */
  readonly scope?: KeyScope;
  /** The team of a team key. */
  readonly team?: string;
  /** Set once the key is revoked: it is refused from then on, and stays listed. */
  readonly revokedAt?: string;
  /** The id of the admin key that minted it through the API (absent: made by `umpire keys create`). */
  readonly createdBy?: string;
  /**
   * The boards a key signed up with an invite code is invited to (POST /v1/signup); such a key is
   * invited to these only. Absent: a team key is invited to every board of its minter that takes teams.
   */
  readonly boards?: readonly string[];
}

/** A key's scope; a key stored before scopes existed is an admin key, as it had every right then. */
export const scopeOf = (record: ApiKeyRecord): KeyScope => record.scope ?? 'admin';

export interface KeyStore {
  create(keyHash: string, record: ApiKeyRecord): Promise<void>;
  /** The key with this hash, revoked or not; read from storage on every call, never from a cache. */
  find(keyHash: string): Promise<ApiKeyRecord | null>;
  /** Every key, newest first, a page at a time (keys stored before listings existed join it when next used). */
  list(limit: number, cursor?: string): Promise<Page<ApiKeyRecord>>;
  /** Revokes a key by its public id; the record as revoked (the first revocation's time kept), null if unknown. */
  revoke(id: string, at: string): Promise<ApiKeyRecord | null>;
  /** Renames a key by its public id; the record renamed, null if unknown. */
  rename(id: string, name: string): Promise<ApiKeyRecord | null>;
  /** Counts one request of a key in a minute; false when the key is over its limit. */
  countRequest(keyId: string, minute: number, limit: number): Promise<boolean>;
}
