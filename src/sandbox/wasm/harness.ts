/**
 * Runs one metered WebAssembly bot module: instantiation with the imports the
 * ABI offers, and calls of `act`. Self-contained on purpose (no imports): the
 * build ships its compiled source into Cloudflare Worker Loader isolates,
 * where it runs the bot; in Node and Lambda it runs in-process.
 */

/** The outcome of one call of `act`, as plain data (it crosses RPC). */
export type HarnessCall =
  | { readonly kind: 'ok'; readonly output: string; readonly truncated: boolean; readonly fuelLeft: number }
  | { readonly kind: 'bad_range'; readonly fuelLeft: number }
  | { readonly kind: 'trap'; readonly fuelLeft: number; readonly message: string };

export interface Harness {
  /** A fresh instance; the start function and `init` run under `fuel`. Returns a problem, or null. */
  start(fuel: number): string | null;
  call(input: string, fuel: number, outputLimit: number): HarnessCall;
  /** Log written since the last call (capped per match). */
  takeLog(): string;
}

interface BotExports {
  memory: WebAssembly.Memory;
  alloc: (len: number) => number;
  act: (ptr: number, len: number) => bigint;
  init?: () => void;
  umpire_fuel: WebAssembly.Global;
}

export function createHarness(module: WebAssembly.Module, seed: number, logLimit: number): Harness {
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
  const utf8 = (ptr: number, len: number) =>
    x ? new TextDecoder().decode(new Uint8Array(x.memory.buffer, ptr, Math.max(0, Math.min(len, logLimit, x.memory.buffer.byteLength - ptr)))) : '';
  // AssemblyScript strings: UTF-16 code units, their byte length stored just before them.
  const asString = (ptr: number) => {
    if (!x || ptr < 4 || ptr > x.memory.buffer.byteLength) return '';
    const bytes = new DataView(x.memory.buffer).getUint32(ptr - 4, true);
    const units = Math.min(bytes >>> 1, 1000, (x.memory.buffer.byteLength - ptr) >>> 1);
    return String.fromCharCode(...new Uint16Array(x.memory.buffer.slice(ptr, ptr + units * 2)));
  };
  class Abort extends Error {}
  const imports = {
    umpire: { log: (ptr: number, len: number) => write(utf8(ptr, len)) },
    env: {
      abort: (msg: number) => {
        throw new Abort(`abort: ${asString(msg)}`);
      },
      seed: () => seed,
      trace: (msg: number) => write(`trace: ${asString(msg)}`),
    },
  };
  const fuelLeft = () => (x ? Number(x.umpire_fuel.value as bigint) : 0);

  return {
    start(fuel) {
      x = null;
      let instance: WebAssembly.Instance;
      try {
        instance = new WebAssembly.Instance(module, imports);
      } catch (e) {
        return e instanceof WebAssembly.LinkError ? `link error: ${e.message}` : `the start function failed: ${(e as Error).message}`;
      }
      const exports = instance.exports as unknown as BotExports;
      if (typeof exports.alloc !== 'function' || typeof exports.act !== 'function') return 'alloc and act must be functions';
      if (!(exports.memory instanceof WebAssembly.Memory)) return 'the module must export its memory';
      x = exports;
      x.umpire_fuel.value = BigInt(fuel);
      try {
        x.init?.();
      } catch (e) {
        const over = fuelLeft() < 0;
        x = null;
        return over ? 'init used up its fuel' : `init failed: ${(e as Error).message}`;
      }
      return null;
    },

    call(input, fuel, outputLimit) {
      if (!x) return { kind: 'trap', fuelLeft: 0, message: 'not started' };
      x.umpire_fuel.value = BigInt(fuel);
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
        x = null;
        return { kind: 'trap', fuelLeft: left, message: e instanceof Abort ? e.message : `trap: ${(e as Error).message}` };
      }
    },

    takeLog() {
      const text = log;
      log = '';
      return text;
    },
  };
}
