import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DEPTH_EXPORT, MAX_CALL_DEPTH, limitCallDepth } from '../../src/sandbox/wasm/call-depth.js';
import { PyBot } from '../../src/sandbox/python/py-bot.js';
import { DEFAULT_LIMITS, type CallResult } from '../../src/sandbox/types.js';
import { WasmFormatError } from '../../src/sandbox/wasm/leb.js';
import { meterWasm } from '../../src/sandbox/wasm/meter.js';
import { assemble } from './wat.js';

/**
 * The call-depth limit of the Python sandbox (src/sandbox/wasm/call-depth.ts):
 * C recursion MicroPython does not check must end at the same call on every
 * thread, not where V8's stack happens to end. Threads other than this one
 * run the built bot (dist/), as the CLI does: `npm run build` first.
 */

/** The port's release build, metered as scripts/build-wasm.mjs meters it: without, and with, the limit. */
const METERED = new Uint8Array(
  meterWasm(
    readFileSync(
      createRequire(import.meta.url).resolve('@micropython/micropython-webassembly-pyscript/micropython.wasm'),
    ),
  ).bytes,
);
const PLAIN = new WebAssembly.Module(METERED);
const LIMITED = new WebAssembly.Module(limitCallDepth(METERED));
const BUDGET = { fuel: 1e9 };
const TOO_DEEP = "nested calls too deep for the interpreter's stack; reloaded next turn";

/** Loads `code` on `module` here and calls act('x') once per entry of `inputs`. */
async function here(
  module: WebAssembly.Module,
  code: string,
  inputs: readonly string[] = ['x'],
): Promise<CallResult[]> {
  const loaded = await PyBot.load(async () => module, code, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e11 });
  if (!loaded.ok) throw new Error(loaded.failure.message);
  const out = [];
  for (const input of inputs) out.push(await loaded.bot.act(input, BUDGET));
  return out;
}

/** The same, in a worker thread with a native stack of `stackSizeMb`, on the built PyBot. */
function inWorker(module: WebAssembly.Module, code: string, stackSizeMb: number): Promise<CallResult[]> {
  const script = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const { PyBot } = await import(workerData.root + '/dist/sandbox/python/py-bot.js');
      const { DEFAULT_LIMITS } = await import(workerData.root + '/dist/sandbox/types.js');
      const loaded = await PyBot.load(async () => workerData.module, workerData.code, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e11 });
      if (!loaded.ok) throw new Error(loaded.failure.message);
      parentPort.postMessage([await loaded.bot.act('x', workerData.budget)]);
    })().catch((e) => parentPort.postMessage(String(e)));
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      eval: true,
      workerData: { root: process.cwd(), module, code, budget: BUDGET },
      resourceLimits: { stackSizeMb },
    });
    worker.once('message', (m: CallResult[] | string) => (typeof m === 'string' ? reject(new Error(m)) : resolve(m)));
    worker.once('error', reject);
  });
}

/** Two lists nested `depth` deep, compared: C recursion, no check of MicroPython's. */
const compare = (depth: number) =>
  `X = []\nY = []\nfor i in range(${depth}):\n    X = [X]\n    Y = [Y]\ndef act(s):\n    return str(X == Y)\n`;

