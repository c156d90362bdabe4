import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FuelTank,
  OutOfFuelError,
  REFUEL_MODULE,
  REFUEL_NAME,
  SLICE,
  SafetyCapError,
  hasRefuelHook,
} from '../../src/sandbox/fuel-tank.js';
import { WasmFormatError } from '../../src/sandbox/wasm/leb.js';
import { FUEL_EXPORT, START_EXPORT, meterWasm } from '../../src/sandbox/wasm/meter.js';
import { addRefuelHook } from '../../src/sandbox/wasm/refuel-hook.js';
import wabtInit from 'wabt';
import { assemble } from './wat.js';

/**
 * The refuel hook (src/sandbox/wasm/refuel-hook.ts) and the fuel tank
 * (src/sandbox/fuel-tank.ts): a hooked module handed its budget in slices
 * runs exactly as the plain metered module with the whole budget on its
 * counter (same results, same fuel, out of fuel at the same point), and the
 * tank stops a call by the clock only between two slices.
 */

/**
 * Everything the renumbering must follow: an imported function (so the hook
 * goes between imports and functions), calls, a tail call, call_indirect
 * through a table filled by an active segment (function indices) and a
 * passive one (expressions), ref.func in a global and in code, a start
 * function, exported functions, and a name section (wabt writes one).
 */
const PROGRAM = assemble(`(module
  (import "env" "note" (func $note (param i32)))
  (type $unary (func (param i32) (result i32)))
  (table $t 4 funcref)
  (elem (table $t) (i32.const 0) func $double $triple)
  (elem $later funcref (ref.func $inc) (ref.func $double))
  (global $pick (mut funcref) (ref.func $triple))
  (global $started (mut i32) (i32.const 0))
  (memory (export "memory") 1)
  (func $double (type $unary) (i32.mul (local.get 0) (i32.const 2)))
  (func $triple (type $unary) (i32.mul (local.get 0) (i32.const 3)))
  (func $inc (type $unary) (i32.add (local.get 0) (i32.const 1)))
  (func $tail (param i32) (result i32) (return_call $inc (local.get 0)))
  (func $init (global.set $started (i32.const 7)))
  (start $init)
  (func (export "started") (result i32) (global.get $started))
  (func (export "mix") (param $n i32) (result i32) (local $acc i32) (local $i i32)
    (table.init $t $later (i32.const 2) (i32.const 0) (i32.const 2))
    (table.set $t (i32.const 3) (global.get $pick))
    (loop $l
      (local.set $acc (i32.add (local.get $acc)
        (call_indirect $t (type $unary) (local.get $i) (i32.and (local.get $i) (i32.const 3)))))
      (local.set $acc (i32.add (local.get $acc) (call $tail (local.get $i))))
      (if (i32.eqz (i32.and (local.get $i) (i32.const 1023))) (then (call $note (local.get $i))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $l (i32.lt_u (local.get $i) (local.get $n))))
    (table.set $t (i32.const 1) (ref.func $double))
    (i32.add (local.get $acc) (call_indirect $t (type $unary) (local.get $n) (i32.const 1))))
  (func (export "spin") (loop $l (br $l))))`);

/** Three named functions calling one another, the innermost calling an import. */
const NAMED = `(module
  (import "env" "note" (func $note))
  (func $inner (call $note))
  (func $middle (call $inner))
  (func $outer (export "outer") (call $middle)))`;

const wabt = await wabtInit();

type Exports = {
  mix: (n: number) => number;
  started: () => number;
  spin: () => void;
  [FUEL_EXPORT]: WebAssembly.Global;
  [START_EXPORT]: () => void;
};

/** Instantiates a metered module with the program's import; a hooked one gets `tank`'s hook. */
function instantiate(bytes: Uint8Array, tank?: { refuel(): void }): { x: Exports; notes: number[] } {
  const notes: number[] = [];
  const imports: WebAssembly.Imports = { env: { note: (n: number) => notes.push(n) } };
  if (tank) imports[REFUEL_MODULE] = { [REFUEL_NAME]: () => tank.refuel() };
  const x = new WebAssembly.Instance(new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>), imports)
    .exports as unknown as Exports;
  return { x, notes };
}

const metered = meterWasm(PROGRAM, { strict: true, deferStart: true, memoryBytes: 1 << 22 }).bytes;
const hooked = addRefuelHook(metered);

