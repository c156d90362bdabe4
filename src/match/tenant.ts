import type { Tenant } from '../core/fair-queue.js';
import type { PlayableMatch, MatchRunner } from './runner.js';

export type { Tenant } from '../core/fair-queue.js';

/** Work asked by an API key (the local owner's on a server without keys). */
export const keyTenant = (keyId: string): Tenant => ({ key: keyId });

/** A leaderboard round's match: its board's owner shares the workers, and the owner's boards share that part. */
export const boardTenant = (board: { readonly id: string; readonly owner: string }): Tenant => ({
  key: board.owner,
  lane: board.id,
});

/** The runner with every match and upload check it is given counted for `tenant` (for callers that know nothing of tenants). */
export function forTenant(runner: MatchRunner, tenant: Tenant): MatchRunner {
  return {
    play: <Output>(job: PlayableMatch) => runner.play<Output>(job, tenant),
    probe: (request) => runner.probe(request, tenant),
  };
}
