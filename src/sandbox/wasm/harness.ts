/**
 * Runs one metered WebAssembly bot module: instantiation with the imports the
 * ABI offers, and calls of `act`; or, for a WASI command module made
 * suspendable by asyncify, a classic stdin/stdout program fed one turn at a
 * time. Self-contained on purpose (it imports only the fuel tank, which
 * imports only the clock): the build bundles it into one source for
 * Cloudflare Worker Loader isolates, where it runs the bot; in Node and
 * Lambda it runs in-process.
 */

import { FuelTank, REFUEL_MODULE, REFUEL_NAME, hasRefuelHook } from '../fuel-tank.js';

/** The outcome of one call of `act`, as plain data (it crosses RPC). */
export type HarnessCall =
  | { readonly kind: 'ok'; readonly output: string; readonly truncated: boolean; readonly fuelLeft: number }
  | { readonly kind: 'bad_range'; readonly fuelLeft: number }
  | { readonly kind: 'trap'; readonly fuelLeft: number; readonly message: string; readonly depth?: number; readonly safetyCap?: true };

/** How loading went, as plain data: null, or why the bot cannot play (`safetyCap` when the safety cap stopped it). */
export type HarnessStarted = null | { readonly problem: string; readonly safetyCap?: true };

/** What a trap or a failed start says when the safety cap (of `ms` of CPU time) stopped the bot. */
const capText = (ms: number) => `stopped by the safety cap (${Math.round(ms)} ms of CPU time)`;

/** The module's count of stack slots in use (wasm/call-depth.ts, `umpire_depth`): after a trap, above the limit if the count stopped the call. */
function depthOf(exports: object | null): number {
  const depth = (exports as { umpire_depth?: WebAssembly.Global } | null)?.umpire_depth;
  return depth ? Number(depth.value) : 0;
}

/**
 * What host calls cost, charged from the bot's fuel before the host does
 * the work (see docs/wasm-abi.md). Bytes the host copies, decodes or
 * generates cost about what they take in time at the calibrated rate. A
 * call itself crosses into JavaScript and reads and writes the fuel counter
 * (a BigInt each way): 0.2 to 0.6 µs, as long as several thousand plain
 * instructions take, whatever the function.
 */
export const HOST_CALL_FUEL = 10_000;
/** Per byte the host copies or decodes (logs, stdin, stdout). */
export const HOST_BYTE_FUEL = 20;
/** Per WASI I/O vector entry read. */
export const HOST_IOV_FUEL = 100;
/** Per byte of `random_get` (a generator step each). */
export const RANDOM_BYTE_FUEL = 50;
/** Per UTF-16 code unit of an AssemblyScript string the host reads (`env.abort`, `env.trace`): 8 ns each. */
export const STRING_UNIT_FUEL = 128;

/**
 * The bot's fuel counter, handed out in slices when the module has the
 * refuel hook, so that the safety cap is looked at between slices; and
 * `charge`, which takes host work off it and throws (a trap, for the
 * module) once the budget does not cover it.
 */
function fuelTank(module: WebAssembly.Module, counter: () => WebAssembly.Global | null) {
  const tank = new FuelTank(counter, hasRefuelHook(module));
  const charge = (units: number) => {
    if (units !== 0) tank.charge(Math.ceil(units));
  };
  return { tank, charge, hook: { [REFUEL_MODULE]: { [REFUEL_NAME]: () => tank.refuel() } } };
}

/** Runs the deferred start function (metering exported it) under the fuel already set. */
function runStart(exports: { umpire_start?: () => void }, tank: FuelTank): HarnessStarted {
  if (typeof exports.umpire_start !== 'function') return null;
  try {
    exports.umpire_start();
    return null;
  } catch (e) {
    if (tank.capped) return { problem: `the start function was ${capText(tank.cap)}`, safetyCap: true };
    return { problem: tank.left() < 0n ? 'the start function used up its load fuel' : `the start function failed: ${(e as Error).message}` };
  }
}

