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
