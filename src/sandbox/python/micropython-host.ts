/**
 * Runs the MicroPython WebAssembly port (@micropython/micropython-webassembly-pyscript,
 * fuel-metered by the build) with imports of our own instead of its emscripten
 * glue: the bot gets no filesystem, no JavaScript objects (every JS-interop import
 * throws), a virtual clock and a seeded random source, and its memory grows only
 * up to the bot's cap. Values cross through the port's C proxy API
 * (mp_js_do_exec, mp_js_do_import, proxy_c_to_js_lookup_attr, proxy_c_to_js_call),
 * whose 12-byte records are read here.
 */

import { DEPTH_EXPORT, MAX_CALL_DEPTH } from '../wasm/call-depth.js';
import { REFUEL_MODULE, REFUEL_NAME } from '../fuel-tank.js';
import { invokeShapesOf, makeBridge, type BridgeModules, type LongjmpBridge } from './longjmp-bridge.js';

/** Record kinds the port's C side writes (proxy_c.c), and the one for a string it reads. */
const MP = { exception: -1, nothing: 0, none: 1, bool: 2, int: 3, float: 4, str: 5, callable: 6 } as const;
const JS_STRING = 5;

/** WASI and POSIX error numbers the host answers with. */
const EBADF = 8;
const ENOSYS = 52;

/** A UTF-16 unit of JavaScript text takes at most this many bytes of UTF-8 (a 4-byte sequence makes two units). */
const UTF8_BYTES_PER_UNIT = 3;
/** How much of an exception's traceback the host reads: its start (type, message, outer frames) and its end (inner frames). */
const TRACEBACK_HEAD_BYTES = 4096;
const TRACEBACK_TAIL_BYTES = 4096;
/** Reads of the interpreter's own values (a module, `act`) are never longer than this in the host. */
const NAME_CHARS = 200;

/**
 * What a call through one of emscripten's `invoke_*` imports costs, in the
 * interpreter's instructions, on top of the call's 1. The port's
 * setjmp/longjmp (MicroPython's exceptions, and every C call made inside a
 * `nlr_push`) runs each such call out of the module and back into its
 * table (through the bridge, longjmp-bridge.ts; through JavaScript when
 * this price was measured): a plain `for` loop makes three a turn, `sum`
 * of a list four an element. Uncharged, `sum` and `min` over a list ran 5 to 9 times
 * longer than their fuel (`npm run calibrate`); at this price they run
 * about 1.5 times, while ordinary work makes one such call every thousand
 * instructions or so. The build (scripts/build-wasm.mjs) prices the calls
 * at their call sites, so the charge costs nothing at run time.
 */
export const INVOKE_FUEL = 500;

/**
 * What each page (64 KiB) the interpreter's memory grows by costs, in its
 * instructions, on top of the host call: as MEMORY_PAGE_FUEL for a bot's
 * `memory.grow` (wasm/meter.ts), for the grow and the first touch of the new
 * pages. MicroPython takes its heap at start-up, so this is load fuel.
 */
export const GROW_PAGE_FUEL = 131_072;

/**
 * What each piece of text the log keeps costs, in the interpreter's
 * instructions, on top of the host call and its bytes: decoding it and
 * adding it to the log take longer than the call itself (a bot printing
 * short lines while the log had room ran 2.3 times longer than its fuel
 * without it). Charged only until the log's cap, which bounds it per match.
 */
export const LOG_WRITE_FUEL = 20_000;

export interface HostOptions {
  /** The instance may grow its memory up to this many bytes. */
  readonly memoryBytes: number;
  /** The seat's seed for the random source the port draws on (os.urandom, random's initial seed). */
  readonly seed: number;
  /** The virtual clock (from the fuel used so far), in ms since 1970 (time.time()); time.ticks_ms() counts from `ticksZero`. */
  readonly clockMs: () => number;
  readonly ticksZero: number;
  /**
   * Room left in the bot's log, in UTF-16 units (0 once it is full): the
   * host decodes no more of what the bot prints than that can take.
   */
  readonly logRoom: () => number;
  /** What the bot prints (stdout and stderr), decoded up to the log's room. */
  readonly write: (text: string) => void;
  /** Fuel one call into the host costs (the counter cannot see host work). */
  readonly hostCallFuel: number;
  /** Fuel per byte the bot hands the host to print, kept in the log or dropped past its cap. */
  readonly hostByteFuel: number;
  /**
   * The interpreter's fuel counter exists (the instance is made): the host
   * fills it for the start-up, which runs on it, MicroPython's own first.
   */
  readonly begin: (counter: WebAssembly.Global) => void;
  /**
   * The counter is below zero (the module's refuel hook, or a host charge):
   * tops it up from the budget, or throws, which stops the call as a trap
   * (fuel-tank.ts).
   */
  readonly refuel: () => void;
  /**
   * A program's standard input, for an interpreter JSPI can suspend where it
   * reads it (see {@link MicroPython.run}); absent, stdin is at its end.
   */
  readonly stdin?: StdinSource;
  /** Where a stdin program's stdout goes (its answers); absent, stdout goes to the log as stderr does. */
  readonly stdout?: StdoutSink;
}

