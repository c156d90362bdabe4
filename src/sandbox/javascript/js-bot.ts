import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import { FuelTank } from '../fuel-tank.js';
import { safetyCapDetail } from '../safety-cap.js';
import { MAX_STACK_SLOTS } from '../wasm/call-depth.js';
import type { BotContext, LoadFailure, LoadResult } from '../types.js';
import {
  loadBot,
  type Allowance,
  type CallOutcome,
  type LanguageInstance,
  type LanguageRuntime,
} from '../lifecycle.js';
import { botFrames, ErrorReports, STACK_OF, withPlace } from './error-report.js';
import { VIRTUAL_EPOCH_MS, fuelPerMs } from '../policy.js';
import { type Engine, INITIAL_BYTES, INITIAL_PAGES } from './engine.js';
import { keepEngine, takeEngine } from './engine-pool.js';
import { templateContext } from './engine-template.js';
import { EngineCalls } from './engine-call.js';

/** Supplies the fuel-metered QuickJS module (compiled once per process, or imported statically). */
export type QuickJSModuleSource = () => Promise<WebAssembly.Module>;

const PAGE = 65536;
/**
 * What a call of the virtual clock (Date.now, new Date) costs: a call out of
 * QuickJS to the host takes several microseconds, which the instructions the
 * counter sees would price a few dozen times lower (`npm run calibrate`).
 */
export const CLOCK_CALL_FUEL = 120_000;

/** Why a call that nested too deep for the engine's stack stopped. */
const TOO_DEEP = "nested calls too deep for the interpreter's stack";

/** What reading an error's stack may spend, apart from the bot's own fuel (as taking its log is). */
const STACK_FUEL = 20_000_000;

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
    readonly helpers: Helpers,
    readonly act: QuickJSHandle,
    readonly file: string,
    /** The engine the bot runs in: its memory is put back as it was after reading a stack. */
    readonly engine: Engine,
    /** The context's calls on the hot path (engine-call.ts). */
    readonly calls: EngineCalls,
  ) {}

  get fuel(): WebAssembly.Global {
    return this.engine.fuel;
  }

  /** The count of stack slots in use (wasm/call-depth.ts). */
  get depth(): WebAssembly.Global | undefined {
    return this.engine.depth;
  }

  /**
   * The bot's own frames of a thrown value's stack, read in the middle of
   * its call and leaving no trace on it: its memory, its fuel counter, the
   * meter and the depth count are put back as they were. Null when they were
   * not read (memory too large to copy).
   */
  frames(error: QuickJSHandle, meter: Meter): string[] | null {
    const depth = this.depth?.value as number | undefined;
    const putBack = meter.saved();
    try {
      return framesLeavingNoTrace(this.engine.memory, () => stackFrames(this.vm, error, meter, this.file));
    } finally {
      putBack();
      if (this.depth && depth !== undefined) this.depth.value = depth;
    }
  }

  static async create(
    source: QuickJSModuleSource,
    code: string,
    file: string,
    ctx: BotContext,
    meter: Meter,
    load: Allowance,
  ): Promise<Instance | LoadFailed> {
    const module = await source();
    const pages = Math.floor(ctx.limits.memoryBytes / PAGE);
    if (pages < INITIAL_PAGES)
      return loadFailed('BUNDLE_INVALID', `memory limit below QuickJS's ${INITIAL_BYTES >> 20} MiB`);
    // An engine as the template left it: a runtime, a context and the prelude evaluated (engine-template.ts).
    const { engine, template } = takeEngine(module, pages);
    meter.attach(engine.fuel, engine.hooked);
    engine.refuel = () => meter.refuel();
    const { runtime, vm, setup } = templateContext(engine, template);
    // QuickJS's own limit makes most runaway allocations a catchable error before the hard cap.
    runtime.setMemoryLimit(Math.max(INITIAL_BYTES, ctx.limits.memoryBytes - 8 * 1024 * 1024));
    runtime.setInterruptHandler(() => meter.shouldStop());
    // A load that failed with every call returned gives its engine back; after a trap it is dropped whole.
    const fail = (code: LoadFailed['code'], message: string, safetyCap = false) => {
      keepEngine(engine);
      return loadFailed(code, message, safetyCap);
    };
    try {
      meter.start(load.fuel, load.capMs);
      // The load pays for the prelude as when each bot evaluated it.
      meter.charge(template.preludeFuel);
      const clock = vm.newFunction('clock', () => {
        meter.charge(CLOCK_CALL_FUEL);
        return vm.newNumber(meter.clock());
      });
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
      const evaluated = vm.evalCode(code, file, { type: 'module' });
      if (evaluated.error) {
        const text = describeHandle(vm, helpers, evaluated.error);
        const over = meter.overReason();
        if (over) {
          evaluated.error.dispose();
          return fail('BUNDLE_INIT', `the top level of the module ${meter.capped ? 'was ' : ''}${over}`, meter.capped);
        }
        // The instance is dropped: what reading the stack leaves in its memory does not matter.
        const frames = stackFrames(vm, evaluated.error, meter, file);
        evaluated.error.dispose();
        const code = /SyntaxError/.test(text)
          ? 'BUNDLE_SYNTAX'
          : /could not load module|module/i.test(text)
            ? 'BUNDLE_LINK'
            : 'BUNDLE_INIT';
        return fail(code, withPlace(text, frames));
      }
      const act = vm.unwrapResult(vm.callFunction(helpers.findAct, vm.undefined, evaluated.value));
      evaluated.value.dispose();
      if (vm.typeof(act) !== 'function') {
        act.dispose();
        return fail('BUNDLE_NO_ENTRY', 'the module exports neither a default function nor a function named act');
      }
      return new Instance(runtime, vm, helpers, act, file, engine, new EngineCalls(engine, template.context, runtime));
    } catch (e) {
      // A trap while loading: the instance is unusable; nothing more is called in it.
      const over = meter.overReason();
      if (over)
        return loadFailed(
          'BUNDLE_INIT',
          `the top level of the module ${meter.capped ? 'was ' : ''}${over}`,
          meter.capped,
        );
      if (nestedTooDeep(engine.depth, e)) return loadFailed('BUNDLE_INIT', `the top level ${TOO_DEEP}`);
      return loadFailed('BUNDLE_INIT', `the runtime failed while loading: ${(e as Error).message}`);
    }
  }
}

