import { describe, expect, it } from 'vitest';
import { FUEL_PER_MS } from '../../../src/sandbox/policy.js';
import { DEFAULT_LIMITS } from '../../../src/sandbox/types.js';
import { createHarness } from '../../../src/sandbox/wasm/harness.js';
import { HOST_CALL_FUEL } from '../../../src/sandbox/wasm/host-call-fuel.js';
import {
  BULK_BYTE_FUEL,
  BULK_OP_FUEL,
  CALL_INDIRECT_FUEL,
  CHECK_FUEL,
  DIVIDE_32_FUEL,
  DIVIDE_64_FUEL,
  MEMORY_GROW_FUEL,
  MEMORY_PAGE_FUEL,
  TABLE_ELEMENT_FUEL,
  TABLE_GET_FUEL,
  TABLE_OP_FUEL,
  TABLE_SET_FUEL,
  meterWasm,
} from '../../../src/sandbox/wasm/meter.js';
import { assemble } from '../wat.js';

/**
 * Instructions that call into the engine (indirect calls, grows, bulk
 * memory and table operations) and host calls take far longer than an
 * ordinary instruction. Each attack here repeats one of them in a loop in a
 * bot metered as bots are (strict); its wall time per unit of fuel must stay
 * within 3 times a plain loop's, measured in turns under the same load.
 */

const TABLE = `(type $v (func)) (table $t 8 8 funcref) (elem (table $t) (i32.const 0) func $f0 $f0 $f0 $f0 $f0 $f0 $f0 $f0) (func $f0 (type $v))`;

/** A bot (the ABI) whose act runs `body` `n` times. */
const abiBot =
  (body: string, extra = '', memory = '(memory (export "memory") 2)', locals = '') =>
  (n: number) =>
    `(module
  (import "umpire" "log" (func $log (param i32 i32)))
  (import "env" "trace" (func $trace (param i32)))
  ${memory}
  ${extra}
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "act") (param i32 i32) (result i64) (local $i i32) ${locals}
    (local.set $i (i32.const ${n}))
    (loop $l ${body} (br_if $l (local.tee $i (i32.sub (local.get $i) (i32.const 1)))))
    (i64.const 0)))`;

/** A WASI program whose _start runs `body` `n` times; the asyncify exports are stand-ins (it never blocks). */
const wasiProgram =
  (name: string, signature: string, body: string, extra = '') =>
  (n: number) =>
    `(module
  (import "wasi_snapshot_preview1" "${name}" (func $f ${signature}))
  (memory (export "memory") 2)
  ${extra}
  (func (export "asyncify_start_unwind") (param i32))
  (func (export "asyncify_stop_unwind"))
  (func (export "asyncify_start_rewind") (param i32))
  (func (export "asyncify_stop_rewind"))
  (func (export "asyncify_get_state") (result i32) (i32.const 0))
  (func (export "_start") (local $i i32)
    (local.set $i (i32.const ${n}))
    (loop $l ${body} (br_if $l (local.tee $i (i32.sub (local.get $i) (i32.const 1)))))))`;

type Make = (n: number) => string;

function metered(make: Make, n: number): WebAssembly.Module {
  return new WebAssembly.Module(
    meterWasm(assemble(make(n)), { memoryBytes: DEFAULT_LIMITS.memoryBytes, deferStart: true, strict: true })
      .bytes as Uint8Array<ArrayBuffer>,
  );
}

/** One call on a fresh instance, its log already full: wall ms and fuel used. */
function runOnce(module: WebAssembly.Module): { ms: number; fuel: number } {
  const harness = createHarness(module, 1, 0);
  const fuel = 1e15;
  expect(harness.start(fuel)).toBeNull();
  const started = performance.now();
  const r = harness.call('', fuel, 1);
  const ms = performance.now() - started;
  expect(r.kind).toBe('ok');
  return { ms, fuel: fuel - r.fuelLeft };
}

/** The loop with enough iterations for about `ms` a run (V8 has optimized it by then). */
function sized(make: Make, ms: number): WebAssembly.Module {
  const probe = metered(make, 2000);
  for (let k = 0; k < 3; k++) runOnce(probe);
  const took = Math.max(runOnce(probe).ms, 0.02);
  const module = metered(make, Math.max(1000, Math.min(2e7, Math.round((2000 * ms) / took))));
  runOnce(module);
  return module;
}

const plainLoop = abiBot('(local.set $i (i32.add (local.get $i) (i32.const 0)))');

