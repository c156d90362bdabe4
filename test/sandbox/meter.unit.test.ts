import { describe, expect, it } from 'vitest';
import { WasmFormatError } from '../../src/sandbox/wasm/leb.js';
import {
  BULK_BYTE_FUEL,
  BULK_OP_FUEL,
  CHECK_FUEL,
  FUEL_EXPORT,
  START_EXPORT,
  TABLE_ELEMENT_FUEL,
  TABLE_OP_FUEL,
  meterWasm,
} from '../../src/sandbox/wasm/meter.js';
import { TABLE_ENTRY_BYTES } from '../../src/sandbox/wasm/module-checks.js';
import { wat } from './hostile-match.js';
import { I32, assemble, module } from './wat.js';

/** `count(n)`: loops n times and returns n; `spin()`: loops forever. */
const loops = module([
  {
    params: [I32],
    results: [I32],
    locals: [I32],
    // local1 = 0; loop { local1++; br_if (local1 < n) }; return local1
    body: [
      0x03, 0x40, 0x20, 0x01, 0x41, 0x01, 0x6a, 0x21, 0x01, 0x20, 0x01, 0x20, 0x00, 0x48, 0x0d, 0x00, 0x0b, 0x20, 0x01,
    ],
    export: 'count',
  },
  { params: [], results: [], body: [0x03, 0x40, 0x0c, 0x00, 0x0b], export: 'spin' },
]);

function instantiate(bytes: Uint8Array) {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>));
  return instance.exports as { count: (n: number) => number; spin: () => void; memory: WebAssembly.Memory } & Record<
    string,
    WebAssembly.Global
  >;
}

