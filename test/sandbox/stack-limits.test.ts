import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DEPTH_EXPORT, MAX_STACK_SLOTS, frameSlots, limitCallDepth } from '../../src/sandbox/wasm/call-depth.js';
import { meterWasm } from '../../src/sandbox/wasm/meter.js';
import type { CallResult } from '../../src/sandbox/types.js';
import { assemble } from './wat.js';

/**
 * The stack limits of JavaScript and WebAssembly bots (src/sandbox/wasm/call-depth.ts):
 * deep recursion ends at the same call, with the same fuel, whatever the
 * thread's native stack. The bots run here and in worker threads of 1 MiB
 * (about 830 KiB for V8: smaller than a Workers isolate's or a main thread's
 * 984 KiB) and 4 MiB (the pools'), on the built sandbox (dist/): `npm run build` first.
 */

const BUDGET = { fuel: 1e9 };
const JS_TOO_DEEP = "nested calls too deep for the interpreter's stack; reloaded next turn";
const WASM_TOO_DEEP = 'nested calls too deep for the stack; reloaded next turn';

/** QuickJS as the build meters it: with the count of stack slots (the build's), and without. */
const QUICKJS = {
  limited: new WebAssembly.Module(readFileSync('build/quickjs-metered.wasm')),
  plain: new WebAssembly.Module(
    meterWasm(readFileSync(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm'))).bytes,
  ),
};

interface RunOptions {
  readonly inputs?: string[];
  /** The QuickJS module JS bots run on (default: the build's). */
  readonly quickjs?: WebAssembly.Module;
  /** The count's limit for 'limited-wasm' (default MAX_STACK_SLOTS). */
  readonly limit?: number;
  /** Each call's fuel (default BUDGET's). */
  readonly fuel?: number;
}

interface Run {
  readonly results: CallResult[];
  /** The count of stack slots the last instance made was left at (it stays where a trap left it). */
  readonly depth: number | undefined;
}

/**
 * Loads a bot on the built sandbox in a worker thread with a native stack of `stackSizeMb` and calls
 * it once per input. JS bots run on `quickjs`; a WebAssembly bot's `code` is its bytes, metered and
 * limited by WasmBot.load ('wasm'), or metered (and limited: 'limited-wasm') here and called once
 * straight through the harness, whose trap is given as it comes.
 */
function run(
  kind: 'js' | 'wasm' | 'raw-wasm' | 'limited-wasm',
  code: string | Uint8Array,
  stackSizeMb: number,
  options: RunOptions = {},
): Promise<Run> {
  const { inputs = ['x'], quickjs = QUICKJS.limited, limit = MAX_STACK_SLOTS, fuel = BUDGET.fuel } = options;
  const script = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const { root, kind, code, quickjs, budget, inputs, limit } = workerData;
      const Instance = WebAssembly.Instance;
      let last;
      WebAssembly.Instance = function (module, imports) { return (last = new Instance(module, imports)); };
      const depth = () => last?.exports.umpire_depth?.value;
      const { DEFAULT_LIMITS } = await import(root + '/dist/sandbox/types.js');
      const ctx = { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e10 };
      if (kind === 'raw-wasm' || kind === 'limited-wasm') {
        const { meterWasm } = await import(root + '/dist/sandbox/wasm/meter.js');
        const { frameSlots, limitCallDepth } = await import(root + '/dist/sandbox/wasm/call-depth.js');
        const { createHarness } = await import(root + '/dist/sandbox/wasm/harness.js');
        let metered = meterWasm(code, { memoryBytes: DEFAULT_LIMITS.memoryBytes, deferStart: true, strict: true }).bytes;
        if (kind === 'limited-wasm') metered = limitCallDepth(metered, limit, frameSlots);
        const harness = createHarness(new WebAssembly.Module(metered), 1, 1000);
        harness.start(ctx.loadFuel);
        const results = [];
        for (const input of inputs) {
          const r = harness.call(input, budget.fuel, 100);
          results.push({ output: r.output ?? null, fuel: budget.fuel - r.fuelLeft, failure: r.kind, detail: r.message });
        }
        return { results, depth: depth() };
      }
      let loaded;
      if (kind === 'js') {
        const { JsBot } = await import(root + '/dist/sandbox/javascript/js-bot.js');
        loaded = await JsBot.load(async () => quickjs, code, ctx);
      } else {
        const { WasmBot } = await import(root + '/dist/sandbox/webassembly/wasm-bot.js');
        const { nodeWasmSessions } = await import(root + '/dist/sandbox/node-sources.js');
        loaded = await WasmBot.load(nodeWasmSessions, code, ctx);
      }
      if (!loaded.ok) throw new Error(loaded.failure.message);
      const results = [];
      for (const input of inputs) results.push(await loaded.bot.act(input, budget));
      return { results, depth: depth() };
    })().then((r) => parentPort.postMessage(r), (e) => parentPort.postMessage(String(e.stack ?? e)));
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      eval: true,
      workerData: { root: process.cwd(), kind, code, quickjs, budget: { ...BUDGET, fuel }, inputs, limit },
      ...(stackSizeMb > 0 ? { resourceLimits: { stackSizeMb } } : {}),
    });
    worker.once('message', (m: Run | string) => (typeof m === 'string' ? reject(new Error(m)) : resolve(m)));
    worker.once('error', reject);
  });
}

