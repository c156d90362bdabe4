import { MAX_RELOADS } from '../policy.js';
import type { Bot, BotContext, CallBudget, CallResult, LoadResult } from '../types.js';
import { WasmFormatError } from './leb.js';
import { FUEL_EXPORT, meterWasm } from './meter.js';

/**
 * The WebAssembly bot ABI (see docs/wasm-abi.md):
 * - export `memory`, `alloc(len: i32) -> i32` and `act(ptr: i32, len: i32) -> i64`;
 *   `act` reads the turn's input (UTF-8) at ptr and returns (outPtr << 32) | outLen;
 * - optional export `init()`, run once after loading;
 * - the only imports offered: `umpire.log(ptr, len)`, and for AssemblyScript
 *   `env.abort`, `env.seed` and `env.trace`.
 */
export type WasmCompiler = (bytes: Uint8Array) => Promise<WebAssembly.Module>;

const PAGE = 65536;

interface Exports {
  memory: WebAssembly.Memory;
  alloc: (len: number) => number;
  act: (ptr: number, len: number) => bigint;
  init?: () => void;
  fuel: WebAssembly.Global;
}

/** Stops a call from inside an import (an AssemblyScript abort). */
class BotAbort extends Error {}

export class WasmBot implements Bot {
  crashes = 0;
  private logText = '';
  private reloadNext = false;
  private exports: Exports | null = null;

  private constructor(
    private readonly module: WebAssembly.Module,
    private readonly ctx: BotContext,
  ) {}

  static async load(compile: WasmCompiler, bytes: Uint8Array, ctx: BotContext): Promise<LoadResult> {
    let module: WebAssembly.Module;
    try {
      const metered = meterWasm(bytes, { maxMemoryPages: Math.floor(ctx.limits.memoryBytes / PAGE) });
      module = await compile(metered.bytes);
    } catch (e) {
      const message = e instanceof WasmFormatError ? e.message : `not a valid WebAssembly module: ${(e as Error).message}`;
      return { ok: false, failure: { code: 'BUNDLE_INVALID', message } };
    }
    const offered = new Set(['umpire.log', 'env.abort', 'env.seed', 'env.trace']);
    const unknown = WebAssembly.Module.imports(module).find((i) => !offered.has(`${i.module}.${i.name}`));
    if (unknown) {
      return { ok: false, failure: { code: 'BUNDLE_LINK', message: `imports ${unknown.module}.${unknown.name}, which bots are not offered` } };
    }
    const names = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
    const missing = ['alloc', 'act'].filter((n) => !names.has(n));
    if (missing.length > 0) {
      return { ok: false, failure: { code: 'BUNDLE_NO_ENTRY', message: `the module does not export ${missing.join(' and ')}` } };
    }
    const bot = new WasmBot(module, ctx);
    const problem = bot.instantiate(ctx.loadFuel);
    if (problem) return { ok: false, failure: { code: problem.startsWith('link') ? 'BUNDLE_LINK' : 'BUNDLE_INIT', message: problem } };
    return { ok: true, bot };
  }

  /** A fresh instance, start function and `init` run under `fuel`; returns a problem or null. */
  private instantiate(fuel: number): string | null {
    this.exports = null;
    let memory: WebAssembly.Memory | undefined;
    const text = (ptr: number, len: number) => new TextDecoder().decode(new Uint8Array(memory!.buffer, ptr, Math.max(0, Math.min(len, this.ctx.limits.logChars))));
    const imports = {
      umpire: { log: (ptr: number, len: number) => this.appendLog(text(ptr, len)) },
      env: {
        abort: (msg: number) => {
          throw new BotAbort(`abort: ${assemblyScriptString(memory, msg)}`);
        },
        seed: () => this.ctx.seed,
        trace: (msg: number) => this.appendLog(`trace: ${assemblyScriptString(memory, msg)}`),
      },
    };
    let instance: WebAssembly.Instance;
    try {
      instance = new WebAssembly.Instance(this.module, imports);
    } catch (e) {
      if (e instanceof WebAssembly.LinkError) return `link error: ${e.message}`;
      return `the start function failed: ${(e as Error).message}`;
    }
    const x = instance.exports as unknown as Exports & Record<string, unknown>;
    memory = x.memory as WebAssembly.Memory;
    const exports: Exports = { memory, alloc: x.alloc, act: x.act, init: x.init as (() => void) | undefined, fuel: x[FUEL_EXPORT] as WebAssembly.Global };
    if (typeof exports.alloc !== 'function' || typeof exports.act !== 'function') return 'alloc and act must be functions';
    exports.fuel.value = BigInt(fuel);
    try {
      exports.init?.();
    } catch (e) {
      return (exports.fuel.value as bigint) < 0n ? 'init used up its fuel' : `init failed: ${(e as Error).message}`;
    }
    this.exports = exports;
    return null;
  }

