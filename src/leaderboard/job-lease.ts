import type { Budgets } from '../core/bots.js';
import { gameById } from '../games/catalog.js';
import { resolveBudgets } from '../match/budgets.js';
import { matchDeadlineMs } from '../match/deadline.js';
import { base64UrlEncode } from '../core/base64url.js';
import type { Leaderboard } from '../store/contract/leaderboards.js';

/** Past the match's own deadline: storing its replay, record and rating. */
export const LEASE_MARGIN_MS = 10_000;

let holder: string | undefined;

/** Who claims jobs from this process (a lease names its holder); made on first use, as Workers allow no random values at load. */
export function jobHolder(): string {
  holder ??= `holder_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(9)))}`;
  return holder;
}

/**
 * How long a claim on a board's job holds: the longest its match may run
 * (matchDeadlineMs at the board's budgets) plus LEASE_MARGIN_MS. A holder
 * that dies leaves the job claimable after that; a live one renews it
 * meanwhile (a match may wait for a free worker first).
 */
export function jobLeaseMs(board: Leaderboard): number {
  const game = gameById(board.game);
  const budgets =
    game.engine.kind === 'sandbox' ? resolveBudgets(game.id, board.budgets as Partial<Budgets> | undefined) : undefined;
  const deadline = matchDeadlineMs({ game: game.id, budgets, bots: game.seats.map(() => ({ kind: 'js', code: '' })) });
  return deadline + LEASE_MARGIN_MS;
}
