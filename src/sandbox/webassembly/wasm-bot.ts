import {
  loadBot,
  type Allowance,
  type CallOutcome,
  type LanguageInstance,
  type LanguageRuntime,
} from '../lifecycle.js';
import { safetyCapDetail } from '../safety-cap.js';
import type { BotContext, LoadFailure, LoadResult } from '../types.js';
import type { WasiPreparer, WasmSession, WasmSessionFactory } from '../wasm/session.js';
import { WasmFormatError } from '../wasm/leb.js';
import { meterWasm, moduleInterface } from '../wasm/meter.js';
import { MAX_STACK_SLOTS, frameSlots, limitCallDepth } from '../wasm/call-depth.js';
import { addRefuelHook } from '../wasm/refuel-hook.js';
import { jspi } from '../wasm/harness.js';
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

export type { WasiPreparer, WasmSession, WasmSessionFactory } from '../wasm/session.js';

const WASI = 'wasi_snapshot_preview1';

/** Whether a module is a WASI command module, and whether asyncify already made it suspendable. */
export function wasiKind(bytes: Uint8Array): 'none' | 'raw' | 'prepared' {
  const { imports, exports } = moduleInterface(bytes);
  if (!imports.some((i) => i.module === WASI) || !exports.some((e) => e.name === '_start')) return 'none';
  return exports.some((e) => e.name === 'asyncify_get_state') ? 'prepared' : 'raw';
}

/**
 * A WebAssembly bot: metered, memory-capped, called once per turn. A trap
 * (fuel included: the instance cannot be resumed) reloads it fresh next turn:
 * the sandbox's common life (lifecycle.ts).
 */
export const WasmBot = {
  async load(
    open: WasmSessionFactory,
    bytes: Uint8Array,
    ctx: BotContext,
    wasi: WasiSupport = { jspi: jspi() !== null },
  ): Promise<LoadResult> {
    const prepared = await prepareModule(bytes, ctx, wasi);
    if ('code' in prepared) return { ok: false, failure: prepared };
    let session: WasmSession;
    try {
      session = await open(prepared.metered, ctx.seed, ctx.limits.logChars);
    } catch (e) {
      return {
        ok: false,
        failure: { code: 'BUNDLE_INVALID', message: `not a valid WebAssembly module: ${(e as Error).message}` },
      };
    }
    return loadBot(new SessionLanguage(session, prepared.stdio), ctx);
  },
};

/** How a runtime runs raw WASI command modules: with JSPI, or made suspendable by asyncify once metered. */
export interface WasiSupport {
  /** The runtime has JavaScript Promise Integration: raw modules run as they are. */
  readonly jspi: boolean;
  /** Without JSPI: makes a metered raw module suspendable (absent where the runtime cannot). */
  readonly asyncify?: WasiPreparer;
}

/**
 * What every bot module gets, whatever runs it: metered (fuel), its frames
 * counted in stack slots (deep recursion traps at the same call in every
 * runtime, before V8's stack ends), and a refuel hook (the host hands the
 * budget out in slices and keeps the safety cap).
 */
export function instrumentModule(bytes: Uint8Array, memoryBytes: number): Uint8Array {
  const metered = limitCallDepth(
    meterWasm(bytes, { memoryBytes, deferStart: true, strict: true }).bytes,
    MAX_STACK_SLOTS,
    frameSlots,
  );
  return addRefuelHook(metered);
}

/**
 * Checks a module and meters it; a raw WASI one then runs as it is where the
 * runtime has JSPI, and is made suspendable by asyncify where it has not:
 * after metering, so that asyncify's own bookkeeping costs no fuel and the
 * fuel is the same either way.
 */
