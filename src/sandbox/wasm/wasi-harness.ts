/**
 * Runs a WASI command module made suspendable by asyncify: a classic
 * stdin/stdout program, fed one turn at a time.
 */

import { type Harness, capText, depthOf, instantiationProblem, runStart } from './harness-contract.js';
import { HOST_BYTE_FUEL, HOST_CALL_FUEL, HOST_IOV_FUEL, RANDOM_BYTE_FUEL, fuelTank } from './host-call-fuel.js';

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
export function createWasiHarness(module: WebAssembly.Module, seed: number, logLimit: number): Harness {
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
        const keep = Math.max(
          0,
          fd === 1 ? Math.min(len, outputLimit + 1 - stdoutSize) : Math.min(len, logLimit - logged),
        );
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
        return instantiationProblem(e);
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
      if (!x || exited)
        return { kind: 'trap', fuelLeft: fuel, message: exited ? 'the program has exited' : 'not started' };
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
