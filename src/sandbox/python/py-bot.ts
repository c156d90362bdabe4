import type { BotContext, LoadFailure, LoadResult } from '../types.js';
import type { BotLog } from '../bot-log.js';
import {
  loadBot,
  type Allowance,
  type CallOutcome,
  type LanguageInstance,
  type LanguageRuntime,
} from '../lifecycle.js';
import { FUEL_PER_MS, PYTHON_INSTRUCTIONS_PER_MS, VIRTUAL_EPOCH_MS, fuelPerMs } from '../policy.js';
import { HOST_BYTE_FUEL } from '../wasm/host-call-fuel.js';
import { FUEL_EXPORT } from '../wasm/meter.js';
import { FuelTank, hasRefuelHook } from '../fuel-tank.js';
import { safetyCapDetail } from '../safety-cap.js';
import { MicroPython, hasJspi, type HostOptions, type PyException, type PyValue } from './micropython-host.js';
import { pythonPrelude } from './prelude.js';
import { compatFor } from './compat/catalog.js';
import { classLayouts, layoutsLiteral } from './class-layout.js';
import { StdinFeed } from './stdin-feed.js';
import { AnswerBuffer } from './answer-buffer.js';
import { compileBridge, type BridgeModules } from './longjmp-bridge.js';
import { describe, isStdinProgram, playerTraceback } from './program-style.js';

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
/** What each byte a stdin program reads costs, in its instructions: as each byte it prints. */
export const PYTHON_STDIN_BYTE_FUEL = PYTHON_HOST_BYTE_FUEL;
/** What a stdin program prints before its first turn is kept up to this many bytes (for the first answer). */
const LOAD_OUTPUT_BYTES = 64 * 1024;
/** Why a call that nested too deep for the interpreter's stack stopped (see wasm/call-depth.ts). */
const TOO_DEEP = "nested calls too deep for the interpreter's stack";
/** MicroPython's own stack of Python frames: deep recursion ends in a RuntimeError, not a trap. */
const PYSTACK_BYTES = 64 * 1024;
/** The interpreter's garbage-collected heap: a quarter of the bot's memory, at most 16 MiB. */
const heapBytes = (memoryBytes: number) => Math.min(16 * 1024 * 1024, Math.floor(memoryBytes / 4));

/** The interpreter's instructions a budget of `fuel` buys (see PYTHON_INSTRUCTIONS_PER_MS). */
const instructionsFor = (fuel: number): bigint =>
  (BigInt(fuel) * BigInt(PYTHON_INSTRUCTIONS_PER_MS)) / BigInt(FUEL_PER_MS);
/** The fuel `instructions` cost, rounded up. */
const fuelFor = (instructions: bigint): number =>
  Number(
    (instructions * BigInt(FUEL_PER_MS) + BigInt(PYTHON_INSTRUCTIONS_PER_MS) - 1n) / BigInt(PYTHON_INSTRUCTIONS_PER_MS),
  );

/**
 * A Python bot: a module defining `act(state: str) -> str`, or a classic
 * program reading stdin (see program-style.ts and startProgram), run by MicroPython
 * in its own fuel-metered WebAssembly instance. The top level runs once; globals
 * persist between turns. Fuel is counted on the interpreter's instructions;
 * a call that runs out is stopped by the counter's trap, and like a crash the
 * interpreter is discarded and the bot reloaded (its top level again) before
 * its next call: the sandbox's common life (lifecycle.ts).
 */
/** Supplies the compiled setjmp/longjmp bridge the build made for that module (runtimes that cannot compile import it). */
export type BridgeSource = (module: WebAssembly.Module) => Promise<BridgeModules>;

/** Node: compiles the bridge for the module here, once per module. */
const compiledBridge: BridgeSource = async (module) => compileBridge(module);

export const PyBot = {
  load: (
    source: MicroPythonModuleSource,
    code: string,
    ctx: BotContext,
    bridge: BridgeSource = compiledBridge,
  ): Promise<LoadResult> => loadBot(new MicroPythonLanguage(source, bridge, code, ctx), ctx),
};

/** MicroPython for one bot: one fuel tank across its interpreters, a fresh interpreter per (re)load. */
class MicroPythonLanguage implements LanguageRuntime {
  readonly retiredRecord = 'every-call';
  /** A stdin program is sent the game's end marker, as the original engines sent it. */
  readonly stdio: boolean;
  /** Fuel at the start of the current call or load, for the clock and the count. */
  private startFuel = 0n;
  /** The current interpreter's fuel counter, and the tank that fills it (in slices, with the safety cap, where the module has the refuel hook). */
  private counter: WebAssembly.Global | null = null;
  private tank = new FuelTank(() => this.counter, false);
  /** The safety cap of the load in progress. */
  private loadCapMs = 0;
  private clockBase = VIRTUAL_EPOCH_MS;

  constructor(
    private readonly source: MicroPythonModuleSource,
    private readonly bridge: BridgeSource,
    private readonly code: string,
    private readonly ctx: BotContext,
  ) {
    this.stdio = isStdinProgram(code);
  }

