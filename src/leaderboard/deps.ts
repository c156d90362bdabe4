import type { BotStore } from '../store/contract/bots.js';
import type { LeaderboardStore } from '../store/contract/leaderboards.js';
import type { RatingLedger } from '../store/contract/rating-ledger.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { RoundJob } from '../store/contract/round-job.js';
import type { RoundJobStore } from '../store/contract/round-jobs.js';
import type { MatchDeps } from '../match/store-match.js';
import type { RatingTurns } from './rating-turns.js';
import type { Delivery } from './webhooks.js';
import type { WebhookSettings } from './webhook-settings.js';

/** What the leaderboard is handed: the stores it uses, the match runner, and how webhooks go out. */
export interface LeaderboardDeps extends MatchDeps {
  readonly leaderboards: LeaderboardStore;
  readonly bots: BotStore;
  /** Rounds' jobs: claimed, played and counted once each. */
  readonly roundJobs: RoundJobStore;
  readonly ratings: RatingLedger;
  /** Where a continuing round (a ladder, Swiss rounds) queues its next batch; none: such a round ends after its batch. */
  readonly roundQueue?: () => JobQueue<RoundJob> | undefined;
  /** When this process stops anyway (a Lambda invocation's end, ms since the epoch): no claim needs to outlive it. */
  readonly claimsEnd?: () => number;
  /**
   * Hands deliveries to whatever sends them (lanes, or the runtime's waitUntil);
   * awaited, so a delivery is stored before its match counts as done.
   */
  readonly notify?: (deliveries: Delivery[]) => void | Promise<void>;
  /** Who may receive webhooks and how many a board may have (default: public addresses, 10). */
  readonly webhookSettings?: WebhookSettings;
  /** Drops what is still pending for a deleted hook. */
  readonly forgetHook?: (hookId: string) => Promise<void>;
  /**
   * Where a process plays several of a board's jobs at once (the Node server, `umpire
   * tournament`): their matches are rated in the order the jobs started. Without it, each
   * job rates as soon as its match is stored (a queue that plays a board's jobs one at a time).
   */
  readonly ratingTurns?: RatingTurns;
}