describe('fuel metering', () => {
  it('adds an exported fuel counter and keeps the program working', () => {
    const x = instantiate(meterWasm(loops).bytes);
    x[FUEL_EXPORT]!.value = 1_000_000n;
    expect(x.count(1000)).toBe(1000);
    expect(x[FUEL_EXPORT]!.value).toBeLessThan(1_000_000n);
  });

  it('charges in proportion to the work done, the same on every run', () => {
    const used = (n: number) => {
      const x = instantiate(meterWasm(loops).bytes);
      x[FUEL_EXPORT]!.value = 10n ** 12n;
      x.count(n);
      return 10n ** 12n - (x[FUEL_EXPORT]!.value as bigint);
    };
    expect(used(1000)).toBe(used(1000));
    const perIteration = (used(2000) - used(1000)) / 1000n;
    expect(perIteration).toBeGreaterThanOrEqual(5n);
    expect(used(1000) - used(500)).toBe(500n * perIteration);
  });

  it('stops an endless loop with a trap once the fuel is gone', () => {
    const x = instantiate(meterWasm(loops).bytes);
    x[FUEL_EXPORT]!.value = 50_000n;
    expect(() => x.spin()).toThrow(WebAssembly.RuntimeError);
    expect(x[FUEL_EXPORT]!.value).toBeLessThan(0n);
  });

  it('caps a module’s own memory', () => {
    const grow = module([{ params: [], results: [I32], body: [0x41, 0x10, 0x40, 0x00], export: 'grow' }], { min: 1 });
    const x = new WebAssembly.Instance(
      new WebAssembly.Module(meterWasm(grow, { memoryBytes: 8 * 65536 }).bytes as Uint8Array<ArrayBuffer>),
    ).exports as { grow: () => number };
    expect(x.grow()).toBe(-1); // 1 + 16 pages exceeds the cap of 8
    expect(() => meterWasm(module([], { min: 9 }), { memoryBytes: 8 * 65536 })).toThrow(/needs 9 pages/);
  });

  it('refuses what is not WebAssembly, and unknown instructions', () => {
    expect(() => meterWasm(new TextEncoder().encode('hello world'))).toThrow(WasmFormatError);
    const odd = module([{ params: [], results: [], body: [0xff], export: 'odd' }]);
    expect(() => meterWasm(odd)).toThrow(/not a valid WebAssembly module: .*opcode/);
  });

  it('charges bulk memory and table operations by their length, before they run', () => {
    const bytes = wat(`(module (memory (export "memory") 1) (table $t 0 funcref)
      (func (export "fill") (param i32) (memory.fill (i32.const 0) (i32.const 1) (local.get 0)))
      (func (export "copy") (param i32) (memory.copy (i32.const 0) (i32.const 100) (local.get 0)))
      (func (export "grow") (param i32) (result i32) (table.grow $t (ref.null func) (local.get 0))))`);
    const x = instantiate(meterWasm(bytes, { memoryBytes: 1 << 20, strict: true }).bytes) as unknown as Record<
      string,
      (n: number) => number
    > & { umpire_fuel: WebAssembly.Global };
    const cost = (name: string, n: number) => {
      x.umpire_fuel.value = 10n ** 12n;
      x[name]!(n);
      return 10n ** 12n - (x.umpire_fuel.value as bigint);
    };
    expect(cost('fill', 40_000) - cost('fill', 0)).toBe(BigInt(40_000 * BULK_BYTE_FUEL));
    expect(cost('copy', 1000) - cost('copy', 0)).toBe(BigInt(1000 * BULK_BYTE_FUEL));
    expect(cost('fill', 0)).toBeGreaterThan(BigInt(BULK_OP_FUEL));
    expect(cost('grow', 100) - cost('grow', 0)).toBe(BigInt(100 * TABLE_ELEMENT_FUEL));
    expect(cost('grow', 0)).toBeGreaterThan(BigInt(TABLE_OP_FUEL));
    // A grow past the table's share fails, and costs no more than one by nothing.
    expect(cost('grow', 1_000_000)).toBe(cost('grow', 0));
    expect(x.grow!(1_000_000)).toBe(-1);
    // Too little fuel for the length: a trap before a byte is written.
    x.umpire_fuel.value = BigInt(1000 * BULK_BYTE_FUEL);
    new Uint8Array((x as unknown as { memory: WebAssembly.Memory }).memory.buffer)[0] = 9;
    expect(() => x.fill!(60_000)).toThrow(WebAssembly.RuntimeError);
    expect(new Uint8Array((x as unknown as { memory: WebAssembly.Memory }).memory.buffer)[0]).toBe(9);
  });

  it('prices calls of the imports it is told to, only when the call is made, before it runs', () => {
    const bytes = wat(`(module (import "env" "slow" (func $slow)) (import "env" "other" (func $other))
      (func (export "f") (param i32) (if (local.get 0) (then (call $slow))) (call $other)))`);
    let calls = 0;
    const x = new WebAssembly.Instance(
      new WebAssembly.Module(meterWasm(bytes, { importFuel: { 'env.slow': 1000 } }).bytes as Uint8Array<ArrayBuffer>),
      {
        env: { slow: () => calls++, other: () => {} },
      },
    ).exports as { f: (taken: number) => void; umpire_fuel: WebAssembly.Global };
    const cost = (taken: number) => {
      x.umpire_fuel.value = 10n ** 12n;
      x.f(taken);
      return 10n ** 12n - (x.umpire_fuel.value as bigint);
    };
    // The branch not taken costs its instructions (the engines' metering charges a stretch whole), not the price.
    expect(cost(1) - cost(0)).toBe(1000n);
    expect(calls).toBe(1);
    // Fuel for everything but the price: a trap before the import runs.
    x.umpire_fuel.value = cost(0) + 999n;
    expect(() => x.f(1)).toThrow(WebAssembly.RuntimeError);
    expect(calls).toBe(1);
  });

  it('charges each check for its own instructions, so a tight loop pays for what it runs', () => {
    const x = instantiate(meterWasm(loops).bytes);
    x[FUEL_EXPORT]!.value = 10n ** 12n;
    x.count(1000);
    const perIteration = (10n ** 12n - (x[FUEL_EXPORT]!.value as bigint)) / 1000n;
    expect(perIteration).toBeGreaterThanOrEqual(BigInt(CHECK_FUEL));
  });

  it('defers the start function to an export, so the host can set the fuel first', () => {
    const bytes = wat(
      '(module (global $g (mut i32) (i32.const 0)) (func $s (global.set $g (i32.const 1))) (start $s) (func (export "g") (result i32) (global.get $g)))',
    );
    const metered = meterWasm(bytes, { deferStart: true }).bytes;
    const x = instantiate(metered) as unknown as { g: () => number; [START_EXPORT]: () => void };
    expect(x.g()).toBe(0);
    x[START_EXPORT]();
    expect(x.g()).toBe(1);
  });

  it('validates before metering: an out-of-range global index is refused, not aimed at the counter', () => {
    const bytes = wat('(module (func (export "f") (global.set 0 (i64.const 1))))');
    expect(() => meterWasm(bytes)).toThrow(/not a valid WebAssembly module/);
  });

  it('refuses shared memories, atomics and a second memory', () => {
    expect(() => meterWasm(wat('(module (memory 1 1 shared))'))).toThrow(/shared memories/);
    expect(() =>
      meterWasm(wat('(module (memory 1) (func (drop (memory.atomic.notify (i32.const 0) (i32.const 1)))))')),
    ).toThrow(/atomic/);
    expect(() => meterWasm(wat('(module (memory 1) (memory 1))'))).toThrow(/2 memories/);
  });

  it('counts tables toward the memory limit: memory gets what tables leave', () => {
    const limit = 4 << 20;
    const entries = limit / 4 / TABLE_ENTRY_BYTES; // the tables' whole share
    expect(() => meterWasm(wat(`(module (table ${entries + 1} funcref))`), { memoryBytes: limit })).toThrow(
      /tables need/,
    );
    const metered = meterWasm(wat(`(module (table ${entries} funcref) (memory (export "memory") 1))`), {
      memoryBytes: limit,
    }).bytes;
    const memory = instantiate(metered).memory;
    const pages = (limit - entries * TABLE_ENTRY_BYTES) / 65536;
    expect(memory.grow(pages - 1)).toBe(1);
    expect(() => memory.grow(1)).toThrow(RangeError);
  });
  it('refuses exception handling: tags, the legacy instructions and try_table, even in a module without a tag', () => {
    const thrower = assemble('(module (tag $e) (func (export "f") (try (do (throw $e)) (catch $e))))');
    expect(WebAssembly.validate(thrower as Uint8Array<ArrayBuffer>)).toBe(true);
    expect(() => meterWasm(thrower)).toThrow(
      /^exception handling is not allowed: the module declares exception tags; .*-fno-exceptions/,
    );
    expect(() => meterWasm(assemble('(module (import "env" "e" (tag $e)) (func (export "f") (throw $e)))'))).toThrow(
      /^exception handling is not allowed: the module imports an exception tag/,
    );
    // No tag of its own: catch_all still catches what a host function throws, and rethrow, delegate and throw_ref pass it on.
    const tagless: [string, string][] = [
      ['try', '(try (do (call $host)) (catch_all))'],
      ['try', '(try (do (try (do (call $host)) (catch_all (rethrow 0)))) (catch_all))'],
      ['try', '(try (do (try (do (call $host)) (delegate 0))) (catch_all))'],
      [
        'try_table',
        '(block $o (try_table (catch_all $o) (throw_ref (block $h (result exnref) (try_table (catch_all_ref $h) (call $host)) (unreachable)))))',
      ],
    ];
    for (const [first, body] of tagless) {
      const bytes = assemble(`(module (import "env" "host" (func $host)) (func (export "f") ${body}))`);
      expect(WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)).toBe(true);
      expect(() => meterWasm(bytes)).toThrow(`exception handling is not allowed: the module uses '${first}'`);
    }
  });

  it('strict, a branch over a check does not run unpaid: the fuel covers every instruction run', () => {
    // Each block runs 7 instructions, then branches over the other 121, among them a check.
    const work = '(br_if 0 (local.tee $a (i32.rotl (i32.mul (local.get $a) (i32.const 0x9e3779b9)) (i32.const 13))))';
    const filler = '(drop (i32.const 0)) '.repeat(59) + '(drop (i32.eqz (i32.const 0)))';
    const blocks = `(block ${work} ${filler})`.repeat(100);
    const bytes = assemble(`(module (func (export "run") (param $n i32) (local $a i32) (local.set $a (i32.const 1))
      (loop $l (drop (i32.const 0)) ${blocks} (br_if $l (local.tee $n (i32.sub (local.get $n) (i32.const 1)))))))`);
    const used = (strict: boolean) => {
      const x = new WebAssembly.Instance(
        new WebAssembly.Module(meterWasm(bytes, { strict }).bytes as Uint8Array<ArrayBuffer>),
      ).exports as {
        run: (n: number) => void;
        umpire_fuel: WebAssembly.Global;
      };
      x.umpire_fuel.value = 10n ** 12n;
      x.run(10);
      return 10n ** 12n - (x.umpire_fuel.value as bigint);
    };
    expect(used(true)).toBeGreaterThanOrEqual(10n * 100n * 7n);
    // The engines' metering, on which FUEL_PER_MS was calibrated, still charges the checks it meets.
    expect(used(false)).toBeLessThan(10n * 100n);
  });

  it('strict, a branch out of a block lands on a check only when it skipped one', () => {
    // Short blocks hold no check: branching out of them skips nothing, and adds no check.
    const short = assemble(
      `(module (func (export "f") (param i32) ${'(block (br_if 0 (local.get 0)) (drop (i32.const 1)))'.repeat(10)}))`,
    );
    expect(meterWasm(short, { strict: true }).checkpoints).toBe(1);
    const long = assemble(
      `(module (func (export "f") (param i32) (block (br_if 0 (local.get 0)) ${'(drop (i32.const 1)) '.repeat(40)}) (drop (i32.const 2))))`,
    );
    // The entry, one after 64 instructions, and one where the branch lands (not without strict).
    expect(meterWasm(long, { strict: true }).checkpoints).toBe(3);
    expect(meterWasm(long).checkpoints).toBe(2);
  });
});