  /** A fresh interpreter: MicroPython's start, the prelude and the bot's top level, all on the load fuel. */
  async start(load: Allowance, log: BotLog): Promise<LanguageInstance | LoadFailure> {
    const module = await this.source();
    const bridge = await this.bridge(module);
    let py: MicroPython | undefined;
    this.clockBase = VIRTUAL_EPOCH_MS;
    const stdin = isStdinProgram(this.code);
    if (stdin && !hasJspi())
      return {
        code: 'BUNDLE_INVALID',
        message:
          'a Python program that reads stdin (no act function) needs JavaScript Promise Integration (Node 24 or later, Workers), which this runtime lacks: run it there, or define act(state)',
      };
    const program = stdin
      ? { feed: new StdinFeed(PYTHON_STDIN_BYTE_FUEL), answer: new AnswerBuffer(LOAD_OUTPUT_BYTES) }
      : null;
    const hooked = hasRefuelHook(module);
    if (this.tank.hooked !== hooked) this.tank = new FuelTank(() => this.counter, hooked);
    // Nothing of the previous interpreter (its counter, a cap that stopped it) counts for this one.
    this.counter = null;
    this.tank.fill(0n, 0);
    try {
      this.startFuel = instructionsFor(load.fuel);
      this.loadCapMs = load.capMs;
      // The constructor hands over the new counter (hostOptions' begin), which is filled for the start-up.
      py = new MicroPython(
        module,
        FUEL_EXPORT,
        program ? { ...this.hostOptions(log), stdin: program.feed, stdout: program.answer } : this.hostOptions(log),
        heapBytes(this.ctx.limits.memoryBytes),
        PYSTACK_BYTES,
        bridge,
      );
      // The port starts with more memory than a very small cap: such a cap cannot hold, so the bot is refused.
      if (py.memoryBytes > this.ctx.limits.memoryBytes) {
        return {
          code: 'BUNDLE_INVALID',
          message: `memory limit below MicroPython's own ${(py.memoryBytes / 2 ** 20).toFixed(1)} MiB`,
        };
      }
      const prelude = py.exec(this.prelude());
      if (prelude) return { code: 'BUNDLE_INIT', message: `the sandbox could not start: ${describe(prelude)}` };
      if (program) return await this.startProgram(py, program, log);
      const ran = py.exec(this.code);
      if (ran) return { code: ran.type === 'SyntaxError' ? 'BUNDLE_SYNTAX' : 'BUNDLE_INIT', message: describe(ran) };
      const act = py.global('act');
      if (!act || act.kind !== 'callable')
        return { code: 'BUNDLE_NO_ENTRY', message: 'the module defines no function act(state)' };
      const loaded = py;
      const instance: LanguageInstance & { readonly py: MicroPython } = {
        py: loaded,
        call: async (input, allowance, turn, outputChars) =>
          this.call(loaded, act.ref, input, allowance, turn, outputChars),
      };
      return instance;
    } catch (e) {
      if (this.tank.capped)
        return {
          code: 'BUNDLE_INIT',
          message: `the top level of the module was ${safetyCapDetail(this.tank.cap)}`,
          safetyCap: true,
        };
      if (this.counter && this.usedAll())
        return { code: 'BUNDLE_INIT', message: 'the top level of the module used up its fuel' };
      if (py?.nestedTooDeep(e)) return { code: 'BUNDLE_INIT', message: `the top level ${TOO_DEEP}` };
      return { code: 'BUNDLE_INIT', message: `the interpreter failed while loading: ${(e as Error).message}` };
    }
  }

  /** The prelude for this bot: its style, and the compatibility modules its source names. */
  private prelude(): string {
    const stdinProgram = isStdinProgram(this.code);
    const compat = compatFor(this.code, stdinProgram);
    if (compat.length === 0) return pythonPrelude(this.ctx.seed);
    const layouts = compat.some((m) => m.layout) ? layoutsLiteral(classLayouts(this.code)) : '{}';
    return pythonPrelude({ seed: this.ctx.seed, stdinProgram, compat, layouts });
  }

  /**
   * Runs a stdin program's top level until it first waits for input (or
   * ends): that is its load. Each call then feeds it one turn's text and
   * lets it run until it waits again; what it wrote to stdout meanwhile is
   * the answer.
   */
  private async startProgram(
    py: MicroPython,
    io: { readonly feed: StdinFeed; readonly answer: AnswerBuffer },
    log: BotLog,
  ): Promise<LanguageInstance | LoadFailure> {
    const waiting = io.feed.nextWait().then((): RunState => ({ kind: 'waiting' }));
    // Settles once, never rejects: a later failure is read from it by the call it happens in.
    const settled = py.run(this.code).then(
      (raised): RunState => ({ kind: 'ended', raised }),
      (error): RunState => ({ kind: 'failed', error }),
    );
    const first = await Promise.race([waiting, settled]);
    if (first.kind === 'failed') throw first.error;
    if (first.kind === 'ended' && first.raised && first.raised.type !== 'SystemExit') {
      log.write(playerTraceback(first.raised));
      return {
        code: first.raised.type === 'SyntaxError' ? 'BUNDLE_SYNTAX' : 'BUNDLE_INIT',
        message: describe(first.raised),
      };
    }
    // A program that ended before its first turn, printing nothing, could never play: refused as a module without act.
    if (first.kind === 'ended' && io.answer.size === 0)
      return {
        code: 'BUNDLE_NO_ENTRY',
        message:
          'the module defines no function act(state), and as a program it ended without reading stdin or printing',
      };
    const state = { ended: first.kind === 'ended' };
    const instance: LanguageInstance & { readonly py: MicroPython } = {
      py,
      call: async (input, allowance, turn, outputChars) =>
        this.callProgram(py, io, state, settled, log, input, allowance, turn, outputChars),
    };
    return instance;
  }