/** Wall time per unit of fuel of the attack, over a plain loop's: the median of runs taken in turns. */
function slowdown(make: Make): number {
  const attack = sized(make, 30);
  const plain = sized(plainLoop, 30);
  const perFuel = (r: { ms: number; fuel: number }) => r.ms / (r.fuel / FUEL_PER_MS);
  const ratios: number[] = [];
  for (let k = 0; k < 7; k++) ratios.push(perFuel(runOnce(attack)) / perFuel(runOnce(plain)));
  return ratios.sort((a, b) => a - b)[3]!;
}

describe('instructions that call into the engine cost their price', () => {
  /** Fuel of one iteration of `body`, less that of an empty iteration. */
  const perIteration = (body: string, extra = '', memory?: string) => {
    const fuelOf = (make: Make, n: number) => runOnce(metered(make, n)).fuel;
    const iteration = (make: Make) => fuelOf(make, 3) - fuelOf(make, 2);
    return iteration(abiBot(body, extra, memory)) - iteration(abiBot('', extra, memory));
  };

  it('indirect calls', () => {
    // i32.const, call_indirect, and the callee's entry check.
    expect(perIteration('(call_indirect $t (type $v) (i32.const 0))', TABLE)).toBe(2 + CALL_INDIRECT_FUEL + CHECK_FUEL);
    expect(perIteration('(call $f0)', TABLE)).toBe(1 + CHECK_FUEL);
  });

  it('integer division and remainder', () => {
    // local.get, i32.const, the division, drop.
    for (const op of ['i32.div_s', 'i32.div_u', 'i32.rem_s', 'i32.rem_u'])
      expect(perIteration(`(drop (${op} (local.get $i) (i32.const 3)))`)).toBe(4 + DIVIDE_32_FUEL);
    // local.get, i64.extend_i32_u, i64.const, the division, drop.
    for (const op of ['i64.div_s', 'i64.div_u', 'i64.rem_s', 'i64.rem_u'])
      expect(perIteration(`(drop (${op} (i64.extend_i32_u (local.get $i)) (i64.const 3)))`)).toBe(5 + DIVIDE_64_FUEL);
    // Floating-point division runs at the pace of ordinary instructions: no price.
    expect(perIteration('(drop (f64.div (f64.convert_i32_u (local.get $i)) (f64.const 3)))')).toBe(5);
  });

  it('memory.grow: always its price, and each page it adds, only when it adds them', () => {
    expect(perIteration('(drop (memory.grow (i32.const 0)))')).toBe(3 + MEMORY_GROW_FUEL);
    expect(perIteration('(drop (memory.grow (i32.const 1)))', '', '(memory (export "memory") 1 100)')).toBe(
      3 + MEMORY_GROW_FUEL + MEMORY_PAGE_FUEL,
    );
    // At its maximum the grow fails: nothing is added, nothing more is charged.
    expect(perIteration('(drop (memory.grow (i32.const 1)))', '', '(memory (export "memory") 2 2)')).toBe(
      3 + MEMORY_GROW_FUEL,
    );
    expect(perIteration('(drop (memory.grow (i32.const -1)))')).toBe(3 + MEMORY_GROW_FUEL);
  });

  it('bulk memory: a price per operation and per byte', () => {
    expect(perIteration('(memory.fill (i32.const 0) (i32.const 0) (i32.const 0))')).toBe(4 + BULK_OP_FUEL);
    expect(perIteration('(memory.copy (i32.const 0) (i32.const 64) (i32.const 40))')).toBe(
      4 + BULK_OP_FUEL + 40 * BULK_BYTE_FUEL,
    );
  });

  it('tables: get, set, and a price per operation and per element', () => {
    expect(perIteration('(drop (table.get $t (i32.const 0)))', TABLE)).toBe(3 + TABLE_GET_FUEL);
    expect(perIteration('(table.set $t (i32.const 0) (ref.func $f0))', TABLE)).toBe(3 + TABLE_SET_FUEL);
    expect(perIteration('(table.fill $t (i32.const 0) (ref.func $f0) (i32.const 5))', TABLE)).toBe(
      4 + TABLE_OP_FUEL + 5 * TABLE_ELEMENT_FUEL,
    );
    expect(perIteration('(drop (table.grow $g (ref.null func) (i32.const 3)))', '(table $g 0 100 funcref)')).toBe(
      4 + TABLE_OP_FUEL + 3 * TABLE_ELEMENT_FUEL,
    );
    expect(perIteration('(drop (table.grow $g (ref.null func) (i32.const 3)))', '(table $g 0 0 funcref)')).toBe(
      4 + TABLE_OP_FUEL,
    );
  });

  it('a host call', () => {
    const fuelOf = (body: string, n: number) =>
      runOnce(metered(wasiProgram('sched_yield', '(result i32)', body), n)).fuel;
    const iteration = (body: string) => fuelOf(body, 3) - fuelOf(body, 2);
    expect(iteration('(drop (call $f))') - iteration('')).toBe(2 + HOST_CALL_FUEL);
  });
});

