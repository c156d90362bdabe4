import type { BatchStore } from './batches.js';
import type { BlobStore } from './blobs.js';
import type { BotStore } from './bots.js';
import type { KeyStore } from './keys.js';
import type { LeaderboardStore } from './leaderboards.js';
import type { MatchStore } from './matches.js';
import type { PendingDeliveryStore } from './pending-deliveries.js';
import type { RatingLedger } from './rating-ledger.js';
import type { RoundJobStore } from './round-jobs.js';

/** Every store the API, the leaderboard and the match runner use: what each backend (src/store/<backend>/) gives. */
export interface Stores {
  readonly blobs: BlobStore;
  readonly matches: MatchStore;
  readonly keys: KeyStore;
  readonly bots: BotStore;
  readonly leaderboards: LeaderboardStore;
  /** Rounds' jobs (claims, counting once) and the rating ledger: the leaderboard queue's state. */
  readonly roundJobs: RoundJobStore;
  readonly ratings: RatingLedger;
  /** Batches and asynchronous matches: their jobs are round jobs, counted in the batch's record. */
  readonly batches: BatchStore;
  /** Webhook deliveries not yet made (the local server's lanes). */
  readonly deliveries: PendingDeliveryStore;
}
