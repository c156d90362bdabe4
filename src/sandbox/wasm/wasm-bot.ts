import { MAX_RELOADS } from '../policy.js';
import { safetyCapDetail, safetyCapMs } from '../safety-cap.js';
import type { Bot, BotContext, CallBudget, CallResult, LoadResult } from '../types.js';
import type { HarnessCall, HarnessStarted } from './harness.js';
import { WasmFormatError } from './leb.js';
import { meterWasm, moduleInterface } from './meter.js';
import { MAX_STACK_SLOTS, frameSlots, limitCallDepth } from './call-depth.js';
import { addRefuelHook } from './refuel-hook.js';
import { asyncifyTooLarge } from './wasi-limits.js';

/**
 * The WebAssembly bot ABI (docs/wasm-abi.md); WASI command modules are run
 * as stdin/stdout players instead:
 * - export `memory`, `alloc(len: i32) -> i32` and `act(ptr: i32, len: i32) -> i64`;
 *   `act` reads the turn's input (UTF-8) at ptr and returns (outPtr << 32) | outLen;
 * - optional export `init()`, run once after loading;
 * - the only imports offered: `umpire.log(ptr, len)`, and for AssemblyScript
 *   `env.abort`, `env.seed` and `env.trace`.
 */
const OFFERED_IMPORTS = new Set(['umpire.log', 'env.abort', 'env.seed', 'env.trace']);
const KIND_FUNCTION = 0;
/** Why a call that nested too deep for the stack stopped. */
const TOO_DEEP = 'nested calls too deep for the stack';
const KIND_MEMORY = 2;

/** Where a bot's instance lives: in-process, or in a Worker Loader isolate. */
export interface WasmSession {
  /** Loads a fresh instance under `fuel` and a safety cap of `capMs` ms of CPU time. */
  start(fuel: number, capMs: number): Promise<HarnessStarted>;
  call(input: string, fuel: number, outputLimit: number, capMs: number): Promise<HarnessCall>;
  takeLog(): Promise<string>;
}

/** Opens a session on a metered module; throws if the runtime rejects the module. */
export type WasmSessionFactory = (metered: Uint8Array, seed: number, logLimit: number) => Promise<WasmSession>;

/** Makes a WASI command module suspendable at `fd_read` (asyncify); not every runtime can. */
export type WasiPreparer = (bytes: Uint8Array) => Promise<Uint8Array>;

const WASI = 'wasi_snapshot_preview1';

/** Whether a module is a WASI command module, and whether asyncify already made it suspendable. */
export function wasiKind(bytes: Uint8Array): 'none' | 'raw' | 'prepared' {
  const { imports, exports } = moduleInterface(bytes);
  if (!imports.some((i) => i.module === WASI) || !exports.some((e) => e.name === '_start')) return 'none';
  return exports.some((e) => e.name === 'asyncify_get_state') ? 'prepared' : 'raw';
}

/**
 * A WebAssembly bot: metered, memory-capped, called once per turn. A trap
 * (fuel included: the instance cannot be resumed) reloads it fresh next turn;
 * after {@link MAX_RELOADS} reloads it is retired.
 */
export class WasmBot implements Bot {
  crashes = 0;
  private logText = '';
  private reloadNext = false;
  private started = false;

  private constructor(
    private readonly session: WasmSession,
    private readonly ctx: BotContext,
    /** A WASI command module: a stdin/stdout player. */
    readonly stdio: boolean,
  ) {}