export interface Harness {
  /**
   * A fresh instance; the start function and `init` run under `fuel`, and
   * under a safety cap of `capMs` of CPU time where the module has the
   * refuel hook (0 or absent: none). Returns null, or the problem.
   */
  start(fuel: number, capMs?: number): HarnessStarted;
  /** One call of the bot under `fuel`, and a safety cap of `capMs` as start's. */
  call(input: string, fuel: number, outputLimit: number, capMs?: number): HarnessCall;
  /** Log written since the last call (capped per match). */
  takeLog(): string;
}

interface BotExports {
  memory: WebAssembly.Memory;
  alloc: (len: number) => number;
  act: (ptr: number, len: number) => bigint;
  init?: () => void;
  umpire_start?: () => void;
  umpire_fuel: WebAssembly.Global;
}

export function createHarness(module: WebAssembly.Module, seed: number, logLimit: number): Harness {
  const names = WebAssembly.Module.exports(module).map((e) => e.name);
  if (names.includes('_start') && names.includes('asyncify_start_unwind')) return createWasiHarness(module, seed, logLimit);
  let x: BotExports | null = null;
  let log = '';
  let logged = 0;
  const write = (text: string) => {
    const room = logLimit - logged;
    if (room <= 0) return;
    const line = (log ? '\n' : '') + text;
    const kept = line.length > room ? line.slice(0, room) : line;
    log += kept;
    logged += kept.length;
  };
  const { tank, charge, hook } = fuelTank(module, () => x?.umpire_fuel ?? null);
  const utf8 = new TextDecoder();
  // Where an AssemblyScript string's code units are copied to be read (the bot's pointer may be odd).
  const units16 = new Uint16Array(1000);
  // The log's room is checked before anything is decoded: bytes past it are neither read nor paid for.
  const log1 = (ptr: number, len: number) => {
    charge(HOST_CALL_FUEL);
    const room = logLimit - logged;
    if (!x || room <= 0) return;
    ptr >>>= 0;
    const n = Math.max(0, Math.min(len >>> 0, room, x.memory.buffer.byteLength - ptr));
    charge(n * HOST_BYTE_FUEL);
    write(utf8.decode(new Uint8Array(x.memory.buffer, ptr, n)));
  };
  // AssemblyScript strings: UTF-16 code units, their byte length stored just before them. At most `most` (<= 1000) units are read.
  const asString = (ptr: number, most: number) => {
    charge(HOST_CALL_FUEL);
    ptr >>>= 0;
    if (!x || most <= 0) return '';
    const buffer = x.memory.buffer;
    if (ptr < 4 || ptr > buffer.byteLength) return '';
    const bytes = new DataView(buffer).getUint32(ptr - 4, true);
    const units = Math.min(bytes >>> 1, most, (buffer.byteLength - ptr) >>> 1);
    charge(units * STRING_UNIT_FUEL);
    new Uint8Array(units16.buffer).set(new Uint8Array(buffer, ptr, units * 2));
    return String.fromCharCode.apply(null, units16.subarray(0, units) as unknown as number[]);
  };
  class Abort extends Error {}
  const imports = {
    ...hook,
    umpire: { log: log1 },
    env: {
      abort: (msg: number) => {
        throw new Abort(`abort: ${asString(msg, 1000)}`);
      },
      seed: () => {
        charge(HOST_CALL_FUEL);
        return seed;
      },
      // Like umpire.log: once the log is full, the message is neither read nor paid for.
      trace: (msg: number) => write(`trace: ${asString(msg, Math.min(1000, logLimit - logged))}`),
    },
  };
  const fuelLeft = () => (x ? Number(tank.left()) : 0);

  return {
    start(fuel, capMs = 0) {
      x = null;
      let instance: WebAssembly.Instance;
      try {
        instance = new WebAssembly.Instance(module, imports);
      } catch (e) {
        return { problem: e instanceof WebAssembly.LinkError ? `link error: ${e.message}` : `the start function failed: ${(e as Error).message}` };
      }
      const exports = instance.exports as unknown as BotExports;
      if (typeof exports.alloc !== 'function' || typeof exports.act !== 'function') return { problem: 'alloc and act must be functions' };
      if (!(exports.memory instanceof WebAssembly.Memory)) return { problem: 'the module must export its memory' };
      x = exports;
      tank.fill(BigInt(fuel), capMs);
      const failed = runStart(x, tank);
      if (failed) {
        x = null;
        return failed;
      }
      try {
        x.init?.();
      } catch (e) {
        const over = fuelLeft() < 0;
        x = null;
        if (tank.capped) return { problem: `init was ${capText(tank.cap)}`, safetyCap: true };
        return { problem: over ? 'init used up its fuel' : `init failed: ${(e as Error).message}` };
      }
      return null;
    },

    call(input, fuel, outputLimit, capMs = 0) {
      if (!x) return { kind: 'trap', fuelLeft: fuel, message: 'not started' };
      tank.fill(BigInt(fuel), capMs);
      try {
        const bytes = new TextEncoder().encode(input);
        const ptr = x.alloc(bytes.length) >>> 0;
        new Uint8Array(x.memory.buffer).set(bytes, ptr);
        const packed = BigInt.asUintN(64, x.act(ptr, bytes.length));
        const outPtr = Number(packed >> 32n);
        const outLen = Number(packed & 0xffffffffn);
        const kept = Math.min(outLen, outputLimit);
        if (outPtr + kept > x.memory.buffer.byteLength) return { kind: 'bad_range', fuelLeft: fuelLeft() };
        const output = new TextDecoder().decode(new Uint8Array(x.memory.buffer, outPtr, kept));
        return { kind: 'ok', output, truncated: outLen > outputLimit, fuelLeft: fuelLeft() };
      } catch (e) {
        const left = fuelLeft();
        const depth = depthOf(x);
        x = null;
        if (tank.capped) return { kind: 'trap', fuelLeft: left, message: capText(tank.cap), safetyCap: true };
        return { kind: 'trap', fuelLeft: left, message: e instanceof Abort ? e.message : `trap: ${(e as Error).message}`, depth };
      }
    },

    takeLog() {
      const text = log;
      log = '';
      return text;
    },
  };
}

