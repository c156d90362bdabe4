import type { Page } from './page.js';
import type { Webhook } from './webhooks.js';

/**
 * A batch of matches an external matchmaker asked for (POST /v1/batches), or
 * one asynchronous match (POST /v1/matches with Prefer: respond-async): its
 * pairings are round jobs with the batch id as their namespace (board and
 * round), so they are claimed, played and counted once like any round's.
 */
export interface Batch {
  /** `bat_<random>` for a batch; `am_<match id>` for an asynchronous match. */
  readonly id: string;
  readonly kind: 'batch' | 'match';
  /** The API key that created it: the only one that sees it. */
  readonly owner: string;
  readonly game: string;
  /** Pairings, each one job (`<id>.<index>`). */
  readonly total: number;
  readonly createdAt: string;
  /** Whether its matches are listed among recent matches. */
  readonly public: boolean;
  /** A batch's game settings (the game's leaderboard settings); none for an asynchronous match. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Told once when the last pairing finishes. */
  readonly webhook?: Webhook;
  /** Told once per pairing as it finishes. */
  readonly matchWebhook?: Webhook;
}

/** A batch as stored, with its pairings counted so far (each once) and when the last one finished. */
export interface BatchState extends Batch {
  readonly done: number;
  readonly failed: number;
  /** Set once, by the first markFinished. */
  readonly finishedAt?: string;
}

/**
 * Batches. A batch's record is also the counter its jobs are counted in
 * (RoundJobStore.finish with board and round both the batch id), as a
 * round's record is for its jobs.
 */
export interface BatchStore {
  /** Stores a new batch, nothing counted; one of kind `batch` is listed under its owner. */
  createBatch(batch: Batch): Promise<void>;
  getBatch(id: string): Promise<BatchState | null>;
  /** An owner's batches (of kind `batch`), newest first. */
  listBatches(owner: string, limit: number, cursor?: string): Promise<Page<BatchState>>;
  /** Records that the batch finished; true for the first call only (false if it is gone). */
  markFinished(id: string, at: string): Promise<boolean>;
}
