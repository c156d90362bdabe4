import { MAX_RELOADS } from './policy.js';
import { safetyCapMs } from './safety-cap.js';
import type { Bot, BotContext, CallBudget, CallResult, LoadFailure, LoadResult } from './types.js';
import { BotLog } from './bot-log.js';

/**
 * What a bot's life in a match is, whatever its language: the first load
 * under the load fuel; one call per turn under the turn's fuel, each with a
 * safety cap on CPU time that follows from that fuel; a runtime that stopped
 * mid-call (a trap, fuel run out inside it, the safety cap) dropped and
 * loaded fresh before the next call, counted as a crash; a bot that crashed
 * more than MAX_RELOADS times retired; its answer cut at the output cap and
 * its log at the log cap. A language supplies only its runtime
 * ({@link LanguageRuntime}): how to load a module and make one call.
 */

/** Fuel and CPU time one load or one call may spend. */
export interface Allowance {
  readonly fuel: number;
  /** The safety cap on CPU time, in ms (safety-cap.ts). */
  readonly capMs: number;
}

/** What one call came to, as the language's runtime saw it. */
export type CallOutcome =
  | { readonly kind: 'answer'; readonly text: string; readonly fuel: number; readonly truncated?: boolean }
  /** The bot threw, or returned something that is not a string: its runtime is kept. */
  | { readonly kind: 'error'; readonly fuel: number; readonly detail: string }
  /** Stopped cleanly once its fuel was used: its runtime is kept. */
  | { readonly kind: 'over_budget'; readonly fuel: number; readonly detail: string }
  /** Its runtime stopped mid-call on its fuel or the safety cap (flagged): dropped, and loaded fresh next turn. */
  | { readonly kind: 'stopped'; readonly fuel: number; readonly detail: string; readonly safetyCap?: true }
  /** Its runtime trapped (memory, stack, a fault): dropped, and loaded fresh next turn. */
  | { readonly kind: 'crash'; readonly fuel: number; readonly detail: string };

/** One loaded runtime of a bot: its module run, ready to be called. */
export interface LanguageInstance {
  call(input: string, allowance: Allowance, turn: number, outputChars: number): Promise<CallOutcome>;
  /**
   * The log written since it was last taken, for runtimes that keep their
   * own; 'trapped' when taking it broke the runtime (a crash, reloaded next turn).
   */
  takeLog?(): Promise<string | 'trapped'>;
  dispose?(): void;
}

/** A language's runtime for one bot: loads fresh instances of its module. */
export interface LanguageRuntime {
  /** A fresh instance with the module loaded under `allowance`, or why it does not load. */
  start(allowance: Allowance, log: BotLog): Promise<LanguageInstance | LoadFailure>;
  /** A stdin/stdout player (sent the game's end marker). */
  readonly stdio?: boolean;
  /**
   * Log chunks taken from instances are kept up to the log cap plus this
   * headroom (room for the runtime's own note about dropped lines); absent
   * where the runtime caps its log itself.
   */
  readonly logHeadroom?: number;
  /**
   * What a retired bot's later calls record: every one why it was retired
   * (Python's record), or 'not loaded' after the first (JavaScript's and
   * WebAssembly's). Kept apart so that replays stay byte-identical.
   */
  readonly retiredRecord: 'every-call' | 'first-call';
}

const isFailure = (made: LanguageInstance | LoadFailure): made is LoadFailure => 'code' in made && 'message' in made;

/** Loads a bot through its language's runtime and gives it the common life. */
export async function loadBot(runtime: LanguageRuntime, ctx: BotContext): Promise<LoadResult> {
  const bot = new LivingBot(runtime, ctx);
  const failure = await bot.firstLoad();
  return failure ? { ok: false, failure } : { ok: true, bot };
}

class LivingBot implements Bot {
  crashes = 0;
  private turns = 0;
  private reloadNext = false;
  private retired: string | null = null;
  private instance: LanguageInstance | null = null;
  private readonly log_: BotLog;

