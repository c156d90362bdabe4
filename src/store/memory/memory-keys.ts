import { StoreError } from '../contract/errors.js';
import type { ApiKeyRecord, KeyStore } from '../contract/keys.js';

/** API keys (only their hashes) and per-minute request counters in memory. */
export class MemoryKeyStore implements KeyStore {
  private readonly keys = new Map<string, string>();
  private readonly counters = new Map<string, number>();

  async create(keyHash: string, record: ApiKeyRecord): Promise<void> {
    // Never overwritten; refused as the DynamoDB store refuses it (a conditional write that fails).
    if (this.keys.has(keyHash))
      throw new StoreError('STORAGE_UNAVAILABLE', 'storing an API key failed: a key with this hash exists');
    this.keys.set(keyHash, JSON.stringify(record));
  }

  async find(keyHash: string): Promise<ApiKeyRecord | null> {
    const json = this.keys.get(keyHash);
    return json === undefined ? null : (JSON.parse(json) as ApiKeyRecord);
  }

  async countRequest(keyId: string, minute: number, limit: number): Promise<boolean> {
    const counter = `${keyId}#${minute}`;
    const count = this.counters.get(counter);
    if (count !== undefined && count >= limit) return false;
    this.counters.set(counter, (count ?? 0) + 1);
    return true;
  }
}
