import releaseSyncModule from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
} from 'quickjs-emscripten-core';
import { FUEL_EXPORT } from '../wasm/meter.js';
import type { Bot, BotContext, CallBudget, CallResult, LoadResult } from '../types.js';
import { PRELUDE } from './prelude.js';
import { MAX_RELOADS, VIRTUAL_EPOCH_MS, fuelPerMs } from '../policy.js';

import quickjsGlue from '../../../build/quickjs-glue.cjs';

// The package's types describe its CommonJS build; as an ES module its default export is the variant.
// Its emscripten glue is replaced by the one the build copied, the same in every runtime: fuel
// counts the work the glue asks of the engine, and replays must not depend on the runtime.
const RELEASE_SYNC: QuickJSSyncVariant = {
  ...(releaseSyncModule as unknown as QuickJSSyncVariant),
  importModuleLoader: async () => quickjsGlue as never,
};

/** Supplies the fuel-metered QuickJS module (compiled once per process, or imported statically). */
export type QuickJSModuleSource = () => Promise<WebAssembly.Module>;

const PAGE = 65536;
/**
 * What a call of the virtual clock (Date.now, new Date) costs: a call out of
 * QuickJS to the host takes several microseconds, which the instructions the
 * counter sees would price a few dozen times lower (`npm run calibrate`).
 */
export const CLOCK_CALL_FUEL = 120_000;

/** QuickJS starts with 16 MiB of linear memory. */
const INITIAL_PAGES = 256;

/** Helpers the prelude hands to the host. */
interface Helpers {
  takeLog: QuickJSHandle;
  findAct: QuickJSHandle;
  invoke: QuickJSHandle;
  describe: QuickJSHandle;
}

/** One QuickJS in its own linear memory, with the bot's module evaluated. */
class Instance {
  private constructor(
    readonly runtime: QuickJSRuntime,
    readonly vm: QuickJSContext,
    readonly fuel: WebAssembly.Global,
    readonly helpers: Helpers,
    readonly act: QuickJSHandle,
  ) {}

  /** Fuel left on the counter. */
  get left(): bigint {
    return this.fuel.value as bigint;
  }