describe('the call-depth limit of the Python sandbox', () => {
  it('counts calls in a small module exactly: up to the limit, through returns nested in blocks, and back to 0', () => {
    // f(n) = n == 0 ? 0 : f(n - 1) + 1, with its early `return` inside a block and an if.
    const bytes = assemble(`(module
      (global $unused (mut i32) (i32.const 0))
      (func $f (export "f") (param $n i32) (result i32)
        (block
          (if (i32.eqz (local.get $n)) (then (return (i32.const 0)))))
        (i32.add (call $f (i32.sub (local.get $n) (i32.const 1))) (i32.const 1)))
      (export "unused" (global $unused)))`);
    const exports = new WebAssembly.Instance(new WebAssembly.Module(limitCallDepth(bytes, 100))).exports as Record<
      string,
      any
    >;
    const depth = exports[DEPTH_EXPORT] as WebAssembly.Global;
    // f(99) runs 100 calls deep: the limit itself.
    expect(exports.f(99)).toBe(99);
    expect(depth.value).toBe(0);
    expect(() => exports.f(100)).toThrow(WebAssembly.RuntimeError);
    expect(depth.value).toBe(101);
    depth.value = 0;
    expect(exports.f(10)).toBe(10);
    expect(depth.value).toBe(0);
  });

  it('refuses a module that already has the limit', () => {
    expect(() => limitCallDepth(limitCallDepth(METERED))).toThrow(
      new WasmFormatError(`the module already exports '${DEPTH_EXPORT}'`),
    );
  });

  it('refuses a module with exception handling (a frame it unwinds would stay counted); tail calls: see stack-limits.test.ts', () => {
    const bytes = assemble(
      `(module (global $unused (mut i32) (i32.const 0)) (tag $e) (func $g (try (do (throw $e)) (catch $e))) (export "unused" (global $unused)))`,
    );
    expect(() => limitCallDepth(bytes)).toThrow(new WasmFormatError('try is not supported'));
  });

  it('the limited MicroPython keeps every ordinary program’s result', async () => {
    const programs = [
      // Python recursion ends at MicroPython's own C stack check, in a RuntimeError the bot may catch.
      'def f(n):\n    return f(n + 1)\ndef act(s):\n    try:\n        f(0)\n    except RuntimeError as e:\n        return repr(e)\n',
      // A depth-first search 100 deep, a 500-deep list compared and dumped, caught exceptions in a loop.
      'import json\nG = {i: [i + 1] for i in range(100)}\ndef dfs(v, seen):\n    seen.add(v)\n    for w in G.get(v, []):\n        dfs(w, seen)\n    return seen\nX = []\nfor i in range(500):\n    X = [X]\ndef act(s):\n    return str([len(dfs(0, set())), X == X[0], len(json.dumps(X))])\n',
      'def act(s):\n    n = 0\n    for i in range(20000):\n        try:\n            raise ValueError(i)\n        except ValueError:\n            n += 1\n    return str(n)\n',
    ];
    for (const code of programs) {
      const plain = await here(PLAIN, code);
      const limited = await here(LIMITED, code);
      expect(limited[0]!.failure, limited[0]!.detail).toBeUndefined();
      expect(limited).toEqual(plain);
    }
  }, 60_000);

  it('a longjmp (a caught exception) sets the count back: 20,000 of them deep in a recursion do not add up', async () => {
    // Every raise unwinds frames through emscripten's invoke_*; were they left counted, the limit would be hit at once.
    const code =
      'def f(n):\n    if n == 0:\n        k = 0\n        for i in range(20000):\n            try:\n                raise KeyError(i)\n            except KeyError:\n                k += 1\n        return k\n    return f(n - 1)\ndef act(s):\n    return str(f(100))\n';
    const [r] = await here(LIMITED, code);
    expect(r).toMatchObject({ output: '20000' });
    expect(r!.failure).toBeUndefined();
  }, 60_000);

  it.each([
    ['lists compared', compare(100_000)],
    ['a tuple hashed', 'X = ()\nfor i in range(100000):\n    X = (X,)\ndef act(s):\n    return str(hash(X))\n'],
    ['the re backtracker', "import re\ndef act(s):\n    return str(re.match('(a|a)*c', 'a' * 100000))\n"],
  ])(
    'C recursion MicroPython does not check (%s) ends at the limit: a crash charged its budget, then a reload',
    async (_, code) => {
      const [first, second] = await here(LIMITED, code, ['x', 'x']);
      expect(first).toEqual({ output: null, fuel: BUDGET.fuel, failure: 'crash', detail: TOO_DEEP });
      // Reloaded, the bot stops the same way again.
      expect(second).toEqual(first);
    },
    60_000,
  );

  it('nesting deep enough for a 984 KiB stack but not a 4 MiB one: without the limit the thread decides, with it not', async () => {
    // 3,000 levels of list comparison, about 4 frames each. MAX_CALL_DEPTH stops it; V8 alone stops it only on small stacks.
    expect(MAX_CALL_DEPTH).toBeLessThan(3000 * 4);
    const code = compare(3000);
    const [plainSmall] = await inWorker(PLAIN, code, 1);
    const [plainLarge] = await inWorker(PLAIN, code, 4);
    expect(plainSmall).toMatchObject({ failure: 'crash', detail: TOO_DEEP });
    expect(plainLarge).toMatchObject({ output: 'True' });
    const runs = [
      await here(LIMITED, code),
      await inWorker(LIMITED, code, 1),
      await inWorker(LIMITED, code, 4),
      await inWorker(LIMITED, code, 16),
    ];
    for (const [r] of runs) expect(r).toEqual({ output: null, fuel: BUDGET.fuel, failure: 'crash', detail: TOO_DEEP });
  }, 120_000);

  it('the deepest mix measured (Python calls, then the re backtracker) ends at the limit on a 1 MiB stack, not in V8', async () => {
    const code =
      "import re\ndef f(n):\n    if n == 0:\n        return re.match('(a|a)*c', 'a' * 100000)\n    return f(n - 1)\ndef act(s):\n    return str(f(140))\n";
    const [plain] = await here(PLAIN, code);
    const [limited] = await here(LIMITED, code);
    for (const r of [plain, limited])
      expect(r).toEqual({ output: null, fuel: BUDGET.fuel, failure: 'crash', detail: TOO_DEEP });
    // Which of the two stopped it shows in the count the limited module leaves: above the limit, from its own trap
    // (and one more for each host frame that called back into the module on the way out).
    const loaded = await PyBot.load(async () => LIMITED, code, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e11 });
    if (!loaded.ok) throw new Error(loaded.failure.message);
    const py = (loaded.bot as unknown as { instance: { py: { depth: WebAssembly.Global } } }).instance.py;
    expect(await loaded.bot.act('x', BUDGET)).toMatchObject({ failure: 'crash' });
    expect(py.depth.value).toBeGreaterThan(MAX_CALL_DEPTH);
    expect(await inWorker(LIMITED, code, 1)).toEqual([limited]);
  }, 60_000);
});