  static async load(open: WasmSessionFactory, bytes: Uint8Array, ctx: BotContext, prepareWasi?: WasiPreparer): Promise<LoadResult> {
    let metered: Uint8Array;
    let stdio = false;
    try {
      const kind = wasiKind(bytes);
      stdio = kind !== 'none';
      if (kind === 'raw') {
        if (!prepareWasi) {
          return {
            ok: false,
            failure: { code: 'BUNDLE_INVALID', message: 'this runtime cannot prepare WASI modules: send one made by `umpire prepare-wasi`' },
          };
        }
        const tooLarge = asyncifyTooLarge(bytes);
        if (tooLarge) return { ok: false, failure: { code: 'BUNDLE_TOO_LARGE', message: tooLarge } };
        try {
          bytes = await prepareWasi(bytes);
        } catch (e) {
          if (e instanceof WasmFormatError) throw e;
          return { ok: false, failure: { code: 'BUNDLE_INVALID', message: `the WASI module could not be made suspendable: ${(e as Error).message}` } };
        }
      }
      // Its frames counted in stack slots: deep recursion traps at the same call in every runtime, before V8's stack ends.
      metered = limitCallDepth(meterWasm(bytes, { memoryBytes: ctx.limits.memoryBytes, deferStart: true, strict: true }).bytes, MAX_STACK_SLOTS, frameSlots);
      // Its fuel checks call the host when the counter runs out, which hands the budget out in slices and keeps the safety cap.
      metered = addRefuelHook(metered);
      const { imports, exports } = moduleInterface(bytes);
      const offered = (i: { module: string; name: string }) => (kind === 'none' ? OFFERED_IMPORTS.has(`${i.module}.${i.name}`) : i.module === WASI);
      const unknown = imports.find((i) => !offered(i));
      if (unknown) {
        return { ok: false, failure: { code: 'BUNDLE_LINK', message: `imports ${unknown.module}.${unknown.name}, which bots are not offered` } };
      }
      const has = (name: string, kind: number) => exports.some((e) => e.name === name && e.kind === kind);
      const entries = kind === 'none' ? ['alloc', 'act'] : ['_start'];
      const missing = [...entries.filter((n) => !has(n, KIND_FUNCTION)), ...(has('memory', KIND_MEMORY) ? [] : ['memory'])];
      if (missing.length > 0) {
        return { ok: false, failure: { code: 'BUNDLE_NO_ENTRY', message: `the module does not export ${missing.join(', ')}` } };
      }
    } catch (e) {
      if (e instanceof WasmFormatError) return { ok: false, failure: { code: 'BUNDLE_INVALID', message: e.message } };
      throw e;
    }
    let session: WasmSession;
    try {
      session = await open(metered, ctx.seed, ctx.limits.logChars);
    } catch (e) {
      return { ok: false, failure: { code: 'BUNDLE_INVALID', message: `not a valid WebAssembly module: ${(e as Error).message}` } };
    }
    const bot = new WasmBot(session, ctx, stdio);
    const started = await session.start(ctx.loadFuel, safetyCapMs(ctx.loadFuel, ctx.safetyCapFactor));
    if (started) {
      const { problem, safetyCap } = started;
      return { ok: false, failure: { code: problem.startsWith('link') ? 'BUNDLE_LINK' : 'BUNDLE_INIT', message: problem, ...(safetyCap ? { safetyCap } : {}) } };
    }
    bot.started = true;
    await bot.collectLog();
    return { ok: true, bot };
  }

  async act(input: string, budget: CallBudget): Promise<CallResult> {
    if (this.reloadNext) {
      this.reloadNext = false;
      if (this.crashes > MAX_RELOADS) return { output: null, fuel: 0, failure: 'retired', detail: `crashed ${this.crashes} times` };
      const started = await this.session.start(this.ctx.loadFuel, safetyCapMs(this.ctx.loadFuel, this.ctx.safetyCapFactor));
      this.started = started === null;
      if (started?.safetyCap) {
        this.crashed('', 0);
        return { output: null, fuel: 0, failure: 'over_budget', detail: `reload failed: ${started.problem}; reloaded next turn`, safetyCap: true };
      }
      if (started) return this.crashed(`reload failed: ${started.problem}`, 0);
    }
    if (!this.started) return { output: null, fuel: 0, failure: 'retired', detail: 'not loaded' };
    const capMs = safetyCapMs(budget.fuel, this.ctx.safetyCapFactor);
    const r = await this.session.call(input, budget.fuel, this.ctx.limits.outputChars, capMs);
    await this.collectLog();
    const used = Math.min(budget.fuel, budget.fuel - r.fuelLeft);
    if (r.kind === 'ok') return { output: r.output, fuel: used, ...(r.truncated ? { truncated: true } : {}) };
    if (r.kind === 'bad_range') return { output: null, fuel: used, failure: 'error', detail: 'act returned a range outside memory' };
    if (r.safetyCap) {
      // The instance stopped mid-call: it is dropped and loaded fresh next turn, as after a trap.
      this.crashed('', used);
      return { output: null, fuel: used, failure: 'over_budget', detail: `${safetyCapDetail(capMs)}; reloaded next turn`, safetyCap: true };
    }
    if (r.fuelLeft < 0) {
      this.crashed('', used);
      return { output: null, fuel: budget.fuel, failure: 'over_budget', detail: 'used up its fuel; reloaded next turn' };
    }
    // The count of stack slots ran over (or V8's stack, which the count is sized to beat): charged the whole budget, as JS and Python bots are.
    if ((r.depth ?? 0) > MAX_STACK_SLOTS || /Maximum call stack size exceeded/.test(r.message)) return this.crashed(TOO_DEEP, budget.fuel);
    return this.crashed(r.message, used);
  }

  private crashed(detail: string, fuel: number): CallResult {
    this.crashes++;
    this.reloadNext = true;
    this.started = false;
    return { output: null, fuel, failure: 'crash', detail: `${detail}; reloaded next turn` };
  }

  private async collectLog(): Promise<void> {
    const text = await this.session.takeLog();
    if (text) this.logText += (this.logText ? '\n' : '') + text;
  }

  log(): string {
    return this.logText;
  }

  dispose(): void {
    this.started = false;
  }
}
