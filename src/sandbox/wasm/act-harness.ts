/**
 * Runs a module of the bot ABI (docs/wasm-abi.md): instantiated with the
 * imports the ABI offers (`umpire.log`, AssemblyScript's `env.abort`,
 * `env.seed`, `env.trace`), then `act` called with each turn's state.
 */

import { type Harness, capText, instantiationProblem, runStart, trapped } from './harness-contract.js';
import { HOST_BYTE_FUEL, HOST_CALL_FUEL, STRING_UNIT_FUEL, fuelTank } from './host-call-fuel.js';

interface BotExports {
  memory: WebAssembly.Memory;
  alloc: (len: number) => number;
  act: (ptr: number, len: number) => bigint;
  init?: () => void;
  umpire_start?: () => void;
  umpire_fuel: WebAssembly.Global;
}

/** A harness for a module of the bot ABI: `act` called once a turn on a fresh instance's exports. */
export function createActHarness(module: WebAssembly.Module, seed: number, logLimit: number): Harness {
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
        return instantiationProblem(e);
      }
      const exports = instance.exports as unknown as BotExports;
      if (typeof exports.alloc !== 'function' || typeof exports.act !== 'function')
        return { problem: 'alloc and act must be functions' };
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
        const report = trapped(x, tank, e instanceof Abort ? e.message : `trap: ${(e as Error).message}`);
        x = null;
        return report;
      }
    },

    takeLog() {
      const text = log;
      log = '';
      return text;
    },
  };
}