  static async create(source: QuickJSModuleSource, code: string, ctx: BotContext, meter: Meter): Promise<Instance | LoadFailed> {
    const module = await source();
    const pages = Math.floor(ctx.limits.memoryBytes / PAGE);
    if (pages < INITIAL_PAGES) return loadFailed('BUNDLE_INVALID', `memory limit below QuickJS's ${(INITIAL_PAGES * PAGE) >> 20} MiB`);
    let instance: WebAssembly.Instance | undefined;
    const variant = newVariant(RELEASE_SYNC, {
      wasmMemory: new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: pages }),
      emscriptenModule: {
        instantiateWasm(imports: WebAssembly.Imports, done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) {
          instance = new WebAssembly.Instance(module, chargingHostCalls(imports, () => instance?.exports[FUEL_EXPORT] as WebAssembly.Global | undefined));
          done(instance, module);
          return instance.exports;
        },
      } as object,
    });
    const qjs = await newQuickJSWASMModuleFromVariant(variant);
    const fuel = instance!.exports[FUEL_EXPORT] as WebAssembly.Global;
    const runtime = qjs.newRuntime();
    // QuickJS's own limit makes most runaway allocations a catchable error before the hard cap.
    runtime.setMemoryLimit(Math.max(INITIAL_PAGES * PAGE, ctx.limits.memoryBytes - 8 * 1024 * 1024));
    runtime.setMaxStackSize(256 * 1024);
    runtime.setInterruptHandler(() => meter.shouldStop(fuel));
    const vm = runtime.newContext();
    // Each bot has its own WebAssembly instance: a failed one is dropped whole, not disposed.
    const fail = loadFailed;
    try {
      meter.start(fuel, ctx.loadFuel, ctx.wallMs ?? 0);
      const clock = vm.newFunction('clock', () => {
        meter.charge(fuel, CLOCK_CALL_FUEL);
        return vm.newNumber(meter.clock(fuel));
      });
      const setup = vm.unwrapResult(vm.evalCode(PRELUDE, 'prelude.js'));
      const helpersHandle = vm.unwrapResult(
        vm.callFunction(setup, vm.undefined, vm.newNumber(ctx.seed >>> 0), vm.newNumber(ctx.limits.logChars), clock),
      );
      setup.dispose();
      clock.dispose();
      const helpers: Helpers = {
        takeLog: vm.getProp(helpersHandle, 'takeLog'),
        findAct: vm.getProp(helpersHandle, 'findAct'),
        invoke: vm.getProp(helpersHandle, 'invoke'),
        describe: vm.getProp(helpersHandle, 'describe'),
      };
      helpersHandle.dispose();
      const evaluated = vm.evalCode(code, 'bot.js', { type: 'module' });
      if (evaluated.error) {
        const text = describeHandle(vm, helpers, evaluated.error);
        evaluated.error.dispose();
        const over = meter.overReason(fuel);
        if (over) return fail('BUNDLE_INIT', `the top level of the module ${over}`);
        const code = /SyntaxError/.test(text) ? 'BUNDLE_SYNTAX' : /could not load module|module/i.test(text) ? 'BUNDLE_LINK' : 'BUNDLE_INIT';
        return fail(code, text);
      }
      const act = vm.unwrapResult(vm.callFunction(helpers.findAct, vm.undefined, evaluated.value));
      evaluated.value.dispose();
      if (vm.typeof(act) !== 'function') {
        act.dispose();
        return fail('BUNDLE_NO_ENTRY', 'the module exports neither a default function nor a function named act');
      }
      return new Instance(runtime, vm, fuel, helpers, act);
    } catch (e) {
      // A trap while loading: the instance is unusable; nothing more is called in it.
      const over = meter.overReason(fuel);
      return loadFailed('BUNDLE_INIT', over ? `the top level of the module ${over}` : `the runtime failed while loading: ${(e as Error).message}`);
    }
  }

}

/**
 * What any call out of the engine to its emscripten glue costs (local time,
 * heap growth, host functions...): about a microsecond of host work, which
 * the counter does not see. Charged before the call, like the imports of
 * WebAssembly bots (docs/wasm-abi.md).
 */
export const ENGINE_HOST_CALL_FUEL = 20_000;

/** The glue's imports, each taking its cost off the engine's fuel before it runs. */
function chargingHostCalls(imports: WebAssembly.Imports, fuel: () => WebAssembly.Global | undefined): WebAssembly.Imports {
  const wrapped: WebAssembly.Imports = {};
  for (const [module, entries] of Object.entries(imports)) {
    wrapped[module] = {};
    for (const [name, value] of Object.entries(entries)) {
      wrapped[module][name] =
        typeof value === 'function'
          ? (...args: unknown[]) => {
              const counter = fuel();
              if (counter) counter.value = (counter.value as bigint) - BigInt(ENGINE_HOST_CALL_FUEL);
              return (value as (...a: unknown[]) => unknown)(...args);
            }
          : value;
    }
  }
  return wrapped;
}

interface LoadFailed {
  readonly failed: true;
  readonly code: 'BUNDLE_SYNTAX' | 'BUNDLE_NO_ENTRY' | 'BUNDLE_LINK' | 'BUNDLE_INIT' | 'BUNDLE_INVALID';
  readonly message: string;
}

function loadFailed(code: LoadFailed['code'], message: string): LoadFailed {
  return { failed: true, code, message };
}

function describeHandle(vm: QuickJSContext, helpers: Helpers, error: QuickJSHandle): string {
  const r = vm.callFunction(helpers.describe, vm.undefined, error);
  if (r.error) {
    r.error.dispose();
    return 'an unprintable error';
  }
  const text = unescapeText(vm.getString(r.value));
  r.value.dispose();
  return text;
}

