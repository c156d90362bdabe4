import type { Bot, BotContext, CallBudget, CallResult, LoadResult } from '../types.js';
import { FUEL_PER_MS, MAX_RELOADS, PYTHON_INSTRUCTIONS_PER_MS, VIRTUAL_EPOCH_MS, fuelPerMs } from '../policy.js';
import { HOST_BYTE_FUEL } from '../wasm/harness.js';
import { FUEL_EXPORT } from '../wasm/meter.js';
import { FuelTank, hasRefuelHook } from '../fuel-tank.js';
import { safetyCapDetail, safetyCapMs } from '../safety-cap.js';
import { MicroPython, type HostOptions, type PyException, type PyValue } from './micropython-host.js';
import { pythonPrelude } from './prelude.js';

/** Supplies the fuel-metered MicroPython module (compiled once per process, or imported statically). */
export type MicroPythonModuleSource = () => Promise<WebAssembly.Module>;

/** What a call out of the interpreter to the host costs, in its instructions (the counter does not see host work): as QuickJS's glue calls. */
export const PYTHON_HOST_CALL_FUEL = 10_000;
/**
 * What each byte the bot prints costs, in its instructions: the WebAssembly
 * harness's HOST_BYTE_FUEL (20 fuel, about the time the host takes per byte
 * it reads) converted at PYTHON_INSTRUCTIONS_PER_MS (20 while both rates are equal). Charged on every
 * byte, also past the log's cap, where the host drops them unread.
 */
export const PYTHON_HOST_BYTE_FUEL = Math.ceil((HOST_BYTE_FUEL * PYTHON_INSTRUCTIONS_PER_MS) / FUEL_PER_MS);
/** Why a call that nested too deep for the interpreter's stack stopped (see wasm/call-depth.ts). */
const TOO_DEEP = "nested calls too deep for the interpreter's stack";
/** An exception's message in a failure's detail is cut after this many characters (as a JavaScript bot's). */
const DETAIL_CHARS = 300;
/** MicroPython's own stack of Python frames: deep recursion ends in a RuntimeError, not a trap. */
const PYSTACK_BYTES = 64 * 1024;
/** The interpreter's garbage-collected heap: a quarter of the bot's memory, at most 16 MiB. */
const heapBytes = (memoryBytes: number) => Math.min(16 * 1024 * 1024, Math.floor(memoryBytes / 4));

/** The interpreter's instructions a budget of `fuel` buys (see PYTHON_INSTRUCTIONS_PER_MS). */
const instructionsFor = (fuel: number): bigint => (BigInt(fuel) * BigInt(PYTHON_INSTRUCTIONS_PER_MS)) / BigInt(FUEL_PER_MS);
/** The fuel `instructions` cost, rounded up. */
const fuelFor = (instructions: bigint): number => Number((instructions * BigInt(FUEL_PER_MS) + BigInt(PYTHON_INSTRUCTIONS_PER_MS) - 1n) / BigInt(PYTHON_INSTRUCTIONS_PER_MS));

/** One interpreter with the bot's module run and its `act` found. */
interface Loaded {
  readonly py: MicroPython;
  readonly act: number;
}

/**
 * A Python bot: a module defining `act(state: str) -> str`, run by MicroPython
 * in its own fuel-metered WebAssembly instance. The top level runs once; globals
 * persist between turns. Fuel is counted on the interpreter's instructions;
 * a call that runs out is stopped by the counter's trap, and like a crash the
 * interpreter is discarded and the bot reloaded (its top level again) before
 * its next call; after {@link MAX_RELOADS} reloads it is retired.
 */
export class PyBot implements Bot {
  crashes = 0;
  private logText = '';
  private logFull = false;
  private turns = 0;
  private reloadNext = false;
  /** Why the bot is no longer called, once it is retired. */
  private retired: string | null = null;
  /** Fuel at the start of the current call or load, for the clock and the count. */
  private startFuel = 0n;
  /** The current interpreter's fuel counter, and the tank that fills it (in slices, with the safety cap, where the module has the refuel hook). */
  private counter: WebAssembly.Global | null = null;
  private tank = new FuelTank(() => this.counter, false);
  /** The safety cap of the load in progress. */
  private loadCapMs = 0;
  private clockBase = VIRTUAL_EPOCH_MS;

  private constructor(
    private readonly source: MicroPythonModuleSource,
    private readonly code: string,
    private readonly ctx: BotContext,
    private loaded: Loaded | null,
  ) {}