/** This thread's stack is vitest's; a worker thread of 8 MiB stands for "a large stack" instead. */
const THREADS = [1, 4, 8] as const;

describe('the count of stack slots (call-depth.ts with frameSlots)', () => {
  it('weighs each frame by its slots: 16, its parameters and its locals (a v128 twice), and the count is back to 0 after', () => {
    // f(n) = n == 0 ? 0 : f(n - 1) + 1, with 10 i64 locals and 2 v128 ones: 16 + 1 + 10 + 4 = 31 slots a frame.
    const bytes = assemble(`(module
      (global $unused (mut i32) (i32.const 0))
      (func $f (export "f") (param $n i32) (result i32) (local i64 i64 i64 i64 i64 i64 i64 i64 i64 i64 v128 v128)
        (if (i32.eqz (local.get $n)) (then (return (i32.const 0))))
        (i32.add (call $f (i32.sub (local.get $n) (i32.const 1))) (i32.const 1)))
      (export "unused" (global $unused)))`);
    const exports = new WebAssembly.Instance(new WebAssembly.Module(limitCallDepth(bytes, 1000, frameSlots)))
      .exports as Record<string, any>;
    const depth = exports[DEPTH_EXPORT] as WebAssembly.Global;
    // 32 frames of 31 slots fit in 1000 (f(31)); the 33rd would make 1023.
    expect(exports.f(31)).toBe(31);
    expect(depth.value).toBe(0);
    expect(() => exports.f(32)).toThrow(WebAssembly.RuntimeError);
    expect(depth.value).toBe(33 * 31);
  });

  it('counts a tail call as replacing its frame: a million of them in a row do not add up', () => {
    const bytes = assemble(`(module
      (global $unused (mut i32) (i32.const 0))
      (type $t (func (param i32) (result i32)))
      (table 1 funcref) (elem (i32.const 0) $loop)
      (func $loop (export "loop") (param $n i32) (result i32)
        (if (i32.eqz (local.get $n)) (then (return (i32.const 7))))
        ;; odd counts go through the table, even ones straight
        (if (i32.and (local.get $n) (i32.const 1))
          (then (return_call_indirect (type $t) (i32.sub (local.get $n) (i32.const 1)) (i32.const 0))))
        (return_call $loop (i32.sub (local.get $n) (i32.const 1))))
      (export "unused" (global $unused)))`);
    const exports = new WebAssembly.Instance(new WebAssembly.Module(limitCallDepth(bytes, 100, frameSlots)))
      .exports as Record<string, any>;
    expect(exports.loop(1_000_000)).toBe(7);
    expect((exports[DEPTH_EXPORT] as WebAssembly.Global).value).toBe(0);
  });

  it('keeps functions with several results working (their bodies are wrapped in a block of a type added for them)', () => {
    const bytes = assemble(`(module
      (global $unused (mut i32) (i32.const 0))
      (func $pair (param $x i32) (result i32 i64)
        (if (i32.eqz (local.get $x)) (then (return (i32.const -1) (i64.const -2))))
        (i32.add (local.get $x) (i32.const 1)) (i64.extend_i32_u (local.get $x)))
      (func (export "sum") (param $x i32) (result i64)
        (local $a i32) (local $b i64)
        (call $pair (local.get $x)) (local.set $b) (local.set $a)
        (i64.add (i64.extend_i32_s (local.get $a)) (local.get $b)))
      (export "unused" (global $unused)))`);
    const exports = new WebAssembly.Instance(new WebAssembly.Module(limitCallDepth(bytes, 100, frameSlots)))
      .exports as Record<string, any>;
    expect(exports.sum(5)).toBe(11n);
    expect(exports.sum(0)).toBe(-3n);
    expect((exports[DEPTH_EXPORT] as WebAssembly.Global).value).toBe(0);
  });

  it('makes a function heavier than the whole limit trap whenever it is called', () => {
    const bytes = assemble(`(module
      (global $unused (mut i32) (i32.const 0))
      (func (export "heavy") (result i32) (local ${'i64 '.repeat(200)}) (i32.const 1))
      (export "unused" (global $unused)))`);
    const exports = new WebAssembly.Instance(new WebAssembly.Module(limitCallDepth(bytes, 100, frameSlots)))
      .exports as Record<string, any>;
    expect(() => exports.heavy()).toThrow(WebAssembly.RuntimeError);
  });
});

