import { ANTS_DEADLINE_MS, matchDeadlineMs } from '../match/deadline.js';
import { resolveBudgets } from '../match/budgets.js';
import type { Bundle } from '../sandbox/types.js';
import { base64UrlEncode } from '../store/base64url.js';
import type { Leaderboard } from './types.js';

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
  if (board.game === 'ants') return ANTS_DEADLINE_MS + LEASE_MARGIN_MS;
  const seats = board.game === 'blockdrop' ? 4 : 2;
  const deadline = matchDeadlineMs({ game: board.game, budgets: resolveBudgets(board.game, board.budgets), bots: new Array<Bundle>(seats) });
  return deadline + LEASE_MARGIN_MS;
}
