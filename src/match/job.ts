import { UmpireError } from '../core/errors.js';
import type { Budgets } from '../sandbox/policy.js';
import type { BotLimits, Bundle, CallFailure, LoadFailure } from '../sandbox/types.js';
import type { AntsMatchInput, AntsMatchResult, AntsReplay } from './ants-match.js';
import type { GameId, GameOptions, GameSteps } from './games.js';
import type { MatchResult, Replay } from './run-match.js';

/** One match, as plain data: it can be played here or posted to a worker thread. */
export interface MatchJob<G extends GameId = GameId> {
  readonly game: G;
  readonly options: GameOptions[G];
  readonly seed: number;
  readonly budgets: Budgets;
  readonly limits?: BotLimits;
  /** One bundle per seat. */
  readonly bots: readonly Bundle[];
  /**
   * Seats known to forfeit before the match (their bundle failed a
   * preparation step run apart, such as WASI asyncify): not loaded.
   */
  readonly forfeits?: readonly (LoadFailure | null)[];
}

/** What a match gives: the same as runMatch. */
export interface MatchOutput<G extends GameId = GameId> {
  readonly result: MatchResult;
  readonly replay: Replay<GameSteps[G]>;
}

/** An upload check: load the bundle and play the first calls of a match of `game`. */
export interface ProbeRequest {
  readonly game: GameId;
  readonly bundle: Bundle;
}

export type ProbeResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly stage: 'load'; readonly failure: LoadFailure }
  | { readonly ok: false; readonly stage: 'turn'; readonly failure: CallFailure; readonly detail?: string };

export interface AntsOutput {
  readonly result: AntsMatchResult;
  readonly replay: AntsReplay;
}

/**
 * Where matches are played: in this thread (Workers, Lambda, tests) or in a
 * pool of worker threads with a hard deadline (the Node server and CLI).
 * Errors of the runner itself (deadline, crash, busy) are UmpireErrors with
 * codes MATCH_DEADLINE, MATCH_CRASHED, POOL_BUSY; anything a bot does is in the result.
 */
export interface MatchRunner {
  play<G extends GameId>(job: MatchJob<G>): Promise<MatchOutput<G>>;
  probe(request: ProbeRequest): Promise<ProbeResult>;
  ants(input: AntsMatchInput, manifest?: Readonly<Record<string, unknown>>): Promise<AntsOutput>;
}

/** MATCH_DEADLINE: past its wall-clock deadline; MATCH_CRASHED: its worker died; POOL_BUSY: too many jobs waiting; POOL_CLOSED: shutting down. */
export const RUNNER_ERROR_CODES = ['MATCH_DEADLINE', 'MATCH_CRASHED', 'POOL_BUSY', 'POOL_CLOSED'] as const;
export type RunnerErrorCode = (typeof RUNNER_ERROR_CODES)[number];

export function runnerErrorCode(e: unknown): RunnerErrorCode | null {
  const code = e instanceof UmpireError ? e.code : null;
  return RUNNER_ERROR_CODES.includes(code as RunnerErrorCode) ? (code as RunnerErrorCode) : null;
}