/** A stdin program's standard output: the turn's answer, kept up to its room. */
export interface StdoutSink {
  /** How many more bytes are kept (the rest is paid for and dropped). */
  room(): number;
  write(bytes: Uint8Array): void;
}

/** Standard input fed by the host: what has arrived, and a wait for more. */
export interface StdinSource {
  /** Up to `max` bytes that have arrived (removed from the source), or null if none has yet. */
  take(max: number): Uint8Array | null;
  /** Settles once more has arrived; the interpreter is suspended until then. */
  wait(): Promise<void>;
  /** Fuel per byte read, on top of the host call. */
  readonly byteFuel: number;
}

/** Whether this runtime has JavaScript Promise Integration (Node 24, workerd; not Node 22). */
export const hasJspi = (): boolean =>
  typeof (WebAssembly as any).Suspending === 'function' && typeof (WebAssembly as any).promising === 'function';

/** A Python value the port handed back. */
/** A Python exception: its type's name and the traceback the port printed. */
export interface PyException {
  readonly kind: 'exception';
  readonly type: string;
  readonly traceback: string;
}

export type PyValue =
  | { readonly kind: 'str'; readonly text: string }
  | PyException
  | { readonly kind: 'callable'; readonly ref: number }
  | { readonly kind: 'other'; readonly type: string; readonly ref: number };

const TYPE_NAMES: Readonly<Record<number, string>> = {
  [MP.nothing]: 'nothing',
  [MP.none]: 'None',
  [MP.bool]: 'a bool',
  [MP.int]: 'an int',
  [MP.float]: 'a float',
};

const utf8 = new TextEncoder();
let utf8Scratch = new Uint8Array(4096);

export class MicroPython {
  readonly fuel: WebAssembly.Global;
  /** The calls in progress, in a module built with a call-depth limit (call-depth.ts). */
  private readonly depth: WebAssembly.Global | undefined;
  private readonly exports: Record<string, any>;
  private readonly memory: WebAssembly.Memory;
  private readonly out: number = 0;

  /** Starts the interpreter (MicroPython's own start-up runs on the fuel `options.begin` sets). */
  constructor(
    module: WebAssembly.Module,
    fuelExport: string,
    options: HostOptions,
    heapBytes: number,
    pystackBytes: number,
    bridgeModules: BridgeModules,
  ) {
    let exports: Record<string, any> | undefined;
    const fuel = () => exports?.[fuelExport] as WebAssembly.Global | undefined;
    // setjmp/longjmp in WebAssembly for every bot: JSPI needs it under a stdin program, and it saves a
    // trip through JavaScript on every protected call (a third of a Capture match's time).
    const bridge = makeBridge(bridgeModules, invokeShapesOf(module));
    const imports = hostImports(module, options, () => this.memory, fuel, bridge);
    exports = new WebAssembly.Instance(module, imports).exports as Record<string, any>;
    bridge.connect(exports);
    this.exports = exports;
    this.memory = exports.memory as WebAssembly.Memory;
    this.fuel = exports[fuelExport] as WebAssembly.Global;
    this.depth = exports[DEPTH_EXPORT] as WebAssembly.Global | undefined;
    options.begin(this.fuel);
    exports.emscripten_stack_init();
    exports.__wasm_call_ctors();
    exports.mp_js_init(pystackBytes, heapBytes);
    exports.proxy_c_init();
    this.out = exports.malloc(12);
  }

  /**
   * Whether the last call stopped because calls nested too deep: the
   * module's call-depth limit trapped, or (in a module without one) V8's
   * own stack overflowed, which `error` shows.
   */
  nestedTooDeep(error: unknown): boolean {
    if (this.depth && (this.depth.value as number) > MAX_CALL_DEPTH) return true;
    return error instanceof RangeError && /call stack/i.test(error.message);
  }

