import type { Bundle, TextBot } from '../core/bots.js';
import { UmpireError } from '../core/errors.js';
import type { Tenant } from '../core/fair-queue.js';
import type { MatchOutput } from '../core/match-types.js';
import type { AssemblyInputs } from './assemble-match.js';
import type { Budgets } from '../sandbox/policy.js';
import type { BotLimits, CallFailure, LoadFailure } from '../sandbox/types.js';

/** One match of any registered game, as plain data: it can be played here or posted to a worker thread. */
export interface PlayableMatch {
  readonly game: string;
  /** The game's options (its module's setup made them). */
  readonly options: unknown;
  readonly seed: number;
  /** Sandboxed games: the budgets (the game's defaults when absent). */
  readonly budgets?: Budgets | undefined;
  readonly limits?: BotLimits;
  /** One bot per seat: bundles, or texts for games whose bots are texts. */
  readonly bots: readonly (Bundle | TextBot)[];
  /**
   * Seats known to forfeit before the match (their bundle failed a
   * preparation step run apart, such as WASI asyncify): not loaded.
   */
  readonly forfeits?: readonly (LoadFailure | null)[];
  /**
   * When given, the runner has the game assemble the match where it played it and resolves to a
   * PackedMatch (assemble-match.ts): its documents gzipped, ready to store.
   */
  readonly assembly?: AssemblyInputs;
}

/** An upload check: load the bundle and play the first calls of a match of `game`. */
export interface ProbeRequest {
  readonly game: string;
  readonly bundle: Bundle;
}

export type ProbeResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly stage: 'load'; readonly failure: LoadFailure }
  | { readonly ok: false; readonly stage: 'turn'; readonly failure: CallFailure; readonly detail?: string };

/**
 * Where matches are played: in this thread (Workers, Lambda, tests) or in a
 * pool of worker threads with a hard deadline (the Node server and CLI).
 * `play` resolves to what the game's engine gives: a MatchOutput for
 * sandboxed games. Errors of the runner itself (deadline, crash, busy) are
 * UmpireErrors with codes MATCH_DEADLINE, MATCH_CRASHED, KEY_QUEUE_FULL,
 * POOL_BUSY; anything a bot does is in the result. `tenant` says whom the
 * work is for, so a pool can share its workers fairly (forTenant in
 * tenant.ts binds one); a runner in this thread ignores it.
 */
export interface MatchRunner {
  play<Output = MatchOutput<any>>(job: PlayableMatch, tenant?: Tenant): Promise<Output>;
  probe(request: ProbeRequest, tenant?: Tenant): Promise<ProbeResult>;
}

/**
 * MATCH_DEADLINE: past its wall-clock deadline; MATCH_CRASHED: its worker died;
 * KEY_QUEUE_FULL: the tenant's key has too many jobs waiting; POOL_BUSY: too
 * many jobs waiting in all; POOL_CLOSED: shutting down.
 */
export const RUNNER_ERROR_CODES = [
  'MATCH_DEADLINE',
  'MATCH_CRASHED',
  'KEY_QUEUE_FULL',
  'POOL_BUSY',
  'POOL_CLOSED',
] as const;
export type RunnerErrorCode = (typeof RUNNER_ERROR_CODES)[number];

export function runnerErrorCode(e: unknown): RunnerErrorCode | null {
  const code = e instanceof UmpireError ? e.code : null;
  return RUNNER_ERROR_CODES.includes(code as RunnerErrorCode) ? (code as RunnerErrorCode) : null;
}