/** A bot's memory past this is not copied to read a stack: the error is reported without its place. */
const MAX_COPIED_MEMORY = 32 * 1024 * 1024;

/**
 * Reads a stack in a loaded bot's engine and then puts its memory back byte
 * for byte, so that the bot's later calls allocate, collect and spend fuel
 * exactly as they would have had its stack not been read: replays and fuel
 * figures stay what they were before errors had places. Every handle made
 * while reading is disposed before the memory is put back.
 */
function framesLeavingNoTrace(memory: WebAssembly.Memory, read: () => string[]): string[] | null {
  if (memory.buffer.byteLength > MAX_COPIED_MEMORY) return null;
  const saved = new Uint8Array(memory.buffer).slice();
  try {
    return read();
  } finally {
    const now = new Uint8Array(memory.buffer);
    now.set(saved);
    // Pages the reading grew stay (memory cannot shrink), zeroed as new pages are.
    if (now.length > saved.length) now.fill(0, saved.length);
  }
}

/**
 * The bot's frames of a thrown value's stack, read by STACK_OF on STACK_FUEL
 * of its own (the call's fuel was counted before).
 */
function stackFrames(vm: QuickJSContext, error: QuickJSHandle, meter: Meter, file: string): string[] {
  try {
    meter.start(STACK_FUEL, 0);
    const made = vm.evalCode(STACK_OF, 'umpire-stack.js');
    if (made.error) {
      made.error.dispose();
      return [];
    }
    const r = vm.callFunction(made.value, vm.undefined, error);
    made.value.dispose();
    if (r.error) {
      r.error.dispose();
      return [];
    }
    const stack = vm.getString(r.value);
    r.value.dispose();
    return botFrames(stack, file);
  } catch {
    return [];
  }
}

/**
 * Whether a trap came from nesting too deep: the module's count of stack
 * slots ran over (it traps on entry to the frame that would pass the limit,
 * and the frames a trap unwinds stay counted), or V8's own stack overflowed
 * first, which the count is sized never to let happen.
 */
function nestedTooDeep(depth: WebAssembly.Global | undefined, error: unknown): boolean {
  if (depth && (depth.value as number) > MAX_STACK_SLOTS) return true;
  return error instanceof RangeError && /call stack/i.test(error.message);
}

interface LoadFailed {
  readonly failed: true;
  readonly code: 'BUNDLE_SYNTAX' | 'BUNDLE_NO_ENTRY' | 'BUNDLE_LINK' | 'BUNDLE_INIT' | 'BUNDLE_INVALID';
  readonly message: string;
  /** The safety cap stopped the loading. */
  readonly safetyCap?: true;
}

function loadFailed(code: LoadFailed['code'], message: string, safetyCap = false): LoadFailed {
  return { failed: true, code, message, ...(safetyCap ? { safetyCap: true as const } : {}) };
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
  // biome-ignore lint/suspicious/noControlCharactersInRegex: \x01 is the prelude's escape character
  return text.includes('\x01') ? text.replace(/\x01([01])/g, (_, c: string) => (c === '0' ? '\0' : '\x01')) : text;
}

