import type { CreateMatchOptions, IdempotencyClaim, MatchStore, StoredRecord } from '../contract/matches.js';
import type { Page } from '../contract/page.js';
import { Listings } from './listings.js';

const LISTED = 'listed';

interface Claim {
  requestHash: string;
  /** Until when a pending claim holds (ms since the epoch). */
  expiresAt?: number;
  matchId?: string;
}

/** Match records and idempotency claims in memory, listed as DynamoMatchStore lists them. */
export class MemoryMatchStore implements MatchStore {
  private readonly records = new Map<string, string>();
  private readonly listings = new Listings<StoredRecord>();
  private readonly claims = new Map<string, Claim>();

  async create<R extends StoredRecord>(
    record: R,
    botHashes: readonly string[],
    options: CreateMatchOptions = {},
  ): Promise<boolean> {
    if (this.records.has(record.id)) return false;
    this.records.set(record.id, JSON.stringify(record));
    const seen = new Set<string>();
    for (const [side, hash] of botHashes.entries()) {
      if (seen.has(hash)) continue;
      seen.add(hash);
      this.listings.put(`bot#${hash}`, `${record.createdAt}#${record.id}#${side}`, record);
    }
    if (options.listed) this.listings.put(LISTED, `${record.createdAt}#${record.id}`, record);
    return true;
  }

  async get<R extends StoredRecord>(id: string): Promise<R | null> {
    const json = this.records.get(id);
    return json === undefined ? null : (JSON.parse(json) as R);
  }

  async listByBot<R extends StoredRecord>(botHash: string, limit: number, cursor?: string): Promise<Page<R>> {
    return this.listings.page(`bot#${botHash}`, limit, cursor) as Page<R>;
  }

  async listRecent<R extends StoredRecord>(limit: number, cursor?: string): Promise<Page<R>> {
    return this.listings.page(LISTED, limit, cursor) as Page<R>;
  }

  async claimIdempotencyKey(
    keyHash: string,
    requestHash: string,
    nowMs: number,
    deadlineMs: number,
  ): Promise<IdempotencyClaim> {
    const held = this.claims.get(keyHash);
    if (!held || (held.matchId === undefined && held.expiresAt !== undefined && held.expiresAt < nowMs)) {
      this.claims.set(keyHash, { requestHash, expiresAt: nowMs + deadlineMs });
      return { state: 'claimed' };
    }
    return held.matchId !== undefined
      ? { state: 'done', matchId: held.matchId, requestHash: held.requestHash }
      : { state: 'pending', requestHash: held.requestHash };
  }

  async completeIdempotencyKey(keyHash: string, matchId: string): Promise<void> {
    // As DynamoDB's update: a key completed without a claim is stored completed all the same.
    this.claims.set(keyHash, { requestHash: this.claims.get(keyHash)?.requestHash ?? '', matchId });
  }

  async releaseIdempotencyKey(keyHash: string): Promise<void> {
    if (this.claims.get(keyHash)?.matchId === undefined) this.claims.delete(keyHash);
  }
}
