/** What a bot is and what it may spend: shared by the rules' contract, the sandbox and the match runner. */

/** A bot language's kind ('js', 'py', 'wasm'...): the languages are registered in src/sandbox/languages.ts (see bot-languages.ts). */
export type BundleKind = string;

export interface Bundle {
  readonly kind: BundleKind;
  /** Source languages: the module's text (or its bytes, for a stored bot). WebAssembly: the module's bytes. */
  readonly code: string | Uint8Array;
  readonly name?: string;
}

/**
 * A match's fuel budgets, as recorded in its manifest. The safety cap on
 * CPU time is not one of them: it follows from each call's fuel. Budgets
 * recorded before it moved to CPU time also carry `wallMs` (the old
 * wall-clock cap): read back as they are, and never used.
 */
export interface Budgets {
  /** Fuel for the first turn (Icy's original allows 1 s, for start-up). */
  readonly firstTurnFuel: number;
  /** Fuel for every later turn (Icy's original allows 0.5 s). */
  readonly turnFuel: number;
  /** Extra fuel a bot may draw on over the whole match when a turn needs more; 0 for none. */
  readonly timeBankFuel: number;
  /** Fuel for loading: the module's top level or start function. */
  readonly loadFuel: number;
}

/** Why a call gave no usable answer. */
export type CallFailure =
  /** Used up its fuel (or was stopped by the safety cap, and flagged so): all its children idle. */
  | 'over_budget'
  /** The bot threw, or returned something that is not a string. */
  | 'error'
  /** The runtime trapped (memory exhausted, stack overflow, a fault): reloaded next turn. */
  | 'crash'
  /** The bot crashed too often and is no longer called. */
  | 'retired'
  /** The game terminated the bot after it ran over its time (block drop): it is no longer called. */
  | 'terminated';

export type LoadFailureCode =
  | 'BUNDLE_SYNTAX'
  | 'BUNDLE_NO_ENTRY'
  | 'BUNDLE_LINK'
  | 'BUNDLE_INIT'
  | 'BUNDLE_INVALID'
  /** Over a size bound, or its preparation (WASI asyncify) took too long. */
  | 'BUNDLE_TOO_LARGE'
  | 'NO_HANDSHAKE';

export interface LoadFailure {
  readonly code: LoadFailureCode;
  readonly message: string;
  /** Set when the safety cap on CPU time stopped the loading, not its fuel: the match is not reproducible. */
  readonly safetyCap?: true;
}

/** A bot that is data the rules read (an ant brain), not code run in the sandbox. */
export interface TextBot {
  readonly kind: 'text';
  readonly code: string;
  readonly name?: string;
}
