/** What a played match gives, whatever the game: per-seat reports, per-step records, the result. */
import type { Budgets, CallFailure, LoadFailure } from './bots.js';
import type { SeatLogTurns } from './log-turns.js';

/** One bot's call in one turn. */
export interface CallRecord {
  readonly fuel: number;
  readonly failure?: CallFailure;
  readonly detail?: string;
  readonly truncated?: boolean;
  /** Set on the call after which the game terminated the bot (see GameRules.terminatesLateBots). */
  readonly terminated?: 'over_budget';
  /** Set when the safety cap on CPU time stopped the call, not its fuel (failure 'over_budget'). */
  readonly safetyCap?: true;
}

export interface TurnRecord<Step> {
  readonly turn: number;
  /** Per seat asked: the answer text, or null. */
  readonly answers: readonly (string | null)[];
  readonly calls: readonly CallRecord[];
  readonly step: Step;
}

export interface SeatReport {
  readonly name: string;
  readonly fuel: number;
  readonly overBudget: number;
  readonly errors: number;
  readonly crashes: number;
  /** Why the bundle could not be loaded, if it could not. */
  readonly forfeit?: LoadFailure;
  /** The turn the game terminated the bot in, if it did. */
  readonly terminatedAt?: number;
  /** Set when the safety cap on CPU time stopped one of the bot's calls or its loading. */
  readonly safetyCap?: true;
  readonly log: string;
}

export interface MatchResult {
  /** Winning seat, or null for a draw. */
  readonly winner: number | null;
  readonly scores: readonly number[];
  readonly details: Readonly<Record<string, unknown>>;
  readonly turns: number;
  readonly seats: readonly SeatReport[];
  /** Seats whose bundle failed to load: they lose without playing. */
  readonly forfeits: readonly number[];
  /**
   * Set when a safety cap on CPU time stopped a call (or a load) of any
   * seat: the cap, not fuel alone, shaped the match, which therefore cannot
   * be reproduced exactly (verify says so rather than comparing).
   */
  readonly safetyCap?: true;
}

export interface Replay<Step> {
  readonly game: string;
  readonly seed: number;
  readonly budgets: Budgets;
  readonly players: readonly string[];
  readonly turns: readonly TurnRecord<Step>[];
}

/** A played match: its result and every step. */
export interface MatchOutput<Step = unknown> {
  readonly result: MatchResult;
  readonly replay: Replay<Step>;
  /** Per seat, where each turn's part of its log ends (log-turns.ts); kept beside the logs, never in the replay. */
  readonly logTurns?: readonly SeatLogTurns[];
}
