import type { Batch, BatchState, BatchStore } from '../contract/batches.js';
import type { Round } from '../contract/leaderboards.js';
import type { Page } from '../contract/page.js';
import { Listings } from './listings.js';
import type { MemoryRounds } from './memory-rounds.js';

/** Batches in memory: each is a counted record of MemoryRounds (board and round its id), as in DynamoDB. */
export class MemoryBatchStore implements BatchStore {
  private readonly byOwner = new Listings<string>();
  private readonly finished = new Map<string, string>();

  constructor(private readonly rounds: MemoryRounds) {}

  async createBatch(batch: Batch): Promise<void> {
    this.rounds.put(batch.id, batch as unknown as Round);
    if (batch.kind === 'batch') this.byOwner.put(batch.owner, `${batch.createdAt}#${batch.id}`, batch.id);
  }

  async getBatch(id: string): Promise<BatchState | null> {
    const stored = this.rounds.get(id, id) as unknown as BatchState | null;
    if (!stored) return null;
    const finishedAt = this.finished.get(id);
    return finishedAt === undefined ? stored : { ...stored, finishedAt };
  }

  async listBatches(owner: string, limit: number, cursor?: string): Promise<Page<BatchState>> {
    const page = this.byOwner.page(owner, limit, cursor);
    const items: BatchState[] = [];
    for (const id of page.items) {
      const batch = await this.getBatch(id);
      if (batch) items.push(batch);
    }
    return { items, cursor: page.cursor };
  }

  async markFinished(id: string, at: string): Promise<boolean> {
    if (this.finished.has(id) || !this.rounds.get(id, id)) return false;
    this.finished.set(id, at);
    return true;
  }
}