/** Restores what the prelude escaped so that text survives being read as a C string (NUL and \x01). */
export function unescapeText(text: string): string {
  return text.includes('\x01') ? text.replace(/\x01([01])/g, (_, c: string) => (c === '0' ? '\0' : '\x01')) : text;
}

/**
 * Fuel bookkeeping of one call: the counter is set to the budget plus a
 * margin; QuickJS's interrupt handler stops the bot cleanly once the budget
 * is used (or the wall-clock cap passed); inside long built-ins, where
 * QuickJS does not poll, the counter's trap is the hard stop.
 */
class Meter {
  private budget = 0;
  private start_ = 0n;
  private deadline = 0;
  private wallMs = 0;
  private clockBase = 0;
  /** Whether the wall-clock cap stopped the bot in this call. */
  timedOut = false;

  start(fuel: WebAssembly.Global, budget: number, wallMs: number, clockBase = VIRTUAL_EPOCH_MS): void {
    this.budget = budget;
    this.start_ = BigInt(budget) + BigInt(Math.max(budget, 50_000_000));
    fuel.value = this.start_;
    this.wallMs = wallMs;
    this.deadline = wallMs > 0 ? performance.now() + wallMs : 0;
    this.timedOut = false;
    this.clockBase = clockBase;
  }

  used(fuel: WebAssembly.Global): number {
    return Number(this.start_ - (fuel.value as bigint));
  }

  stopped(fuel: WebAssembly.Global): boolean {
    return this.used(fuel) >= this.budget;
  }

  shouldStop(fuel: WebAssembly.Global): boolean {
    if (this.stopped(fuel)) return true;
    if (this.deadline > 0 && performance.now() > this.deadline) this.timedOut = true;
    return this.timedOut;
  }

  /** Why the call is over its budget ('used up its fuel', or the wall clock), or null if it is not. */
  overReason(fuel: WebAssembly.Global): string | null {
    if (this.stopped(fuel)) return 'used up its fuel';
    return this.timedOut ? `passed its wall-clock cap of ${this.wallMs} ms` : null;
  }

  /** Takes host work the counter does not see off the fuel left. */
  charge(fuel: WebAssembly.Global, units: number): void {
    fuel.value = (fuel.value as bigint) - BigInt(units);
  }

  /** The virtual clock: the call's start time plus the fuel used, at the calibrated rate. */
  clock(fuel: WebAssembly.Global): number {
    return this.clockBase + Math.floor(this.used(fuel) / fuelPerMs());
  }
}

/**
 * A JavaScript bot: an ES module whose default export (or export `act`) maps
 * the turn's input text to the answer text. Its top level runs once; its
 * globals persist between turns. After a trap it is reloaded fresh on the
 * next call; after {@link MAX_RELOADS} reloads it is retired.
 */
export class JsBot implements Bot {
  crashes = 0;
  private logText = '';
  private turns = 0;
  private reloadNext = false;
  private readonly meter = new Meter();

  private constructor(
    private readonly source: QuickJSModuleSource,
    private readonly code: string,
    private readonly ctx: BotContext,
    private instance: Instance | null,
  ) {}

  static async load(source: QuickJSModuleSource, code: string, ctx: BotContext): Promise<LoadResult> {
    const bot = new JsBot(source, code, ctx, null);
    const made = await Instance.create(source, code, ctx, bot.meter);
    if ('failed' in made) return { ok: false, failure: { code: made.code, message: made.message } };
    bot.instance = made;
    bot.collectLog();
    return { ok: true, bot };
  }