/**
 * Fuel bookkeeping of one call: the counter gets the budget plus a margin
 * (through a FuelTank, in slices when the engine has the refuel hook);
 * QuickJS's interrupt handler stops the bot cleanly once the budget is used
 * or the safety cap has stopped it; inside long built-ins, where QuickJS
 * does not poll, the counter running out (and the cap, between slices) is
 * the hard stop.
 */
class Meter {
  private budget = 0;
  private start_ = 0n;
  private clockBase = 0;
  private counter: WebAssembly.Global | null = null;
  private tank = new FuelTank(() => this.counter, false);

  /** Meters a new instance's counter; `hooked` when its module calls the refuel hook. */
  attach(counter: WebAssembly.Global, hooked: boolean): void {
    this.counter = counter;
    if (this.tank.hooked !== hooked) this.tank = new FuelTank(() => this.counter, hooked);
  }

  /** Meters this instance's counter (the bot's current one). */
  use(counter: WebAssembly.Global): void {
    this.counter = counter;
  }

  /** The engine's refuel hook: the counter ran below zero. */
  refuel(): void {
    this.tank.refuel();
  }

  /** A call (or the load) under `budget`, with a safety cap of `capMs` of CPU time (0 for none). */
  start(budget: number, capMs: number, clockBase = VIRTUAL_EPOCH_MS): void {
    this.budget = budget;
    this.start_ = BigInt(budget) + BigInt(Math.max(budget, 50_000_000));
    this.tank.fill(this.start_, capMs);
    this.clockBase = clockBase;
  }

  used(): number {
    return Number(this.start_ - this.tank.left());
  }

  /** The meter's state (its call's budget and its tank's), as a function that puts it back. */
  saved(): () => void {
    const { budget, start_, clockBase } = this;
    const tank = this.tank.saved();
    return () => {
      Object.assign(this, { budget, start_, clockBase });
      tank();
    };
  }

  stopped(): boolean {
    return this.used() >= this.budget;
  }

  /** Whether the safety cap stopped this call. */
  get capped(): boolean {
    return this.tank.capped;
  }

  shouldStop(): boolean {
    return this.stopped() || this.tank.capped;
  }

  /**
   * Why the call is over its budget, or null if it is not: the safety cap,
   * once it has stopped the call (even past the budget, where it fired
   * before QuickJS's next poll would have), or else 'used up its fuel'.
   */
  overReason(): string | null {
    if (this.tank.capped) return safetyCapDetail(this.tank.cap);
    return this.stopped() ? 'used up its fuel' : null;
  }

  /** Takes host work the counter does not see off the fuel left (the engine's next check settles it). */
  charge(units: number): void {
    this.tank.debit(units);
  }

  /** The virtual clock: the call's start time plus the fuel used, at the calibrated rate. */
  clock(): number {
    return this.clockBase + Math.floor(this.used() / fuelPerMs());
  }
}

/**
 * A JavaScript bot: an ES module whose default export (or export `act`) maps
 * the turn's input text to the answer text. Its top level runs once; its
 * globals persist between turns. Its life (reloads after a trap, retirement,
 * caps) is the sandbox's common one (lifecycle.ts).
 */
export const JsBot = {
  load: (source: QuickJSModuleSource, code: string, ctx: BotContext, options: JsBotOptions = {}): Promise<LoadResult> =>
    loadBot(new QuickJSLanguage(source, code, ctx, options.file ?? 'bot.js', options.errorPlaces ?? true), ctx),
};

export interface JsBotOptions {
  /** The bot's module's name in its errors' places ('bot.ts' for a TypeScript bot). */
  readonly file?: string;
  /**
   * Whether a thrown error's place and frames are read for the log (default
   * yes). Without, the match is the same but for those log lines: how the
   * tests prove that reading them leaves no trace on replays and fuel.
   */
  readonly errorPlaces?: boolean;
}

/** QuickJS for one bot: one meter across its instances, a fresh instance per (re)load. */
class QuickJSLanguage implements LanguageRuntime {
  readonly retiredRecord = 'first-call';
  /** The prelude caps what the bot logs; the headroom keeps its note about dropped lines. */
  readonly logHeadroom = 256;
  private readonly meter = new Meter();
  /** Kept across reloads: an error thrown again after a reload is still a repeat. */
  private readonly reports = new ErrorReports();

  constructor(
    private readonly source: QuickJSModuleSource,
    private readonly code: string,
    private readonly ctx: BotContext,
    private readonly file: string,
    private readonly errorPlaces: boolean,
  ) {}

  async start(load: Allowance): Promise<LanguageInstance | LoadFailure> {
    const made = await Instance.create(this.source, this.code, this.file, this.ctx, this.meter, load);
    if ('failed' in made)
      return { code: made.code, message: made.message, ...(made.safetyCap ? { safetyCap: true } : {}) };
    return new LoadedQuickJS(made, this.meter, this.errorPlaces ? this.reports : null);
  }
}