  constructor(
    private readonly runtime: LanguageRuntime,
    private readonly ctx: BotContext,
  ) {
    this.log_ = new BotLog(ctx.limits.logChars);
  }

  get stdio(): boolean | undefined {
    return this.runtime.stdio;
  }

  async firstLoad(): Promise<LoadFailure | null> {
    const made = await this.runtime.start(this.loadAllowance(), this.log_);
    if (isFailure(made)) return made;
    this.instance = made;
    await this.collectLog();
    return null;
  }

  async act(input: string, budget: CallBudget): Promise<CallResult> {
    this.turns++;
    if (this.reloadNext) {
      this.reloadNext = false;
      if (this.crashes > MAX_RELOADS) return this.retire(`crashed ${this.crashes} times`);
      const made = await this.runtime.start(this.loadAllowance(), this.log_);
      if (isFailure(made) && made.safetyCap) {
        this.crashes++;
        this.reloadNext = true;
        return {
          output: null,
          fuel: 0,
          failure: 'over_budget',
          detail: `reload failed: ${made.message}; reloaded next turn`,
          safetyCap: true,
        };
      }
      if (isFailure(made)) return this.dropped('crash', `reload failed: ${made.message}`, 0);
      this.instance = made;
    }
    if (this.retired !== null) return { output: null, fuel: 0, failure: 'retired', detail: this.retired };
    const instance = this.instance;
    if (!instance) return { output: null, fuel: 0, failure: 'retired', detail: 'not loaded' };
    const allowance = { fuel: budget.fuel, capMs: safetyCapMs(budget.fuel, this.ctx.safetyCapFactor) };
    const outcome = await instance.call(input, allowance, this.turns, this.ctx.limits.outputChars);
    await this.collectLog();
    return this.result(outcome);
  }

  private result(outcome: CallOutcome): CallResult {
    const { fuel } = outcome;
    switch (outcome.kind) {
      case 'answer': {
        const limit = this.ctx.limits.outputChars;
        const cut = outcome.text.length > limit;
        return {
          output: cut ? outcome.text.slice(0, limit) : outcome.text,
          fuel,
          ...(cut || outcome.truncated ? { truncated: true } : {}),
        };
      }
      case 'error':
        return { output: null, fuel, failure: 'error', detail: outcome.detail };
      case 'over_budget':
        return { output: null, fuel, failure: 'over_budget', detail: outcome.detail };
      case 'stopped':
        return this.dropped('over_budget', outcome.detail, fuel, outcome.safetyCap);
      case 'crash':
        return this.dropped('crash', outcome.detail, fuel);
    }
  }

  /** The runtime stopped mid-call or would not reload: counted as a crash, and loaded fresh next turn. */
  private dropped(failure: 'over_budget' | 'crash', detail: string, fuel: number, safetyCap?: true): CallResult {
    this.crashes++;
    this.reloadNext = true;
    this.instance = null;
    return {
      output: null,
      fuel,
      failure,
      detail: `${detail}; reloaded next turn`,
      ...(safetyCap ? { safetyCap } : {}),
    };
  }

  private retire(why: string): CallResult {
    if (this.runtime.retiredRecord === 'every-call') this.retired = why;
    this.instance = null;
    return { output: null, fuel: 0, failure: 'retired', detail: why };
  }

  private loadAllowance(): Allowance {
    return { fuel: this.ctx.loadFuel, capMs: safetyCapMs(this.ctx.loadFuel, this.ctx.safetyCapFactor) };
  }

  /** Moves the instance's new log lines here; a runtime that breaks doing so is a crash. */
  private async collectLog(): Promise<void> {
    const instance = this.instance;
    if (!instance?.takeLog) return;
    const text = await instance.takeLog();
    if (text === 'trapped') {
      this.crashes++;
      this.reloadNext = true;
      this.instance = null;
      return;
    }
    this.log_.addChunk(text, this.runtime.logHeadroom);
  }

  log(): string {
    return this.log_.text;
  }

  dispose(): void {
    this.instance?.dispose?.();
    this.instance = null;
    if (this.runtime.retiredRecord === 'every-call') this.retired = 'disposed';
  }
}