  async act(input: string, budget: CallBudget): Promise<CallResult> {
    this.turns++;
    if (this.reloadNext) {
      this.reloadNext = false;
      if (this.crashes > MAX_RELOADS) return { output: null, fuel: 0, failure: 'retired', detail: `crashed ${this.crashes} times` };
      const made = await Instance.create(this.source, this.code, this.ctx, this.meter);
      if ('failed' in made) return this.crashed(`reload failed: ${made.message}`, 0);
      this.instance = made;
    }
    const inst = this.instance;
    if (!inst) return { output: null, fuel: 0, failure: 'retired', detail: 'not loaded' };
    const { vm } = inst;
    this.meter.start(inst.fuel, budget.fuel, budget.wallMs, VIRTUAL_EPOCH_MS + this.turns * 1000);
    try {
      const arg = vm.newString(input);
      const limit = vm.newNumber(this.ctx.limits.outputChars);
      const r = vm.callFunction(inst.helpers.invoke, vm.undefined, inst.act, arg, limit);
      arg.dispose();
      limit.dispose();
      if (r.error) {
        // Describing the thrown value runs its getters: bot code, on the call's own fuel.
        const described = this.meter.overReason(inst.fuel) ? null : describeHandle(vm, inst.helpers, r.error);
        r.error.dispose();
        const used = this.meter.used(inst.fuel);
        const over = this.meter.overReason(inst.fuel);
        this.collectLog();
        if (over) return { output: null, fuel: used, failure: 'over_budget', detail: described === null ? over : `${over} (describing its error)` };
        return { output: null, fuel: used, failure: 'error', detail: described ?? 'an unprintable error' };
      }
      const used = this.meter.used(inst.fuel);
      // An answer that comes back after the budget ran out (QuickJS polls its interrupt handler only now and then) is late.
      // Read before collecting the log, which restarts the meter for its own work.
      const over = this.meter.overReason(inst.fuel);
      const text = unescapeText(vm.getString(r.value));
      r.value.dispose();
      this.collectLog();
      if (over) return { output: null, fuel: used, failure: 'over_budget', detail: `${over} before answering` };
      if (text[0] === 'N') return { output: null, fuel: used, failure: 'error', detail: `returned ${text.slice(1)}, not a string` };
      return { output: text.slice(1), fuel: used, ...(text[0] === 'T' ? { truncated: true } : {}) };
    } catch (e) {
      // A trap inside the runtime: fuel ran out inside a built-in, memory ran out, or a fault.
      const used = this.meter.used(inst.fuel);
      this.instance = null;
      const over = this.meter.overReason(inst.fuel);
      if (over) {
        this.crashes++;
        this.reloadNext = true;
        return { output: null, fuel: used, failure: 'over_budget', detail: `${over} inside a built-in; reloaded next turn` };
      }
      return this.crashed((e as Error).message, used);
    }
  }

  private crashed(detail: string, fuel: number): CallResult {
    this.crashes++;
    this.reloadNext = true;
    this.instance = null;
    return { output: null, fuel, failure: 'crash', detail: `${detail}; reloaded next turn` };
  }

  /** Moves the bot's new log lines to the host; a trap here counts as a crash. */
  private collectLog(): void {
    const inst = this.instance;
    if (!inst) return;
    let text: string;
    try {
      this.meter.start(inst.fuel, 100_000_000, 0);
      const r = inst.vm.callFunction(inst.helpers.takeLog, inst.vm.undefined);
      if (r.error) {
        r.error.dispose();
        return;
      }
      text = unescapeText(inst.vm.getString(r.value));
      r.value.dispose();
    } catch {
      this.crashes++;
      this.reloadNext = true;
      this.instance = null;
      return;
    }
    // The bot side caps what it writes; the headroom keeps its note about dropped lines.
    const cap = this.ctx.limits.logChars + 256;
    if (text && this.logText.length < cap) {
      this.logText += (this.logText ? '\n' : '') + text;
      if (this.logText.length > cap) this.logText = this.logText.slice(0, cap);
    }
  }

  log(): string {
    return this.logText;
  }

  /** Drops the bot's runtime; its memory goes with its WebAssembly instance. */
  dispose(): void {
    this.instance = null;
  }
}