describe('the refuel hook', () => {
  it('adds one import, after the module’s own, and keeps everything else working', () => {
    const module = new WebAssembly.Module(hooked);
    expect(hasRefuelHook(module)).toBe(true);
    expect(hasRefuelHook(new WebAssembly.Module(metered))).toBe(false);
    expect(WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`)).toEqual([
      'env.note',
      `${REFUEL_MODULE}.${REFUEL_NAME}`,
    ]);
    expect(
      WebAssembly.Module.exports(module)
        .map((e) => e.name)
        .sort(),
    ).toEqual(
      WebAssembly.Module.exports(new WebAssembly.Module(metered))
        .map((e) => e.name)
        .sort(),
    );
  });

  it('keeps the name section naming the same functions', () => {
    // The program's functions by their names (wabt's debug names), and a note that throws to show the stack.
    const named = wabt.parseWat('named.wat', NAMED, {});
    const bytes = new Uint8Array(named.toBinary({ write_debug_names: true }).buffer);
    named.destroy();
    const stackOf = (module: Uint8Array, tank?: FuelTank) => {
      const imports: WebAssembly.Imports = {
        env: {
          note: () => {
            throw new Error('note');
          },
        },
      };
      if (tank) imports[REFUEL_MODULE] = { [REFUEL_NAME]: () => tank.refuel() };
      const x = new WebAssembly.Instance(new WebAssembly.Module(module as Uint8Array<ArrayBuffer>), imports)
        .exports as { outer: () => void };
      try {
        x.outer();
      } catch (e) {
        return (e as Error).stack ?? '';
      }
      return '';
    };
    const plain = meterWasm(bytes).bytes;
    const frames = (stack: string) => [...stack.matchAll(/at (\w+) \(wasm:/g)].map((m) => m[1]);
    expect(frames(stackOf(plain))).toEqual(['inner', 'middle', 'outer']);
    expect(frames(stackOf(addRefuelHook(plain), new FuelTank(() => undefined, true)))).toEqual([
      'inner',
      'middle',
      'outer',
    ]);
  });

  it('runs as the plain metered module: same results, same fuel, with the whole budget or in slices', () => {
    const plain = instantiate(metered);
    plain.x[FUEL_EXPORT].value = 10n ** 12n;
    plain.x[START_EXPORT]();
    expect(plain.x.started()).toBe(7);
    const expected = plain.x.mix(300_000);
    const plainUsed = 10n ** 12n - (plain.x[FUEL_EXPORT].value as bigint);
    expect(plainUsed).toBeGreaterThan(3n * SLICE);

    for (const capMs of [0, 1e9]) {
      let counter: WebAssembly.Global | undefined;
      const tank = new FuelTank(() => counter, true);
      const run = instantiate(hooked, tank);
      counter = run.x[FUEL_EXPORT];
      tank.fill(10n ** 12n, capMs);
      run.x[START_EXPORT]();
      expect(run.x.started()).toBe(7);
      expect(run.x.mix(300_000)).toBe(expected);
      expect(10n ** 12n - tank.left()).toBe(plainUsed);
      expect(run.notes).toEqual(plain.notes);
      // In slices, the counter never held more than one.
      if (capMs > 0) expect(counter.value as bigint).toBeLessThanOrEqual(SLICE);
    }
  });

  it('runs out of fuel at the same instruction as the plain module', () => {
    const budget = 3n * SLICE + 12_345n;
    const plain = instantiate(metered);
    plain.x[FUEL_EXPORT].value = budget;
    expect(() => plain.x.mix(10_000_000)).toThrow(WebAssembly.RuntimeError);
    const plainLeft = plain.x[FUEL_EXPORT].value as bigint;
    expect(plainLeft).toBeLessThan(0n);

    let counter: WebAssembly.Global | undefined;
    const tank = new FuelTank(() => counter, true);
    const run = instantiate(hooked, tank);
    counter = run.x[FUEL_EXPORT];
    tank.fill(budget, 1e9);
    expect(() => run.x.mix(10_000_000)).toThrow(OutOfFuelError);
    expect(tank.left()).toBe(plainLeft);
    expect(run.notes).toEqual(plain.notes);
    expect(tank.capped).toBe(false);
  });

  it('lets the clock stop a call between two slices, and only there', () => {
    let now = 0;
    let counter: WebAssembly.Global | undefined;
    const tank = new FuelTank(
      () => counter,
      true,
      () => now,
    );
    // Every slice moved to the counter takes 10 ms on this clock.
    const run = instantiate(hooked, {
      refuel: () => {
        now += 10;
        tank.refuel();
      },
    });
    counter = run.x[FUEL_EXPORT];
    tank.fill(10n ** 15n, 35);
    expect(() => run.x.spin()).toThrow(SafetyCapError);
    expect(tank.capped).toBe(true);
    // The clock is first read as the first slice ends (10): the cap is past at 50, once 4 more slices are used.
    expect(now).toBe(50);
    const used = 10n ** 15n - tank.left();
    expect(used).toBeGreaterThan(4n * SLICE);
    expect(used).toBeLessThanOrEqual(5n * SLICE + 100n);
    // Without a cap the same tank runs the whole budget on the counter.
    tank.fill(1_000_000n, 0);
    expect(counter.value).toBe(1_000_000n);
    expect(tank.capped).toBe(false);
  });

  it('reads the clock only once a call has used its first slice', () => {
    let reads = 0;
    const counter = new WebAssembly.Global({ value: 'i64', mutable: true }, 0n);
    const tank = new FuelTank(
      () => counter,
      true,
      () => {
        reads++;
        return 0;
      },
    );
    tank.fill(10n * SLICE, 1000);
    counter.value = 5n;
    expect(tank.left()).toBe(9n * SLICE + 5n);
    expect(reads).toBe(0);
    counter.value = -1n;
    tank.refuel();
    expect(reads).toBe(1);
    expect(tank.capped).toBe(false);
  });

  it('hands over the whole budget when the module has no hook, which then traps as metered modules always did', () => {
    let counter: WebAssembly.Global | undefined;
    const tank = new FuelTank(
      () => counter,
      false,
      () => 1e12,
    );
    const run = instantiate(metered);
    counter = run.x[FUEL_EXPORT];
    tank.fill(2n * SLICE, 1);
    expect(counter.value).toBe(2n * SLICE);
    expect(() => run.x.spin()).toThrow(WebAssembly.RuntimeError);
    expect(tank.capped).toBe(false);
  });

  it('is added to the engines the build meters, whose fuel checks it takes over', () => {
    for (const file of ['build/quickjs-metered.wasm', 'build/micropython-metered.wasm']) {
      expect(hasRefuelHook(new WebAssembly.Module(readFileSync(file)))).toBe(true);
    }
  });

  it('refuses a module that is not metered, or one that already imports from its module', () => {
    expect(() => addRefuelHook(PROGRAM)).toThrow(WasmFormatError);
    const squatter = meterWasm(
      assemble(`(module (import "${REFUEL_MODULE}" "x" (func)) (func (export "f") (call 0)))`),
    ).bytes;
    expect(() => addRefuelHook(squatter)).toThrow(/already imports/);
  });
});
