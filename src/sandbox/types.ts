/** What bots are, what a call costs, and how a call can fail. */
import type { Bundle, CallFailure, LoadFailure } from '../core/bots.js';

export type { Bundle, BundleKind, CallFailure, LoadFailure, LoadFailureCode } from '../core/bots.js';

/** Limits of one bot in one match. */
export interface BotLimits {
  /** Linear memory cap in bytes (default 64 MiB). */
  readonly memoryBytes: number;
  /** Longest answer kept per turn, in characters; the rest is cut. */
  readonly outputChars: number;
  /** Bot log kept per match, in characters. */
  readonly logChars: number;
}

export const DEFAULT_LIMITS: BotLimits = {
  memoryBytes: 64 * 1024 * 1024,
  outputChars: 4096,
  logChars: 64 * 1024,
};

/** Per-call budget: fuel (deterministic); the safety cap on CPU time follows from it (safety-cap.ts). */
export interface CallBudget {
  readonly fuel: number;
}

export interface CallResult {
  /** The answer text, or null on failure. */
  readonly output: string | null;
  readonly fuel: number;
  readonly failure?: CallFailure;
  /** A short description of the failure, for the record. */
  readonly detail?: string;
  /** Whether the output was cut to the limit. */
  readonly truncated?: boolean;
  /** Set when the safety cap on CPU time stopped the call (failure 'over_budget'): the call is not reproducible. */
  readonly safetyCap?: true;
}

/** A loaded bot: called once per turn with the text the original engine would send. */
export interface Bot {
  act(input: string, budget: CallBudget): Promise<CallResult>;
  /** Log lines written so far (console.log/console.error, or the WASM log import). */
  log(): string;
  /** Crashes so far (each followed by a fresh reload). */
  readonly crashes: number;
  /** A stdin/stdout player (a WASI command module): it is sent the game's end marker, where the rules define one. */
  readonly stdio?: boolean;
  dispose(): void;
}

export interface BotContext {
  readonly limits: BotLimits;
  /** Seeds the bot's Math.random (or its WASM seed import). */
  readonly seed: number;
  /** Fuel for loading: the module's top level or start function. */
  readonly loadFuel: number;
  /**
   * The safety cap on each call's CPU time as a multiple of its fuel's time
   * (safety-cap.ts): SAFETY_CAP_FACTOR when absent. A host may set its own.
   * Where the cap's clock runs at the host's pace (Node, unless
   * UMPIRE_SAFETY_CAP_FACTOR is set: cpu-clock.ts), the time is the
   * calibration machine's.
   */
  readonly safetyCapFactor?: number;
}

export type LoadResult =
  | { readonly ok: true; readonly bot: Bot }
  | { readonly ok: false; readonly failure: LoadFailure };

/** Loads a bundle into a sandbox of the current runtime (QuickJS, WebAssembly, Worker Loader...). */
export type BotLoader = (bundle: Bundle, ctx: BotContext) => Promise<LoadResult>;
