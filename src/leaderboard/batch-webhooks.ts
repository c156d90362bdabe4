import type { MatchRecord } from '../core/game-module.js';
import { gameById } from '../games/catalog.js';
import type { BatchJob } from '../store/contract/batch-job.js';
import type { Batch, BatchState } from '../store/contract/batches.js';
import type { JobOutcome } from '../store/contract/round-jobs.js';
import type { Webhook, WebhookEvent } from '../store/contract/webhooks.js';
import type { JobFailure } from './batch-documents.js';
import { batchJobMatch } from './batch-ids.js';
import type { LeaderboardDeps } from './deps.js';

/**
 * A batch's webhooks, signed and sent as a board's are (webhooks.ts), through
 * the runtime's sender. Each delivery's id is fixed by what it reports
 * (`dlv_<match id>`, `dlv_<batch id>`), so the rare repeat after a crash
 * carries the same Umpire-Delivery for the receiver to drop.
 */

/** What a finished pairing reports: its match, status, and the game's result line or the failure. */
export async function pairingResult(
  batch: Pick<Batch, 'id' | 'kind' | 'game'>,
  job: BatchJob,
  index: number,
  result: { readonly outcome: JobOutcome; readonly record?: MatchRecord; readonly failure?: JobFailure },
): Promise<Record<string, unknown>> {
  const { matchId } = await batchJobMatch(batch, job);
  const status = result.outcome === 'done' ? 'done' : 'failed';
  const where = batch.kind === 'batch' ? { batch: batch.id, index } : {};
  const game = gameById(batch.game);
  const line = result.record && batch.kind === 'batch' ? game.leaderboard.line(result.record, job.seats) : {};
  return {
    ...where,
    match: matchId,
    game: batch.game,
    status,
    ...(batch.kind === 'batch' ? { map: job.map } : {}),
    ...line,
    ...(result.failure ? { error: result.failure } : {}),
  };
}

/** Tells the pairing's webhook (a batch's matchWebhook, an asynchronous match's webhook) that it finished. */
export async function notifyPairing(
  deps: LeaderboardDeps,
  batch: Batch,
  job: BatchJob,
  index: number,
  result: { readonly outcome: JobOutcome; readonly record?: MatchRecord; readonly failure?: JobFailure },
): Promise<void> {
  if (!batch.matchWebhook || !deps.notify) return;
  const data = await pairingResult(batch, job, index, result);
  await send(deps, batch.matchWebhook, `dlv_${String(data.match)}`, 'match.finished', data);
}

/** Tells the batch's webhook that its last pairing finished, with its counts. */
export async function notifyBatchFinished(deps: LeaderboardDeps, batch: BatchState): Promise<void> {
  if (!batch.webhook || !deps.notify) return;
  const data = {
    batch: batch.id,
    game: batch.game,
    status: 'finished',
    total: batch.total,
    done: batch.done,
    failed: batch.failed,
    finishedAt: batch.finishedAt,
  };
  // The batch is finished already: a delivery that cannot be handed over is logged, never a reason to fail its job.
  try {
    await send(deps, batch.webhook, `dlv_${batch.id}`, 'batch.finished', data);
  } catch (e) {
    console.error(`batch ${batch.id}: webhook delivery not queued: ${(e as Error).message}`);
  }
}

async function send(deps: LeaderboardDeps, hook: Webhook, id: string, event: WebhookEvent, data: unknown) {
  await deps.notify!([{ hook, id, event, body: JSON.stringify({ event, data }) }]);
}