  /** The instance's memory now, in bytes. */
  get memoryBytes(): number {
    return this.memory.buffer.byteLength;
  }

  /** Runs source text in `__main__` (top-level statements): null, or the exception it raised. */
  exec(source: string): PyException | null {
    this.enter();
    const [ptr, len] = this.cString(source);
    this.exports.mp_js_do_exec(ptr, len, this.out);
    this.exports.free(ptr);
    const value = this.read(NAME_CHARS);
    return value.kind === 'exception' ? value : null;
  }

  /**
   * Runs a program that reads standard input (from `options.stdin`): it
   * goes on until it first waits for input that has not arrived, where JSPI
   * suspends it, and the promise settles only when the program ends (null,
   * or the exception it raised). Rejects if the interpreter stops (fuel, a trap).
   */
  run(source: string): Promise<PyException | null> {
    this.enter();
    const [ptr, len] = this.cString(source);
    const exec = (WebAssembly as any).promising(this.exports.mp_js_do_exec) as (...args: number[]) => Promise<void>;
    return exec(ptr, len, this.out).then(() => {
      this.exports.free(ptr);
      const value = this.read(NAME_CHARS);
      return value.kind === 'exception' ? value : null;
    });
  }

  /** An attribute of module `__main__` (a global of the bot), or null if it has none. */
  global(name: string): PyValue | null {
    this.enter();
    const [modulePtr] = this.cString('__main__');
    this.exports.mp_js_do_import(modulePtr, this.out);
    this.exports.free(modulePtr);
    const main = this.read(NAME_CHARS);
    if (main.kind !== 'other') return null;
    const [namePtr] = this.cString(name);
    this.exports.proxy_c_to_js_lookup_attr(main.ref, namePtr, this.out);
    this.exports.free(namePtr);
    const value = this.read(NAME_CHARS);
    return value.kind === 'other' && value.type === 'nothing' ? null : value;
  }

  /**
   * Calls a Python callable with one string argument. A str it returns is
   * read no further than `keepChars` UTF-16 units and one more (so a longer
   * one shows as longer): the rest of it is never decoded.
   */
  callWithString(ref: number, argument: string, keepChars: number): PyValue {
    this.enter();
    const args = this.exports.malloc(12);
    const [ptr, len] = this.cString(argument);
    const view = new DataView(this.memory.buffer);
    view.setInt32(args, JS_STRING, true);
    view.setInt32(args + 4, len, true);
    view.setInt32(args + 8, ptr, true);
    // The port copies the string into a Python str and frees `ptr` itself.
    this.exports.proxy_c_to_js_call(ref, 1, args, this.out);
    this.exports.free(args);
    return this.read(keepChars);
  }

  /** Before a call from the host: no call of the interpreter is in progress (one that trapped left its count behind). */
  private enter(): void {
    if (this.depth) this.depth.value = 0;
  }

  /** A NUL-terminated UTF-8 copy in the instance's heap: pointer and length without the NUL. */
  private cString(text: string): [number, number] {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; the text is encoded once, into a buffer kept for the next.
    if (utf8Scratch.length < text.length * 3) utf8Scratch = new Uint8Array(text.length * 3);
    const length = utf8.encodeInto(text, utf8Scratch).written;
    const ptr = this.exports.malloc(length + 1);
    const heap = new Uint8Array(this.memory.buffer);
    heap.set(utf8Scratch.subarray(0, length), ptr);
    heap[ptr + length] = 0;
    return [ptr, length];
  }

  /** The record the port wrote at `out`; a str no further than `keepChars` units and one more, an exception's traceback by its two ends. */
  private read(keepChars: number): PyValue {
    const view = new DataView(this.memory.buffer);
    const kind = view.getInt32(this.out, true);
    if (kind === MP.str) {
      const len = view.getInt32(this.out + 4, true);
      // Any text of more than `keepChars` units has more than that many in this many of its first bytes.
      const bytes = this.bytes(view.getInt32(this.out + 8, true), Math.min(len, UTF8_BYTES_PER_UNIT * (keepChars + 2)));
      return { kind: 'str', text: new TextDecoder().decode(bytes, { stream: true }) };
    }
    if (kind === MP.exception) {
      const ptr = view.getInt32(this.out + 8, true);
      const len = view.getInt32(this.out + 4, true);
      const text = this.traceback(ptr, len);
      this.exports.free(ptr);
      const cut = text.indexOf('\x04');
      return { kind: 'exception', type: text.slice(0, cut), traceback: text.slice(cut + 1) };
    }
    if (kind === MP.callable) return { kind: 'callable', ref: view.getInt32(this.out + 4, true) };
    return { kind: 'other', type: TYPE_NAMES[kind] ?? 'an object', ref: view.getInt32(this.out + 4, true) };
  }