  static async load(source: MicroPythonModuleSource, code: string, ctx: BotContext): Promise<LoadResult> {
    const bot = new PyBot(source, code, ctx, null);
    const made = await bot.start();
    if (typeof made === 'object' && 'code' in made) return { ok: false, failure: made };
    bot.loaded = made;
    return { ok: true, bot };
  }

  /** A fresh interpreter: MicroPython's start, the prelude and the bot's top level, all on the load fuel. */
  private async start(): Promise<Loaded | { code: 'BUNDLE_SYNTAX' | 'BUNDLE_INIT' | 'BUNDLE_NO_ENTRY' | 'BUNDLE_INVALID'; message: string; safetyCap?: true }> {
    const module = await this.source();
    let py: MicroPython | undefined;
    this.clockBase = VIRTUAL_EPOCH_MS;
    const hooked = hasRefuelHook(module);
    if (this.tank.hooked !== hooked) this.tank = new FuelTank(() => this.counter, hooked);
    // Nothing of the previous interpreter (its counter, a cap that stopped it) counts for this one.
    this.counter = null;
    this.tank.fill(0n, 0);
    try {
      this.startFuel = instructionsFor(this.ctx.loadFuel);
      this.loadCapMs = safetyCapMs(this.ctx.loadFuel, this.ctx.safetyCapFactor);
      // The constructor hands over the new counter (hostOptions' begin), which is filled for the start-up.
      py = new MicroPython(module, FUEL_EXPORT, this.hostOptions(), heapBytes(this.ctx.limits.memoryBytes), PYSTACK_BYTES);
      // The port starts with more memory than a very small cap: such a cap cannot hold, so the bot is refused.
      if (py.memoryBytes > this.ctx.limits.memoryBytes) {
        return { code: 'BUNDLE_INVALID', message: `memory limit below MicroPython's own ${(py.memoryBytes / 2 ** 20).toFixed(1)} MiB` };
      }
      const prelude = py.exec(pythonPrelude(this.ctx.seed));
      if (prelude) return { code: 'BUNDLE_INIT', message: `the sandbox could not start: ${describe(prelude)}` };
      const ran = py.exec(this.code);
      if (ran) return { code: ran.type === 'SyntaxError' ? 'BUNDLE_SYNTAX' : 'BUNDLE_INIT', message: describe(ran) };
      const act = py.global('act');
      if (!act || act.kind !== 'callable') return { code: 'BUNDLE_NO_ENTRY', message: 'the module defines no function act(state)' };
      return { py, act: act.ref };
    } catch (e) {
      if (this.tank.capped) return { code: 'BUNDLE_INIT', message: `the top level of the module was ${safetyCapDetail(this.tank.cap)}`, safetyCap: true };
      if (this.counter && this.usedAll()) return { code: 'BUNDLE_INIT', message: 'the top level of the module used up its fuel' };
      if (py?.nestedTooDeep(e)) return { code: 'BUNDLE_INIT', message: `the top level ${TOO_DEEP}` };
      return { code: 'BUNDLE_INIT', message: `the interpreter failed while loading: ${(e as Error).message}` };
    }
  }

  async act(input: string, budget: CallBudget): Promise<CallResult> {
    this.turns++;
    if (this.reloadNext) {
      this.reloadNext = false;
      if (this.crashes > MAX_RELOADS) this.retired = `crashed ${this.crashes} times`;
    }
    if (this.retired !== null) return { output: null, fuel: 0, failure: 'retired', detail: this.retired };
    if (!this.loaded) {
      const made = await this.start();
      if ('code' in made && made.safetyCap) {
        this.crashes++;
        this.reloadNext = true;
        return { output: null, fuel: 0, failure: 'over_budget', detail: `reload failed: ${made.message}; reloaded next turn`, safetyCap: true };
      }
      if ('code' in made) return this.crashed(`reload failed: ${made.message}`, 0);
      this.loaded = made;
    }
    const loaded = this.loaded;
    const { py } = loaded;
    this.clockBase = VIRTUAL_EPOCH_MS + this.turns * 1000;
    const capMs = safetyCapMs(budget.fuel, this.ctx.safetyCapFactor);
    this.begin(py.fuel, budget.fuel, capMs);
    let value: PyValue;
    try {
      value = py.callWithString(loaded.act, input, this.ctx.limits.outputChars);
    } catch (e) {
      // The counter ran out (or the safety cap stopped it), or a fault of the interpreter: it cannot be resumed.
      const used = this.used();
      if (this.tank.capped) {
        this.crashes++;
        this.reloadNext = true;
        this.loaded = null;
        return { output: null, fuel: used, failure: 'over_budget', detail: `${safetyCapDetail(capMs)}; reloaded next turn`, safetyCap: true };
      }
      if (this.usedAll()) {
        this.crashes++;
        this.reloadNext = true;
        this.loaded = null;
        return { output: null, fuel: budget.fuel, failure: 'over_budget', detail: 'used up its fuel; reloaded next turn' };
      }
      // Where V8's stack ends depends on the thread: the call is charged its whole budget, so that what
      // is recorded does not (with the module's call-depth limit, whether it ends there does not either).
      if (py.nestedTooDeep(e)) return this.crashed(TOO_DEEP, budget.fuel);
      return this.crashed((e as Error).message, used);
    }
    const used = this.used();
    if (value.kind === 'exception') return { output: null, fuel: used, failure: 'error', detail: describe(value) };
    if (value.kind !== 'str') return { output: null, fuel: used, failure: 'error', detail: `act returned ${value.kind === 'callable' ? 'a function' : value.type}, not a str` };
    const limit = this.ctx.limits.outputChars;
    return value.text.length > limit ? { output: value.text.slice(0, limit), fuel: used, truncated: true } : { output: value.text, fuel: used };
  }