/** One loaded instance, called turn by turn until a trap breaks it. */
class LoadedQuickJS implements LanguageInstance {
  /** A trap left the engine unusable: nothing more runs in it. */
  private broken = false;
  /** The report of the last call's error, for the log (error-report.ts). */
  private report = '';

  constructor(
    private readonly inst: Instance,
    private readonly meter: Meter,
    private readonly reports: ErrorReports | null,
  ) {}

  async call(input: string, allowance: Allowance, turn: number, outputChars: number): Promise<CallOutcome> {
    if (this.broken) return { kind: 'crash', fuel: 0, detail: 'the engine is no longer usable' };
    const { inst, meter } = this;
    const { vm } = inst;
    meter.use(inst.fuel);
    meter.start(allowance.fuel, allowance.capMs, VIRTUAL_EPOCH_MS + turn * 1000);
    // No frame of the engine is in progress between calls (one a host callback's error left counted is forgotten).
    if (inst.depth) inst.depth.value = 0;
    try {
      const arg = vm.newString(input);
      const limit = vm.newNumber(outputChars);
      const r = inst.calls.call(inst.helpers.invoke, vm.undefined, inst.act, arg, limit);
      arg.dispose();
      limit.dispose();
      if (r.error) {
        // Describing the thrown value runs its getters: bot code, on the call's own fuel.
        const described = meter.overReason() ? null : describeHandle(vm, inst.helpers, r.error);
        // The error's place, for the log: read before the error is let go, leaving the call as it was.
        const frames =
          described !== null && !meter.overReason() && this.reports?.wantsFrames(described)
            ? inst.frames(r.error, meter)
            : null;
        r.error.dispose();
        const used = meter.used();
        const over = meter.overReason();
        // A call the safety cap stopped, however it stopped (between two slices of fuel, or at QuickJS's next poll), is
        // loaded fresh next turn as after a trap, so that a bot the cap keeps stopping is retired after its reloads.
        if (meter.capped) return { kind: 'stopped', fuel: used, detail: over!, safetyCap: true };
        if (over)
          return {
            kind: 'over_budget',
            fuel: used,
            detail: described === null ? over : `${over} (describing its error)`,
          };
        const detail = described ?? 'an unprintable error';
        // The replay keeps the error's text as it always did; its place and frames go to the bot's log.
        this.report = this.reports?.report(turn, detail, frames) ?? '';
        return { kind: 'error', fuel: used, detail };
      }
      const used = meter.used();
      // An answer that comes back after the budget ran out (QuickJS polls its interrupt handler only now and then) is late.
      const over = meter.overReason();
      const capped = meter.capped;
      const text = unescapeText(vm.getString(r.value));
      r.value.dispose();
      if (capped) return { kind: 'stopped', fuel: used, detail: over!, safetyCap: true };
      if (over) return { kind: 'over_budget', fuel: used, detail: `${over} before answering` };
      if (text[0] === 'N') return { kind: 'error', fuel: used, detail: `returned ${text.slice(1)}, not a string` };
      return { kind: 'answer', text: text.slice(1), fuel: used, ...(text[0] === 'T' ? { truncated: true } : {}) };
    } catch (e) {
      // A trap inside the runtime: fuel ran out inside a built-in, memory ran out, or a fault.
      const used = meter.used();
      this.broken = true;
      const over = meter.overReason();
      if (meter.capped) return { kind: 'stopped', fuel: used, detail: over!, safetyCap: true };
      if (over) return { kind: 'stopped', fuel: used, detail: `${over} inside a built-in` };
      // Charged the whole budget, as a Python bot is: the record is the same even were V8's stack to end first.
      if (nestedTooDeep(inst.depth, e)) return { kind: 'crash', fuel: allowance.fuel, detail: TOO_DEEP };
      return { kind: 'crash', fuel: used, detail: (e as Error).message };
    }
  }

  /** Nothing runs in the engine again: it is given back for a later bot (engine-pool.ts). */
  dispose(): void {
    if (this.broken) return;
    this.broken = true;
    keepEngine(this.inst.engine);
  }

  /** The bot's new log lines, taken on a fuel of their own. */
  async takeLog(): Promise<string | 'trapped'> {
    if (this.broken) return '';
    const { inst, meter } = this;
    try {
      meter.use(inst.fuel);
      meter.start(100_000_000, 0);
      const r = inst.calls.call(inst.helpers.takeLog, inst.vm.undefined);
      if (r.error) {
        r.error.dispose();
        return '';
      }
      const text = unescapeText(inst.vm.getString(r.value));
      r.value.dispose();
      const report = this.report;
      this.report = '';
      return report ? (text ? `${text}\n${report}` : report) : text;
    } catch {
      this.broken = true;
      return 'trapped';
    }
  }
}