async function prepareModule(
  bytes: Uint8Array,
  ctx: BotContext,
  wasi: WasiSupport,
): Promise<{ metered: Uint8Array; stdio: boolean } | LoadFailure> {
  try {
    const kind = wasiKind(bytes);
    if (kind === 'raw' && !wasi.jspi && !wasi.asyncify)
      return {
        code: 'BUNDLE_INVALID',
        message: 'this runtime cannot suspend WASI modules: send one made by `umpire prepare-wasi`',
      };
    // The fallback's bounds hold with JSPI too: a module is accepted or refused alike on every runtime.
    const tooLarge = kind === 'raw' ? asyncifyTooLarge(bytes) : null;
    if (tooLarge) return { code: 'BUNDLE_TOO_LARGE', message: tooLarge };
    let metered = instrumentModule(bytes, ctx.limits.memoryBytes);
    const { imports, exports } = moduleInterface(bytes);
    const offered = (i: { module: string; name: string }) =>
      kind === 'none' ? OFFERED_IMPORTS.has(`${i.module}.${i.name}`) : i.module === WASI;
    const unknown = imports.find((i) => !offered(i));
    if (unknown)
      return { code: 'BUNDLE_LINK', message: `imports ${unknown.module}.${unknown.name}, which bots are not offered` };
    const has = (name: string, kind: number) => exports.some((e) => e.name === name && e.kind === kind);
    const entries = kind === 'none' ? ['alloc', 'act'] : ['_start'];
    const missing = [
      ...entries.filter((n) => !has(n, KIND_FUNCTION)),
      ...(has('memory', KIND_MEMORY) ? [] : ['memory']),
    ];
    if (missing.length > 0)
      return { code: 'BUNDLE_NO_ENTRY', message: `the module does not export ${missing.join(', ')}` };
    if (kind === 'raw' && !wasi.jspi) {
      try {
        metered = await wasi.asyncify!(metered);
      } catch (e) {
        if (e instanceof WasmFormatError) throw e;
        return {
          code: 'BUNDLE_INVALID',
          message: `the WASI module could not be made suspendable: ${(e as Error).message}`,
        };
      }
    }
    return { metered, stdio: kind !== 'none' };
  } catch (e) {
    if (e instanceof WasmFormatError) return { code: 'BUNDLE_INVALID', message: e.message };
    throw e;
  }
}

/** A bot's metered module in its session: each (re)load starts a fresh instance there. */
class SessionLanguage implements LanguageRuntime {
  readonly retiredRecord = 'first-call';

  constructor(
    private readonly session: WasmSession,
    /** A WASI command module: a stdin/stdout player. */
    readonly stdio: boolean,
  ) {}

  async start(load: Allowance): Promise<LanguageInstance | LoadFailure> {
    const started = await this.session.start(load.fuel, load.capMs);
    if (started) {
      const { problem, safetyCap } = started;
      return {
        code: problem.startsWith('link') ? 'BUNDLE_LINK' : 'BUNDLE_INIT',
        message: problem,
        ...(safetyCap ? { safetyCap } : {}),
      };
    }
    const session = this.session;
    return {
      call: (input, allowance, _turn, outputChars) => call(session, input, allowance, outputChars),
      // The harness keeps the log across a trap: it is taken after every call.
      takeLog: () => session.takeLog(),
    };
  }
}

async function call(
  session: WasmSession,
  input: string,
  allowance: Allowance,
  outputChars: number,
): Promise<CallOutcome> {
  const { fuel, capMs } = allowance;
  const r = await session.call(input, fuel, outputChars, capMs);
  const used = Math.min(fuel, fuel - r.fuelLeft);
  if (r.kind === 'ok')
    return { kind: 'answer', text: r.output, fuel: used, ...(r.truncated ? { truncated: true } : {}) };
  if (r.kind === 'bad_range') return { kind: 'error', fuel: used, detail: 'act returned a range outside memory' };
  // The instance stopped mid-call: it is dropped and loaded fresh next turn, as after a trap.
  if (r.safetyCap) return { kind: 'stopped', fuel: used, detail: safetyCapDetail(capMs), safetyCap: true };
  if (r.fuelLeft < 0) return { kind: 'stopped', fuel, detail: 'used up its fuel' };
  // The count of stack slots ran over (or V8's stack, which the count is sized to beat): charged the whole budget, as JS and Python bots are.
  if ((r.depth ?? 0) > MAX_STACK_SLOTS || /Maximum call stack size exceeded/.test(r.message))
    return { kind: 'crash', fuel, detail: TOO_DEEP };
  return { kind: 'crash', fuel: used, detail: r.message };
}