  async act(input: string, budget: CallBudget): Promise<CallResult> {
    if (this.reloadNext) {
      this.reloadNext = false;
      if (this.crashes > MAX_RELOADS) return { output: null, fuel: 0, failure: 'retired', detail: `crashed ${this.crashes} times` };
      const problem = this.instantiate(this.ctx.loadFuel);
      if (problem) return this.crashed(`reload failed: ${problem}`, 0);
    }
    const x = this.exports;
    if (!x) return { output: null, fuel: 0, failure: 'retired', detail: 'not loaded' };
    x.fuel.value = BigInt(budget.fuel);
    const used = () => Math.min(budget.fuel, budget.fuel - Number(x.fuel.value as bigint));
    try {
      const bytes = new TextEncoder().encode(input);
      const ptr = x.alloc(bytes.length) >>> 0;
      new Uint8Array(x.memory.buffer).set(bytes, ptr);
      const packed = BigInt.asUintN(64, x.act(ptr, bytes.length));
      const outPtr = Number(packed >> 32n);
      const outLen = Number(packed & 0xffffffffn);
      const limit = this.ctx.limits.outputChars;
      if (outPtr + Math.min(outLen, limit) > x.memory.buffer.byteLength) {
        return { output: null, fuel: used(), failure: 'error', detail: 'act returned a range outside memory' };
      }
      const output = new TextDecoder().decode(new Uint8Array(x.memory.buffer, outPtr, Math.min(outLen, limit)));
      return { output, fuel: used(), ...(outLen > limit ? { truncated: true } : {}) };
    } catch (e) {
      if ((x.fuel.value as bigint) < 0n) {
        this.crashes++;
        this.reloadNext = true;
        this.exports = null;
        return { output: null, fuel: budget.fuel, failure: 'over_budget', detail: 'used up its fuel; reloaded next turn' };
      }
      return this.crashed(e instanceof BotAbort ? e.message : `trap: ${(e as Error).message}`, used());
    }
  }

  private crashed(detail: string, fuel: number): CallResult {
    this.crashes++;
    this.reloadNext = true;
    this.exports = null;
    return { output: null, fuel, failure: 'crash', detail: `${detail}; reloaded next turn` };
  }

  private appendLog(text: string): void {
    const room = this.ctx.limits.logChars - this.logText.length;
    if (room <= 0) return;
    const line = (this.logText ? '\n' : '') + text;
    this.logText += line.length > room ? line.slice(0, room) : line;
  }

  log(): string {
    return this.logText;
  }

  dispose(): void {
    this.exports = null;
  }
}

/** Reads an AssemblyScript string (UTF-16, its byte length stored just before it). */
function assemblyScriptString(memory: WebAssembly.Memory | undefined, ptr: number): string {
  if (!memory || ptr < 4 || ptr > memory.buffer.byteLength) return '';
  const bytes = new Uint32Array(memory.buffer.slice(ptr - 4, ptr))[0];
  const length = Math.min(bytes >>> 1, 1000, (memory.buffer.byteLength - ptr) >>> 1);
  return String.fromCharCode(...new Uint16Array(memory.buffer.slice(ptr, ptr + length * 2)));
}