  /** `len` bytes of the instance's memory from `ptr`, clipped to it (a view: nothing is copied). */
  private bytes(ptr: number, len: number): Uint8Array {
    const size = this.memory.buffer.byteLength;
    const from = Math.min(ptr >>> 0, size);
    return new Uint8Array(this.memory.buffer, from, Math.max(0, Math.min(len, size - from)));
  }

  /**
   * The port's "type\x04traceback" text. A long one (a bot can raise an
   * exception with a message of megabytes) is read at its start and its end
   * only, with a line marking the cut: the host's work stays the same
   * whatever the bot raised.
   */
  private traceback(ptr: number, len: number): string {
    if (len <= TRACEBACK_HEAD_BYTES + TRACEBACK_TAIL_BYTES) return new TextDecoder().decode(this.bytes(ptr, len));
    const head = new TextDecoder().decode(this.bytes(ptr, TRACEBACK_HEAD_BYTES), { stream: true });
    const tail = this.bytes(ptr + len - TRACEBACK_TAIL_BYTES, TRACEBACK_TAIL_BYTES);
    // The tail starts after any UTF-8 continuation bytes of a character the cut went through.
    let start = 0;
    while (start < 3 && start < tail.length && (tail[start]! & 0xc0) === 0x80) start++;
    return `${head}\n[... ${len - TRACEBACK_HEAD_BYTES - TRACEBACK_TAIL_BYTES} bytes of the traceback not read ...]\n${new TextDecoder().decode(tail.subarray(start))}`;
  }
}

/**
 * The port's imports, each taking its host-call fuel first, and fd_write its
 * fuel per byte too; a call whose cost the fuel left does not cover stops
 * (`refuel` throws) before it does any work. Any import not named here
 * throws. The refuel hook, where the module has one, goes to `refuel`.
 */