describe('attacks that repeat one costly instruction run at most 3 times longer per unit of fuel than a plain loop', () => {
  // A wall-time ratio: another file's test on the sibling core can push one reading past the
  // bound (dependent divisions share the core's divider), so a test fails only if 3 readings do.
  const SLOW = { timeout: 60_000, retry: 2 };
  const attacks: [string, Make][] = [
    ['call_indirect', abiBot('(call_indirect $t (type $v) (i32.const 0))', TABLE)],
    // Each division waits for the one before: the divider's whole latency, eight times between two checks.
    [
      'i32.div_u, dependent',
      abiBot(
        '(local.set $x (i32.div_u (i32.const -1) (i32.or (local.get $x) (i32.const 1)))) '.repeat(8),
        '',
        undefined,
        '(local $x i32)',
      ),
    ],
    [
      'i64.rem_u, dependent',
      abiBot(
        '(local.set $a (i64.rem_u (i64.const 0x7fffffffffffffff) (i64.or (local.get $a) (i64.const 3)))) '.repeat(8),
        '',
        undefined,
        '(local $a i64)',
      ),
    ],
    [
      'i64.div_s, dependent',
      abiBot(
        '(local.set $a (i64.div_s (i64.const 0x7fffffffffffffff) (i64.or (local.get $a) (i64.const 1)))) '.repeat(8),
        '',
        undefined,
        '(local $a i64)',
      ),
    ],
    ['memory.grow by 0', abiBot('(drop (memory.grow (i32.const 0)))')],
    ['memory.fill of 1 byte', abiBot('(memory.fill (i32.const 0) (i32.const 0) (i32.const 1))')],
    ['table.set of a function', abiBot('(table.set $t (i32.const 1) (ref.func $f0))', TABLE)],
    ['table.copy of 4 elements', abiBot('(table.copy $t $t (i32.const 1) (i32.const 0) (i32.const 4))', TABLE)],
    ['env.trace with the log full', abiBot('(call $trace (i32.const 8))', '(data (i32.const 4) "\\02")')],
    [
      'fd_write of 1 byte',
      wasiProgram(
        'fd_write',
        '(param i32 i32 i32 i32) (result i32)',
        '(drop (call $f (i32.const 1) (i32.const 0) (i32.const 1) (i32.const 64)))',
        '(data (i32.const 0) "\\10\\00\\00\\00\\01\\00\\00\\00")',
      ),
    ],
    [
      'random_get of 0 bytes',
      wasiProgram('random_get', '(param i32 i32) (result i32)', '(drop (call $f (i32.const 64) (i32.const 0)))'),
    ],
    [
      'environ_sizes_get',
      wasiProgram(
        'environ_sizes_get',
        '(param i32 i32) (result i32)',
        '(drop (call $f (i32.const 64) (i32.const 72)))',
      ),
    ],
  ];
  for (const [name, make] of attacks) {
    it(name, SLOW, () => {
      expect(slowdown(make)).toBeLessThan(3);
    });
  }

  it('branching over the fuel checks', SLOW, () => {
    // Thirty blocks of 7 instructions of work, each branching over 121 that hold a check.
    const work = '(br_if 0 (local.tee $i (i32.rotl (i32.mul (local.get $i) (i32.const 0x9e3779b9)) (i32.const 13))))';
    const filler = '(drop (i32.const 0)) '.repeat(59) + '(drop (i32.eqz (i32.const 0)))';
    const blocks = `(block ${work} ${filler})`.repeat(30);
    const make = (n: number) => `(module (memory (export "memory") 1)
      (func (export "alloc") (param i32) (result i32) (i32.const 1024))
      (func (export "act") (param i32 i32) (result i64) (local $i i32) (local $n i32)
        (local.set $i (i32.const 1)) (local.set $n (i32.const ${n}))
        (loop $l (drop (i32.const 0)) ${blocks} (br_if $l (local.tee $n (i32.sub (local.get $n) (i32.const 1)))))
        (i64.const 0)))`;
    expect(slowdown(make)).toBeLessThan(3);
  });
});