  private async callProgram(
    py: MicroPython,
    io: { readonly feed: StdinFeed; readonly answer: AnswerBuffer },
    state: { ended: boolean },
    settled: Promise<RunState>,
    log: BotLog,
    input: string,
    allowance: Allowance,
    turn: number,
    outputChars: number,
  ): Promise<CallOutcome> {
    if (state.ended && io.answer.size === 0) return { kind: 'crash', fuel: 0, detail: 'the program has exited' };
    this.clockBase = VIRTUAL_EPOCH_MS + turn * 1000;
    this.begin(py.fuel, allowance.fuel, allowance.capMs);
    io.answer.limit(AnswerBuffer.bytesFor(outputChars));
    let run: RunState = { kind: 'ended', raised: null };
    if (!state.ended) {
      const waiting = io.feed.nextWait().then((): RunState => ({ kind: 'waiting' }));
      io.feed.push(input);
      run = await Promise.race([waiting, settled]);
    }
    const used = this.used();
    if (run.kind === 'failed') {
      state.ended = true;
      io.answer.take(0);
      const e = run.error;
      if (this.tank.capped)
        return { kind: 'stopped', fuel: used, detail: safetyCapDetail(allowance.capMs), safetyCap: true };
      if (this.usedAll()) return { kind: 'stopped', fuel: allowance.fuel, detail: 'used up its fuel' };
      if (py.nestedTooDeep(e)) return { kind: 'crash', fuel: allowance.fuel, detail: TOO_DEEP };
      return { kind: 'crash', fuel: used, detail: (e as Error).message };
    }
    const { text, truncated } = io.answer.take(outputChars);
    if (run.kind === 'ended') {
      state.ended = true;
      if (run.raised && run.raised.type !== 'SystemExit') {
        log.write(playerTraceback(run.raised));
        return { kind: 'crash', fuel: used, detail: describe(run.raised) };
      }
    }
    return truncated ? { kind: 'answer', text, fuel: used, truncated } : { kind: 'answer', text, fuel: used };
  }

  private call(
    py: MicroPython,
    act: number,
    input: string,
    allowance: Allowance,
    turn: number,
    outputChars: number,
  ): CallOutcome {
    this.clockBase = VIRTUAL_EPOCH_MS + turn * 1000;
    this.begin(py.fuel, allowance.fuel, allowance.capMs);
    let value: PyValue;
    try {
      value = py.callWithString(act, input, outputChars);
    } catch (e) {
      // The counter ran out (or the safety cap stopped it), or a fault of the interpreter: it cannot be resumed.
      const used = this.used();
      if (this.tank.capped)
        return { kind: 'stopped', fuel: used, detail: safetyCapDetail(allowance.capMs), safetyCap: true };
      if (this.usedAll()) return { kind: 'stopped', fuel: allowance.fuel, detail: 'used up its fuel' };
      // Where V8's stack ends depends on the thread: the call is charged its whole budget, so that what
      // is recorded does not (with the module's call-depth limit, whether it ends there does not either).
      if (py.nestedTooDeep(e)) return { kind: 'crash', fuel: allowance.fuel, detail: TOO_DEEP };
      return { kind: 'crash', fuel: used, detail: (e as Error).message };
    }
    const used = this.used();
    if (value.kind === 'exception') return { kind: 'error', fuel: used, detail: describe(value) };
    if (value.kind !== 'str')
      return {
        kind: 'error',
        fuel: used,
        detail: `act returned ${value.kind === 'callable' ? 'a function' : value.type}, not a str`,
      };
    return { kind: 'answer', text: value.text, fuel: used };
  }

  private hostOptions(log: BotLog): HostOptions {
    return {
      memoryBytes: this.ctx.limits.memoryBytes,
      seed: this.ctx.seed,
      clockMs: () => this.clockBase + fuelFor(this.startFuel - this.tank.left()) / fuelPerMs(),
      ticksZero: VIRTUAL_EPOCH_MS,
      logRoom: () => log.room(),
      // print() and sys.stdout/stderr, up to the log cap, then one note.
      write: (text) => log.write(text),
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
}

/** Where a stdin program is: waiting for its next turn's input, ended (with what it raised), or stopped by a failure. */
type RunState =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'ended'; readonly raised: PyException | null }
  | { readonly kind: 'failed'; readonly error: unknown };