function hostImports(
  module: WebAssembly.Module,
  o: HostOptions,
  memory: () => WebAssembly.Memory,
  fuel: () => WebAssembly.Global | undefined,
  bridge: LongjmpBridge,
): WebAssembly.Imports {
  const view = () => new DataView(memory().buffer);
  const charge = (units: number) => {
    const counter = fuel();
    if (!counter) return;
    const left = (counter.value as bigint) - BigInt(units);
    counter.value = left;
    if (left < 0n) o.refuel();
  };
  // One decoder a stream: a character split between two writes is decoded whole.
  const decoders: Record<number, TextDecoder> = { 1: new TextDecoder(), 2: new TextDecoder() };
  let random = o.seed >>> 0 || 0x9e3779b9;
  const known: Record<string, (...args: any[]) => unknown> = {
    _abort_js: () => {
      throw new Error('MicroPython aborted');
    },
    emscripten_resize_heap: (requested: number) => {
      const mem = memory();
      const want = requested >>> 0;
      if (want > o.memoryBytes) return 0;
      const pages = Math.ceil((want - mem.buffer.byteLength) / 65536);
      charge(Math.max(0, pages) * GROW_PAGE_FUEL);
      try {
        mem.grow(pages);
        return 1;
      } catch {
        return 0;
      }
    },
    // The port asks whether JavaScript already holds a proxy of a Python object: never, here.
    js_check_existing: () => -1,
    mp_js_random_u32: () => {
      // xorshift32 from the seat's seed: the same draws on every run.
      random ^= random << 13;
      random ^= random >>> 17;
      random ^= random << 5;
      return random >>> 0;
    },
    mp_js_ticks_ms: () => Math.floor(o.clockMs() - o.ticksZero),
    mp_js_time_ms: () => Math.floor(o.clockMs()),
    // print() and sys.stdout/stderr. Every byte is paid for, kept or not; only what the log
    // can still take is decoded, so past its cap a write is paid for and dropped unread.
    fd_write: (fd: number, iovs: number, count: number, written: number) => {
      const v = view();
      const decoder = fd === 1 || fd === 2 ? decoders[fd] : undefined;
      let total = 0;
      for (let k = 0; k < count; k++) {
        const ptr = v.getUint32(iovs + 8 * k, true);
        const len = v.getUint32(iovs + 8 * k + 4, true);
        total += len;
        if (!decoder) continue;
        charge(len * o.hostByteFuel);
        if (fd === 1 && o.stdout) {
          const size = memory().buffer.byteLength;
          const keep = Math.max(0, Math.min(len, o.stdout.room(), size - ptr));
          if (keep > 0) o.stdout.write(new Uint8Array(memory().buffer, ptr, keep).slice());
          continue;
        }
        const room = o.logRoom();
        if (room <= 0 || len === 0) continue;
        // Decoding the bytes and adding them to the log takes about as long again as the call itself.
        charge(LOG_WRITE_FUEL);
        // More than `room` units of any text lie within this many of its first bytes.
        const size = memory().buffer.byteLength;
        const keep = Math.max(0, Math.min(len, UTF8_BYTES_PER_UNIT * (room + 1), size - ptr));
        o.write(decoder.decode(new Uint8Array(memory().buffer, Math.min(ptr, size), keep), { stream: true }));
      }
      v.setUint32(written, total, true);
      return decoder ? 0 : EBADF;
    },
    fd_read: (fd: number, iovs: number, count: number, read: number) => {
      if (!o.stdin || fd !== 0) {
        view().setUint32(read, 0, true);
        return 0;
      }
      return readStdin(o.stdin, view, iovs, count, read, charge);
    },
    fd_close: () => EBADF,
    fd_seek: () => EBADF,
    // Nothing is buffered: flushing stdout or stderr succeeds at once.
    fd_sync: (fd: number) => (fd === 1 || fd === 2 ? 0 : EBADF),
  };
  const env: Record<string, unknown> = {};
  const wasi: Record<string, unknown> = {};
  const hook: Record<string, unknown> = {};
  for (const { module: from, name } of WebAssembly.Module.imports(module)) {
    // The meter's hook: not host work, so not charged.
    if (from === REFUEL_MODULE && name === REFUEL_NAME) {
      hook[name] = () => o.refuel();
      continue;
    }
    const target = from === 'wasi_snapshot_preview1' ? wasi : env;
    // setjmp/longjmp stay in WebAssembly (no JavaScript frame under a suspension); they do no host work.
    if (name in bridge.imports) {
      target[name] = bridge.imports[name];
      continue;
    }
    if (name.startsWith('invoke_')) throw new Error(`${name}: a call shape the setjmp/longjmp bridge does not make`);
    if (o.stdin && from === 'wasi_snapshot_preview1' && name === 'fd_read') {
      const read = known.fd_read!;
      target[name] = new (WebAssembly as any).Suspending((...args: unknown[]) => {
        charge(o.hostCallFuel);
        return read(...args);
      });
      continue;
    }
    const run: (...args: any[]) => unknown = name.startsWith('__syscall_')
      ? () => -ENOSYS
      : (known[name] ??
        (() => {
          throw new Error(`${name}: JavaScript is not reachable from a Python bot`);
        }));
    target[name] = (...args: unknown[]) => {
      charge(o.hostCallFuel);
      return run(...args);
    };
  }
  return {
    env: env as WebAssembly.ModuleImports,
    wasi_snapshot_preview1: wasi as WebAssembly.ModuleImports,
    [REFUEL_MODULE]: hook as WebAssembly.ModuleImports,
  };
}

/**
 * fd_read on stdin: what has arrived, into the iovecs (each byte paid for);
 * if nothing has, a promise, on which JSPI suspends the interpreter until
 * more arrives. 0 bytes read is the end of the input.
 */
function readStdin(
  stdin: StdinSource,
  view: () => DataView,
  iovs: number,
  count: number,
  read: number,
  charge: (units: number) => void,
): number | Promise<number> {
  const fill = (): number => {
    let total = 0;
    for (let k = 0; k < count; k++) {
      const v = view();
      const ptr = v.getUint32(iovs + 8 * k, true);
      const len = v.getUint32(iovs + 8 * k + 4, true);
      if (len === 0) continue;
      const bytes = stdin.take(len);
      if (bytes === null) break;
      charge(bytes.length * stdin.byteFuel);
      new Uint8Array(v.buffer, ptr, bytes.length).set(bytes);
      total += bytes.length;
      if (bytes.length < len) break;
    }
    view().setUint32(read, total, true);
    return 0;
  };
  if (stdin.take(0) !== null) return fill();
  return stdin.wait().then(fill);
}
