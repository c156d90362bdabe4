import { StoreError } from '../contract/errors.js';
import type { ApiKeyRecord, KeyStore } from '../contract/keys.js';
import type { Page } from '../contract/page.js';
import { Listings } from './listings.js';

const ALL_KEYS = 'keys';

/** API keys (only their hashes) and per-minute request counters in memory. */
export class MemoryKeyStore implements KeyStore {
  private readonly keys = new Map<string, string>();
  /** Public id to hash, for listing, revoking and renaming by id. */
  private readonly hashes = new Map<string, string>();
  /** The hashes of every key, by `<createdAt>#<id>`. */
  private readonly listing = new Listings<string>();
  private readonly counters = new Map<string, number>();

  async create(keyHash: string, record: ApiKeyRecord): Promise<void> {
    // Never overwritten; refused as the DynamoDB store refuses it (a conditional write that fails).
    if (this.keys.has(keyHash) || this.hashes.has(record.id))
      throw new StoreError('STORAGE_UNAVAILABLE', 'storing an API key failed: a key with this hash or id exists');
    this.keys.set(keyHash, JSON.stringify(record));
    this.hashes.set(record.id, keyHash);
    this.listing.put(ALL_KEYS, `${record.createdAt}#${record.id}`, keyHash);
  }

  async find(keyHash: string): Promise<ApiKeyRecord | null> {
    const json = this.keys.get(keyHash);
    return json === undefined ? null : (JSON.parse(json) as ApiKeyRecord);
  }

  async list(limit: number, cursor?: string): Promise<Page<ApiKeyRecord>> {
    const page = this.listing.page(ALL_KEYS, limit, cursor);
    return { items: page.items.map((hash) => JSON.parse(this.keys.get(hash)!) as ApiKeyRecord), cursor: page.cursor };
  }

  async revoke(id: string, at: string): Promise<ApiKeyRecord | null> {
    return this.change(id, (r) => (r.revokedAt ? r : { ...r, revokedAt: at }));
  }

  async rename(id: string, name: string): Promise<ApiKeyRecord | null> {
    return this.change(id, (r) => ({ ...r, name }));
  }

  private change(id: string, update: (record: ApiKeyRecord) => ApiKeyRecord): ApiKeyRecord | null {
    const hash = this.hashes.get(id);
    const json = hash === undefined ? undefined : this.keys.get(hash);
    if (hash === undefined || json === undefined) return null;
    const changed = update(JSON.parse(json) as ApiKeyRecord);
    this.keys.set(hash, JSON.stringify(changed));
    return changed;
  }

  async countRequest(keyId: string, minute: number, limit: number): Promise<boolean> {
    const counter = `${keyId}#${minute}`;
    const count = this.counters.get(counter);
    if (count !== undefined && count >= limit) return false;
    this.counters.set(counter, (count ?? 0) + 1);
    return true;
  }
}
