import type { Budgets } from '../core/bots.js';
import { gameById } from '../games/catalog.js';
import { resolveBudgets } from '../match/budgets.js';
import { matchDeadlineMs } from '../match/deadline.js';
import type { Batch } from '../store/contract/batches.js';
import { LEASE_MARGIN_MS } from './job-lease.js';

/**
 * How long a claim on a batch's job holds: the longest its match may run at
 * the batch's budgets (its settings' `budgets`), plus LEASE_MARGIN_MS, as for
 * a board's jobs (jobLeaseMs). A live holder renews it meanwhile.
 */
export function batchLeaseMs(batch: Pick<Batch, 'game' | 'settings'>): number {
  const game = gameById(batch.game);
  const budgets =
    game.engine.kind === 'sandbox'
      ? resolveBudgets(game.id, batch.settings?.budgets as Partial<Budgets> | undefined)
      : undefined;
  const deadline = matchDeadlineMs({ game: game.id, budgets, bots: game.seats.map(() => ({ kind: 'js', code: '' })) });
  return deadline + LEASE_MARGIN_MS;
}