/** JavaScript that recurses deep: QuickJS's own check catches the first; the others it misses, or catches only past V8's stack. */
const JS = {
  recursion:
    'function f(n) { return f(n + 1) + 1; }\nexport default function () { try { return String(f(0)); } catch (e) { return String(e); } }',
  'JSON.parse':
    "export default function () { try { return String(JSON.parse('['.repeat(100000))); } catch (e) { return String(e); } }",
  'Array toString':
    'let x = [];\nfor (let i = 0; i < 100000; i++) x = [x];\nexport default function () { try { return String(x).length + ""; } catch (e) { return String(e); } }',
  'JSON.stringify':
    'let x = [];\nfor (let i = 0; i < 20000; i++) x = [x];\nexport default function () { try { return JSON.stringify(x).length + ""; } catch (e) { return String(e); } }',
};

describe('deep recursion in a JavaScript bot', () => {
  it('plain recursion ends in QuickJS’s catchable InternalError, about 500 calls deep, with the same fuel in every thread', async () => {
    const counting =
      'let depth = 0;\nfunction f(n) { depth = n; return f(n + 1) + 1; }\nexport default function () { try { f(0); } catch (e) { return String(e) + " at " + depth; } }';
    const runs = await Promise.all(THREADS.map((mb) => run('js', counting, mb)));
    for (const r of runs) expect(r).toEqual(runs[0]);
    expect(runs[0]!.results[0]).toMatchObject({
      output: expect.stringMatching(/^InternalError: stack overflow at 5\d\d$/),
    });
    expect(runs[0]!.depth).toBe(0);
  }, 60_000);

  it.each(['JSON.parse', 'Array toString', 'JSON.stringify'] as const)(
    '%s of deep nesting ends at the count, before V8’s stack on a 1 MiB thread: the same crash in every thread; without the count the thread decided',
    async (name) => {
      const code = JS[name];
      const runs = await Promise.all(THREADS.map((mb) => run('js', code, mb, { inputs: ['x', 'x'] })));
      for (const r of runs) {
        expect(r.results).toEqual([
          { output: null, fuel: BUDGET.fuel, failure: 'crash', detail: JS_TOO_DEEP },
          { output: null, fuel: BUDGET.fuel, failure: 'crash', detail: JS_TOO_DEEP },
        ]);
        // The count stopped it (its trap leaves it past the limit), not V8.
        expect(r.depth).toBeGreaterThan(MAX_STACK_SLOTS);
      }
      // The same QuickJS without the count: V8's stack ends the call on a small thread (and on 1 MiB
      // ones too, depending on the tier), QuickJS's own check (with a catchable error) or the fuel on a large one.
      const [small, large] = await Promise.all([
        run('js', code, 0.5, { quickjs: QUICKJS.plain }),
        run('js', code, 8, { quickjs: QUICKJS.plain }),
      ]);
      expect(small.results[0]).toEqual({ output: null, fuel: BUDGET.fuel, failure: 'crash', detail: JS_TOO_DEEP });
      expect(large.results[0]).not.toEqual(small.results[0]);
    },
    120_000,
  );

  it('on a 1 MiB thread, V8’s stack holds well over the limit where QuickJS has no check of its own: the limit has room to spare', async () => {
    // The build's QuickJS counting slots up to 2^30: nothing but V8 stops JSON.stringify's recursion, and the count says how deep it got.
    const unlimited = new WebAssembly.Module(
      limitCallDepth(
        meterWasm(readFileSync(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')))
          .bytes,
        2 ** 30,
        frameSlots,
      ),
    );
    const r = await run('js', JS['JSON.stringify'], 1, { quickjs: unlimited, fuel: 1e11 });
    expect(r.results[0]).toEqual({ output: null, fuel: 1e11, failure: 'crash', detail: JS_TOO_DEEP });
    expect(r.depth).toBeGreaterThan(2 * MAX_STACK_SLOTS);
  }, 60_000);
});

describe('deep recursion in a WebAssembly bot', () => {
  /** `act` recurses without end on its second call. */
  const recursing = (locals: string) =>
    assemble(`(module
      (memory (export "memory") 1)
      (global $calls (mut i32) (i32.const 0))
      (func $down (param i32) (result i32) ${locals} (i32.add (call $down (i32.add (local.get 0) (i32.const 1))) (i32.const 1)))
      (func (export "alloc") (param i32) (result i32) (i32.const 1024))
      (func (export "act") (param i32 i32) (result i64)
        (global.set $calls (i32.add (global.get $calls) (i32.const 1)))
        (if (i32.eq (global.get $calls) (i32.const 2)) (then (drop (call $down (i32.const 0)))))
        (i64.const 4))
      (data (i32.const 0) "idle"))`);

  it.each([
    ['small frames', ''],
    ['frames of 20 i64 locals', `(local ${'i64 '.repeat(20)})`],
    ['frames of 50 v128 locals', `(local ${'v128 '.repeat(50)})`],
  ])(
    'with %s, it ends at the count: the same crash, charged its budget, in every thread; without the count the thread decided',
    async (_, locals) => {
      const bytes = recursing(locals);
      const runs = await Promise.all(THREADS.map((mb) => run('wasm', bytes, mb, { inputs: ['x', 'x'] })));
      for (const r of runs) {
        expect(r.results).toEqual([
          { output: 'idle', fuel: expect.any(Number) },
          { output: null, fuel: BUDGET.fuel, failure: 'crash', detail: WASM_TOO_DEEP },
        ]);
        expect(r.results).toEqual(runs[0]!.results);
        // WasmBot.load's count stopped it (its trap left the count past the limit), not V8.
        expect(r.depth).toBeGreaterThan(MAX_STACK_SLOTS);
      }
      // Straight through the harness on the 1 MiB thread: the count's own trap.
      const small = await run('limited-wasm', bytes, 1, { inputs: ['x', 'x'] });
      expect(small.results[1]).toMatchObject({ failure: 'trap', detail: 'trap: unreachable' });
      expect(small.depth).toBeGreaterThan(MAX_STACK_SLOTS);
      // And V8 would have let it go on to well past the limit there.
      const unlimited = await run('limited-wasm', bytes, 1, { inputs: ['x', 'x'], limit: 2 ** 30 });
      expect(unlimited.results[1]).toMatchObject({ failure: 'trap', detail: 'trap: Maximum call stack size exceeded' });
      expect(unlimited.depth).toBeGreaterThan(2 * MAX_STACK_SLOTS);
      // Without the count, how far the bot got (its fuel) depends on the thread.
      const [plainSmall, plainLarge] = await Promise.all([
        run('raw-wasm', bytes, 1, { inputs: ['x', 'x'] }),
        run('raw-wasm', bytes, 8, { inputs: ['x', 'x'] }),
      ]);
      expect(plainSmall.results[1]!.detail).toBe('trap: Maximum call stack size exceeded');
      expect(plainLarge.results[1]!.detail).toBe('trap: Maximum call stack size exceeded');
      expect(plainLarge.results[1]!.fuel).toBeGreaterThan(plainSmall.results[1]!.fuel);
    },
    60_000,
  );
});