  log(): string {
    return this.logText;
  }

  /** Drops the interpreter; its memory goes with its WebAssembly instance. */
  dispose(): void {
    this.loaded = null;
    this.retired = 'disposed';
  }

  private hostOptions(): HostOptions {
    return {
      memoryBytes: this.ctx.limits.memoryBytes,
      seed: this.ctx.seed,
      clockMs: () => this.clockBase + fuelFor(this.startFuel - this.tank.left()) / fuelPerMs(),
      ticksZero: VIRTUAL_EPOCH_MS,
      logRoom: () => (this.logFull ? 0 : Math.max(0, this.ctx.limits.logChars - this.logText.length)),
      write: (text) => this.write(text),
      hostCallFuel: PYTHON_HOST_CALL_FUEL,
      hostByteFuel: PYTHON_HOST_BYTE_FUEL,
      // A new interpreter's start-up runs on the load's fuel (startFuel) and under the load's cap.
      begin: (counter) => {
        this.counter = counter;
        this.tank.fill(this.startFuel, this.loadCapMs);
      },
      refuel: () => this.tank.refuel(),
    };
  }

  /** A call under `budget` fuel and a safety cap of `capMs` of CPU time. */
  private begin(counter: WebAssembly.Global, budget: number, capMs: number): void {
    this.startFuel = instructionsFor(budget);
    this.counter = counter;
    this.tank.fill(this.startFuel, capMs);
  }

  /** Fuel used since `begin`, in everyone's fuel (the interpreter's instructions, converted). */
  private used(): number {
    return fuelFor(this.startFuel - this.tank.left());
  }

  /** Whether the budget ran out: the counter was overdrawn with nothing left to refill it. */
  private usedAll(): boolean {
    return this.tank.left() < 0n;
  }

  /** print() and sys.stdout/stderr, up to the log cap, then one note. */
  private write(text: string): void {
    if (this.logFull) return;
    const room = this.ctx.limits.logChars - this.logText.length;
    if (text.length <= room) {
      this.logText += text;
      return;
    }
    this.logText += text.slice(0, Math.max(0, room)) + '\n[log cut: the bot wrote more than the cap]';
    this.logFull = true;
  }

  private crashed(detail: string, fuel: number): CallResult {
    this.crashes++;
    this.reloadNext = true;
    this.loaded = null;
    return { output: null, fuel, failure: 'crash', detail: `${detail}; reloaded next turn` };
  }
}

/**
 * An exception as one line: the line that names its type (the last such, or
 * else the traceback's last line), its message cut at DETAIL_CHARS, with
 * where it was raised (the innermost frame).
 */
function describe(value: PyException): string {
  const lines = value.traceback.trim().split('\n').reverse();
  const named = value.type ? lines.find((l) => l === value.type || l.startsWith(`${value.type}:`)) : undefined;
  const line = named ?? lines[0] ?? value.type;
  const shown = line.length > DETAIL_CHARS ? `${line.slice(0, DETAIL_CHARS)}...` : line;
  const where = lines.find((l) => /^\s*File "/.test(l))?.trim();
  return where ? `${shown} (${where})` : shown;
}