interface WasiExports {
  memory: WebAssembly.Memory;
  _start: () => void;
  asyncify_start_unwind: (data: number) => void;
  asyncify_stop_unwind: () => void;
  asyncify_start_rewind: (data: number) => void;
  asyncify_stop_rewind: () => void;
  asyncify_get_state: () => number;
  umpire_start?: () => void;
  umpire_fuel: WebAssembly.Global;
}

const ERRNO = { SUCCESS: 0, BADF: 8, NOSYS: 52, SPIPE: 70 };
const UNWINDING = 1;
const REWINDING = 2;
/** A Unix epoch for WASI clocks (2011-05-28), in nanoseconds. */
const WASI_EPOCH_NS = 1306540800000000000n;

/**
 * A WASI command module run as a long-lived player process: each call appends
 * the turn's state to stdin and resumes the program until it blocks reading
 * the next one; what it wrote to stdout meanwhile is the answer. Blocking is
 * asyncify's unwind (the module must have been transformed by it).
 */
function createWasiHarness(module: WebAssembly.Module, seed: number, logLimit: number): Harness {
  let x: WasiExports | null = null;
  let data = 0;
  let started = false;
  let exited = false;
  let stdin = new Uint8Array(0);
  let stdinAt = 0;
  let stdout: Uint8Array[] = [];
  let stdoutSize = 0;
  let outputLimit = 0;
  let log = '';
  let logged = 0;
  let clock = 0n;
  let random = seed >>> 0 || 1;
  class Exit extends Error {}

  const utf8 = new TextDecoder();
  // A view of the program's memory, made again only when the memory has grown (which detaches the old buffer).
  let dataView: DataView | null = null;
  const view = () => {
    if (dataView === null || dataView.buffer.byteLength === 0) dataView = new DataView(x!.memory.buffer);
    return dataView;
  };
  const bytes = (ptr: number, len: number) => new Uint8Array(view().buffer, ptr, len);
  const write = (text: string) => {
    const room = logLimit - logged;
    if (room <= 0) return;
    const kept = text.length > room ? text.slice(0, room) : text;
    log += kept;
    logged += kept.length;
  };
  const { tank, charge, hook } = fuelTank(module, () => x?.umpire_fuel ?? null);
  const wasi: Record<string, (...args: never[]) => number> = {
    fd_read(fd: number, iovs: number, count: number, nread: number) {
      if (x!.asyncify_get_state() === REWINDING) x!.asyncify_stop_rewind();
      if (fd !== 0) return ERRNO.BADF;
      charge(count * HOST_IOV_FUEL);
      if (stdinAt >= stdin.length) {
        // Nothing more to read: suspend the program until the next turn.
        x!.asyncify_start_unwind(data);
        return ERRNO.SUCCESS;
      }
      let total = 0;
      const v = view();
      for (let i = 0; i < count && stdinAt < stdin.length; i++) {
        const ptr = v.getUint32(iovs + 8 * i, true);
        const len = v.getUint32(iovs + 8 * i + 4, true);
        const n = Math.min(len, stdin.length - stdinAt);
        charge(n * HOST_BYTE_FUEL);
        bytes(ptr, n).set(stdin.subarray(stdinAt, stdinAt + n));
        stdinAt += n;
        total += n;
      }
      v.setUint32(nread, total, true);
      return ERRNO.SUCCESS;
    },
    fd_write(fd: number, iovs: number, count: number, nwritten: number) {
      if (fd !== 1 && fd !== 2) return ERRNO.BADF;
      charge(count * HOST_IOV_FUEL);
      let total = 0;
      const v = view();
      for (let i = 0; i < count; i++) {
        const ptr = v.getUint32(iovs + 8 * i, true);
        const len = v.getUint32(iovs + 8 * i + 4, true);
        total += len;
        // Only what is kept is read and paid for: the answer up to its limit, the log up to its room.
        const keep = Math.max(0, fd === 1 ? Math.min(len, outputLimit + 1 - stdoutSize) : Math.min(len, logLimit - logged));
        if (keep === 0) continue;
        charge(keep * HOST_BYTE_FUEL);
        if (fd === 1) {
          stdout.push(bytes(ptr, keep).slice());
          stdoutSize += keep;
        } else {
          write(utf8.decode(bytes(ptr, keep)));
        }
      }
      v.setUint32(nwritten, total, true);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_get(fd: number, stat: number) {
      if (fd > 2) return ERRNO.BADF;
      const v = view();
      v.setUint8(stat, 2); // a character device
      v.setUint16(stat + 2, 0, true);
      v.setBigUint64(stat + 8, 0xffffffffffffffffn, true);
      v.setBigUint64(stat + 16, 0xffffffffffffffffn, true);
      return ERRNO.SUCCESS;
    },
    fd_seek: () => ERRNO.SPIPE,
    fd_close: () => ERRNO.SUCCESS,
    fd_prestat_get: () => ERRNO.BADF,
    proc_exit(code: number) {
      throw new Exit(`exit ${code}`);
    },
    environ_sizes_get(count: number, size: number) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return ERRNO.SUCCESS;
    },
    args_sizes_get(count: number, size: number) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return ERRNO.SUCCESS;
    },
    environ_get: () => ERRNO.SUCCESS,
    args_get: () => ERRNO.SUCCESS,
    clock_time_get(_id: number, _precision: bigint, time: number) {
      clock += 1000n;
      view().setBigUint64(time, WASI_EPOCH_NS + clock, true);
      return ERRNO.SUCCESS;
    },
    clock_res_get(_id: number, res: number) {
      view().setBigUint64(res, 1000n, true);
      return ERRNO.SUCCESS;
    },
    random_get(buf: number, len: number) {
      charge(len * RANDOM_BYTE_FUEL);
      const out = bytes(buf, len);
      let r = random;
      for (let i = 0; i < len; i++) {
        r ^= r << 13;
        r ^= r >>> 17;
        r ^= r << 5;
        out[i] = r & 0xff;
      }
      random = r;
      return ERRNO.SUCCESS;
    },
    sched_yield: () => ERRNO.SUCCESS,
  };
  const wasiImports: Record<string, unknown> = {};
  const imports: Record<string, Record<string, unknown>> = { ...hook, wasi_snapshot_preview1: wasiImports };
  for (const i of WebAssembly.Module.imports(module)) {
    if (i.module === 'wasi_snapshot_preview1' && i.kind === 'function') {
      const f = wasi[i.name] ?? (() => ERRNO.NOSYS);
      wasiImports[i.name] = (...args: never[]) => {
        charge(HOST_CALL_FUEL);
        return f(...args);
      };
    }
  }
  const fuelLeft = () => (x ? Number(tank.left()) : 0);

  return {
    start(fuel, capMs = 0) {
      x = null;
      dataView = null;
      started = false;
      exited = false;
      stdin = new Uint8Array(0);
      stdinAt = 0;
      try {
        x = new WebAssembly.Instance(module, imports as WebAssembly.Imports).exports as unknown as WasiExports;
      } catch (e) {
        return { problem: e instanceof WebAssembly.LinkError ? `link error: ${e.message}` : `the start function failed: ${(e as Error).message}` };
      }
      // asyncify keeps the suspended call stack here: one page of the program's memory.
      const page = x.memory.grow(1);
      if (page < 0) return { problem: 'no memory left for the suspended stack' };
      data = page * 65536;
      view().setUint32(data, data + 8, true);
      view().setUint32(data + 4, data + 65536, true);
      tank.fill(BigInt(fuel), capMs);
      const failed = runStart(x, tank);
      if (failed) x = null;
      return failed;
    },

    call(input, fuel, limit, capMs = 0) {
      if (!x || exited) return { kind: 'trap', fuelLeft: fuel, message: exited ? 'the program has exited' : 'not started' };
      const grown = new Uint8Array(stdin.length - stdinAt + input.length);
      grown.set(stdin.subarray(stdinAt));
      grown.set(new TextEncoder().encode(input), stdin.length - stdinAt);
      stdin = grown;
      stdinAt = 0;
      stdout = [];
      stdoutSize = 0;
      outputLimit = limit;
      tank.fill(BigInt(fuel), capMs);
      try {
        if (started) x.asyncify_start_rewind(data);
        started = true;
        x._start();
        if (x.asyncify_get_state() === UNWINDING) x.asyncify_stop_unwind();
        else exited = true;
      } catch (e) {
        if (e instanceof Exit) exited = true;
        else {
          const left = fuelLeft();
          const depth = depthOf(x);
          x = null;
          if (tank.capped) return { kind: 'trap', fuelLeft: left, message: capText(tank.cap), safetyCap: true };
          return { kind: 'trap', fuelLeft: left, message: `trap: ${(e as Error).message}`, depth };
        }
      }
      const all = new Uint8Array(stdoutSize);
      let at = 0;
      for (const chunk of stdout) {
        all.set(chunk, at);
        at += chunk.length;
      }
      const output = new TextDecoder().decode(all.subarray(0, Math.min(limit, all.length)));
      return { kind: 'ok', output, truncated: all.length > limit, fuelLeft: fuelLeft() };
    },

    takeLog() {
      const text = log;
      log = '';
      return text;
    },
  };
}
