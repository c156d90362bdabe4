import type { Budgets, Bundle, TextBot } from '../core/bots.js';
import type { GameModule } from '../core/game-module.js';
import { PREPARE_DEADLINE_MS, matchDeadlineMs } from '../match/deadline.js';
import { resolveBudgets } from '../match/budgets.js';
import type { MatchStore, StoredRecord } from '../store/contract/matches.js';
import { sha256Hex } from '../match/digest.js';
import { ApiProblem } from './problems.js';

/** Room past a match's own deadline for the work around it: decoding, storing the bundles, the replay and the record. */
export const CLAIM_MARGIN_MS = 60_000;

/** The time a request for this match can take at most: once past it, a claim it left pending belongs to a dead request. */
export function requestDeadlineMs(
  game: GameModule,
  budgets: Partial<Budgets> | undefined,
  bots: readonly (Bundle | TextBot)[],
): number {
  // A WASI module may first be prepared in a job of its own, under its own deadline.
  const preparing = bots.filter((b) => b.kind === 'wasm').length * PREPARE_DEADLINE_MS;
  const resolved = game.engine.kind === 'sandbox' ? resolveBudgets(game.id, budgets) : undefined;
  return matchDeadlineMs({ game: game.id, budgets: resolved, bots }) + preparing + CLAIM_MARGIN_MS;
}

/** Keys are the client's names: the same string from two owners names two different requests. */
export function idempotencyKeyHash(owner: string, key: string): Promise<string> {
  return sha256Hex(new TextEncoder().encode(JSON.stringify([owner, key])));
}

export interface IdempotentRequest<R> {
  readonly owner: string;
  /** The Idempotency-Key header, if the request has one. */
  readonly key: string | undefined;
  /** The request in canonical form: a retry must send the same. */
  readonly canonical: string;
  readonly deadlineMs: number;
  readonly run: () => Promise<R>;
  /** What a completed key's id answers (default: the stored match record; an asynchronous match's may not be played yet). */
  readonly find?: (id: string) => Promise<R | null>;
}

/**
 * Runs a request at most once per owner and Idempotency-Key: a retry gets the
 * record of the first run (`replayed`), a reuse with another request 422, a
 * retry while the first still runs 409. A failed run gives the key back.
 */
export async function runIdempotent<R extends StoredRecord>(
  matches: MatchStore,
  request: IdempotentRequest<R>,
): Promise<{ record: R; replayed: boolean }> {
  const { key } = request;
  if (key === undefined) return { record: await request.run(), replayed: false };
  if (key.length === 0 || key.length > 255)
    throw new ApiProblem(400, 'INVALID_REQUEST', 'Idempotency-Key: 1 to 255 characters', { field: 'Idempotency-Key' });
  const keyHash = await idempotencyKeyHash(request.owner, key);
  const requestHash = await sha256Hex(new TextEncoder().encode(request.canonical));
  const claim = await matches.claimIdempotencyKey(keyHash, requestHash, Date.now(), request.deadlineMs);
  if (claim.state !== 'claimed' && claim.requestHash !== requestHash) {
    throw new ApiProblem(422, 'IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used with a different request');
  }
  if (claim.state === 'pending')
    throw new ApiProblem(409, 'IDEMPOTENCY_IN_PROGRESS', 'a request with this Idempotency-Key is still running');
  if (claim.state === 'done') {
    const existing = await (request.find ?? ((id: string) => matches.get<R>(id)))(claim.matchId);
    if (existing) return { record: existing, replayed: true };
  }
  let record: R;
  try {
    record = await request.run();
  } catch (e) {
    // Let a retry with the same key run the match (if storage lets us say so).
    await matches.releaseIdempotencyKey(keyHash).catch(() => undefined);
    throw e;
  }
  await matches.completeIdempotencyKey(keyHash, record.id);
  return { record, replayed: false };
}
