import type { Context } from 'hono';
import type { GameModule } from '../core/game-module.js';
import { readFailure, type JobFailure } from '../leaderboard/batch-documents.js';
import { asyncMatchBatchId } from '../leaderboard/batch-ids.js';
import { newBatchHook, queueAsyncMatch, type BatchQueueDeps } from '../leaderboard/queue-batch.js';
import { checkWebhookUrl } from '../leaderboard/webhook-address.js';
import type { WebhookSettings } from '../leaderboard/webhook-settings.js';
import { newMatchId } from '../match/digest.js';
import type { Batch, BatchState, BatchStore } from '../store/contract/batches.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { ApiProblem } from './problems.js';

/** Whether the client asked for an asynchronous answer: `Prefer: respond-async` (RFC 7240) or `async: true`. */
export function prefersAsync(c: Context): boolean {
  const prefer = c.req.header('Prefer') ?? '';
  return prefer.split(',').some((p) => p.split(';')[0]!.trim().toLowerCase() === 'respond-async');
}

/** An asynchronous match as POST /v1/matches answers it (202) and GET /v1/matches/{id} while it is not played. */
export interface AsyncMatchView {
  readonly id: string;
  readonly status: 'queued' | 'done' | 'failed';
  readonly game: string;
  readonly createdAt: string;
  readonly error?: JobFailure | null;
  readonly webhook?: { readonly url: string; readonly secret?: string } | null;
}

const view = (batch: Batch, matchId: string): AsyncMatchView => ({
  id: matchId,
  status: 'queued',
  game: batch.game,
  createdAt: batch.createdAt,
  webhook: batch.matchWebhook ? { url: batch.matchWebhook.url } : null,
});

/**
 * Queues a checked match request as a batch of one (its match id chosen now,
 * its request stored as sent): the answer names the id, the status and, once,
 * the webhook's secret.
 */
export async function queueMatch(
  deps: BatchQueueDeps,
  queue: JobQueue<RoundJob>,
  input: {
    readonly owner: string;
    readonly game: GameModule;
    readonly request: { readonly game: string; readonly budgets?: unknown };
    readonly public: boolean;
    readonly webhook?: string;
  },
  hooks: Pick<WebhookSettings, 'allowPrivate'>,
): Promise<AsyncMatchView> {
  if (input.webhook !== undefined) {
    const checked = checkWebhookUrl(input.webhook, { allowPrivate: hooks.allowPrivate });
    if (!checked.ok)
      throw new ApiProblem(422, checked.problem.code, checked.problem.message.replace(/^url: /, 'webhook: '), {
        field: 'webhook',
      });
  }
  const now = new Date();
  const matchId = newMatchId();
  const hook = input.webhook === undefined ? undefined : newBatchHook(input.webhook, now);
  const budgets = input.request.budgets;
  const batch: Batch = {
    id: asyncMatchBatchId(matchId),
    kind: 'match',
    owner: input.owner,
    game: input.game.id,
    total: 1,
    createdAt: now.toISOString(),
    public: input.public,
    ...(budgets === undefined ? {} : { settings: { budgets } }),
    ...(hook ? { matchWebhook: hook } : {}),
  };
  await queueAsyncMatch(deps, queue, batch, input.request, input.game.seats);
  return { ...view(batch, matchId), webhook: hook ? { url: hook.url, secret: hook.secret } : null };
}

/** An asynchronous match's state: queued, done, or failed with its reason; null if there is none. */
export async function asyncMatchState(
  deps: { readonly batches: BatchStore; readonly blobs: BatchQueueDeps['blobs'] },
  matchId: string,
): Promise<AsyncMatchView | null> {
  const batch: BatchState | null = await deps.batches.getBatch(asyncMatchBatchId(matchId));
  if (!batch) return null;
  if (batch.done > 0) return { ...view(batch, matchId), status: 'done' };
  if (batch.failed === 0) return view(batch, matchId);
  return { ...view(batch, matchId), status: 'failed', error: await readFailure(deps.blobs, batch.id, 0) };
}
