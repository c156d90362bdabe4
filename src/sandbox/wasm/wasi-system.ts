/**
 * The WASI functions a stdin/stdout player is offered, and its standard
 * streams: what both WASI harnesses share (wasi-harness.ts suspends with
 * asyncify, wasi-jspi-harness.ts with JavaScript Promise Integration). They
 * differ only in what `fd_read` does when standard input is empty.
 */

import { HOST_BYTE_FUEL, HOST_CALL_FUEL, HOST_IOV_FUEL, RANDOM_BYTE_FUEL } from './host-call-fuel.js';

export const ERRNO = { SUCCESS: 0, BADF: 8, NOSYS: 52, SPIPE: 70 };
/** A Unix epoch for WASI clocks (2011-05-28), in nanoseconds. */
const WASI_EPOCH_NS = 1306540800000000000n;
const WASI = 'wasi_snapshot_preview1';

/** Thrown by `proc_exit` through the program: it ends the run. */
export class WasiExit extends Error {}

/** The arguments of `fd_read`: fd, iovs, iovs_len, nread. */
export type ReadArgs = [fd: number, iovs: number, count: number, nread: number];

export interface WasiSystemOptions {
  seed: number;
  logLimit: number;
  /** The program's memory (its instance may be replaced; the view follows). */
  memory: () => WebAssembly.Memory;
  /** Takes host work off the fuel (throws once the budget does not cover it). */
  charge: (units: number) => void;
  /** `fd_read` on fd 0 with nothing left to read, inside a turn: the harness suspends the program. */
  block: (args: ReadArgs) => unknown;
}

/**
 * A program's WASI system: the functions to import (each charged
 * HOST_CALL_FUEL), standard input fed a turn at a time, standard output as
 * the turn's answer, standard error to the log.
 */
export function wasiSystem(options: WasiSystemOptions) {
  const { logLimit, charge } = options;
  let stdin = new Uint8Array(0);
  let stdinAt = 0;
  let stdout: Uint8Array[] = [];
  let stdoutSize = 0;
  let outputLimit = 0;
  let log = '';
  let logged = 0;
  let clock = 0n;
  let random = options.seed >>> 0 || 1;
  /** Whether a turn is being played: outside one (a start function) there is nothing to wait for. */
  let inTurn = false;
  const utf8 = new TextDecoder();

  // A view of the program's memory, made again only when the memory has grown (which detaches the old buffer).
  let dataView: DataView | null = null;
  const view = () => {
    if (dataView === null || dataView.buffer !== options.memory().buffer)
      dataView = new DataView(options.memory().buffer);
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

  /** `fd_read` after its call is paid for: copies what standard input holds, or blocks. */
  const read = (...args: ReadArgs): unknown => {
    const [fd, iovs, count, nread] = args;
    if (fd !== 0) return ERRNO.BADF;
    charge(count * HOST_IOV_FUEL);
    if (stdinAt >= stdin.length) {
      if (!inTurn) throw new Error('read standard input before its first turn');
      return options.block(args);
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
  };

  const functions: Record<string, (...args: never[]) => unknown> = {
    fd_read: read,
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
      throw new WasiExit(`exit ${code}`);
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

  /** Every function is charged a host call first; one not offered answers ENOSYS. */
  const paid =
    (f: (...args: never[]) => unknown) =>
    (...args: never[]) => {
      charge(HOST_CALL_FUEL);
      return f(...args);
    };

  return {
    /** `fd_read` as the program calls it, paid for: what a resumed read runs again. */
    read: paid(read as (...args: never[]) => unknown) as (...args: ReadArgs) => unknown,

    /** The `wasi_snapshot_preview1` imports for `module`; `overrides` replace some (made from {@link read}). */
    imports(
      module: WebAssembly.Module,
      overrides: Record<string, unknown> = {},
    ): Record<string, Record<string, unknown>> {
      const own: Record<string, unknown> = {};
      for (const i of WebAssembly.Module.imports(module))
        if (i.module === WASI && i.kind === 'function')
          own[i.name] = overrides[i.name] ?? paid(functions[i.name] ?? (() => ERRNO.NOSYS));
      return { [WASI]: own };
    },

    /** A fresh program: standard input emptied, the memory view dropped. */
    restart() {
      stdin = new Uint8Array(0);
      stdinAt = 0;
      dataView = null;
      inTurn = false;
    },

    /** Starts a turn: its input appended to standard input, standard output emptied. */
    beginTurn(input: string, limit: number) {
      const added = new TextEncoder().encode(input);
      const grown = new Uint8Array(stdin.length - stdinAt + added.length);
      grown.set(stdin.subarray(stdinAt));
      grown.set(added, stdin.length - stdinAt);
      stdin = grown;
      stdinAt = 0;
      stdout = [];
      stdoutSize = 0;
      outputLimit = limit;
      inTurn = true;
    },

    /** Ends the turn: what the program wrote to standard output, cut at `limit` characters' bytes. */
    endTurn(limit: number): { output: string; truncated: boolean } {
      inTurn = false;
      const all = new Uint8Array(stdoutSize);
      let at = 0;
      for (const chunk of stdout) {
        all.set(chunk, at);
        at += chunk.length;
      }
      const output = new TextDecoder().decode(all.subarray(0, Math.min(limit, all.length)));
      return { output, truncated: all.length > limit };
    },

    takeLog(): string {
      const text = log;
      log = '';
      return text;
    },
  };
}

/** Sets the page a suspended stack is kept in (asyncify's data: its two bounds), at the end of memory. */
export function reserveStackPage(memory: WebAssembly.Memory): number | null {
  // Both harnesses take it, so a program sees the same memory whichever suspends it.
  const page = memory.grow(1);
  if (page < 0) return null;
  const data = page * 65536;
  const v = new DataView(memory.buffer);
  v.setUint32(data, data + 8, true);
  v.setUint32(data + 4, data + 65536, true);
  return data;
}
