import type { VersionPolicy } from '../match/version-policy.js';
import type { AuthMode } from '../api/auth.js';
import type { LeaderboardDeps } from '../leaderboard/deps.js';
import type { WebhookSettings } from '../leaderboard/webhook-settings.js';
import type { Delivery } from '../leaderboard/webhooks.js';
import type { MatchRunner } from '../match/runner.js';
import type { StoreBackend } from '../store/backend.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { RoundJob } from '../store/contract/round-job.js';
import type { Stores } from '../store/contract/stores.js';

/** The storage backends a runtime can open (its registry), and the one it opens when the settings name none. */
export interface StorageChoice {
  readonly backends: readonly StoreBackend[];
  readonly fallback?: string;
}

/** How a runtime sends webhook deliveries: lanes in the process, or a platform task per delivery. */
export interface WebhookSender {
  /** Awaited, so a delivery is handed over before its match counts as done. */
  send(deliveries: Delivery[]): void | Promise<void>;
  /** Drops what is still pending for a deleted hook. */
  forget?(hookId: string): Promise<void>;
}

/** What the API and the leaderboard are handed: the open stores and the runtime's parts. */
export type RuntimeDeps = LeaderboardDeps & Stores;

/**
 * One runtime's parts, put together by its folder (src/runtimes/<runtime>/kit.ts)
 * and assembled by assembleRuntime into the deps and the Hono app. The bot
 * loader is inside the runner; the storage choice is used before, to open
 * the stores the kit is made with.
 */
export interface RuntimeKit<Q extends JobQueue<RoundJob> = JobQueue<RoundJob>> {
  /** Where matches and upload checks are played. */
  readonly runner: MatchRunner;
  /** Who may receive webhooks, and how deliveries are retried. */
  readonly webhookSettings: WebhookSettings;
  /** When a bot version that errs is disabled (VERSION_DISABLE_*: read at start, so a bad value stops it). */
  readonly versionPolicy?: VersionPolicy;
  /** How deliveries are sent; without one they are not (a Workers HTTP request plays no round). */
  readonly webhooks?: WebhookSender;
  /** When this process stops anyway (ms since the epoch): no job claim needs to outlive it. */
  readonly claimsEnd?: () => number;
  /** Whether writes need an API key. */
  readonly auth: AuthMode;
  /** Where rounds' jobs wait, made from the deps (a local queue plays them with those); none: no rounds. */
  queue?(deps: RuntimeDeps): Q | undefined;
}
