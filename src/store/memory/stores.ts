import type { Stores } from '../contract/stores.js';
import { MemoryBatchStore } from './memory-batches.js';
import { MemoryBlobStore } from './memory-blobs.js';
import { MemoryBotStore } from './memory-bots.js';
import { MemoryDeliveryStore } from './memory-deliveries.js';
import { MemoryKeyStore } from './memory-keys.js';
import { MemoryLeaderboardStore } from './memory-leaderboards.js';
import { MemoryMatchStore } from './memory-matches.js';
import { MemoryRatingLedger } from './memory-rating-ledger.js';
import { MemoryRoundJobStore } from './memory-round-jobs.js';
import { MemoryRounds } from './memory-rounds.js';

/** Every store, in this process's memory: gone when it ends. */
export function createMemoryStores(): Stores {
  const rounds = new MemoryRounds();
  return {
    blobs: new MemoryBlobStore(),
    matches: new MemoryMatchStore(),
    keys: new MemoryKeyStore(),
    bots: new MemoryBotStore(),
    leaderboards: new MemoryLeaderboardStore(rounds),
    roundJobs: new MemoryRoundJobStore(rounds),
    ratings: new MemoryRatingLedger(),
    batches: new MemoryBatchStore(rounds),
    deliveries: new MemoryDeliveryStore(),
  };
}
