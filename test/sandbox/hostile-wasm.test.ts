import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/sandbox/types.js';
import { HOSTILE_LIMIT_MS, playHostile, wat, type HostileRun } from './hostile-match.js';

/**
 * Hand-written hostile WebAssembly bots, each played through `umpire match`
 * as a process against an idle bot at 2e8 fuel a turn. Every one must end
 * in time, exit 0, print a result and record why the bot failed.
 */

/** The ABI's two entries, for modules whose attack is elsewhere. */
const ABI_ENTRIES = `
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
`;

/** A bot whose `act` body is `body` (it must leave an i64 on the stack). */
const abiBot = (body: string, extra = '') => `(module
  (import "umpire" "log" (func $log (param i32 i32)))
  (memory (export "memory") 1)
  ${extra}
  ${ABI_ENTRIES}
  (func (export "act") (param i32 i32) (result i64) ${body}))`;

const SLOW = HOSTILE_LIMIT_MS + 15_000;

function expectFinished(run: HostileRun): void {
  expect(run.exitCode).toBe(0);
  expect(run.ms).toBeLessThan(HOSTILE_LIMIT_MS);
  expect(['red', 'blue', 'draw']).toContain(run.summary.winner);
}

function expectForfeit(run: HostileRun, code: string, message: RegExp): void {
  expectFinished(run);
  expect(run.summary.bots.red.forfeit).toEqual({ code, message: expect.stringMatching(message) });
  expect(run.summary.winner).toBe('blue');
}

/** Every call the bot was asked failed, with `failure` and a detail matching `detail` at least once. */
function expectEveryCallFailed(run: HostileRun, detail: RegExp): void {
  expectFinished(run);
  expect(run.summary.turns).toBe(180);
  expect(run.calls.every((c) => c.x === 'over_budget' || c.x === 'retired')).toBe(true);
  expect(run.calls.some((c) => c.x === 'over_budget' && detail.test(c.d ?? ''))).toBe(true);
}

describe('hostile WebAssembly bots, through umpire match', () => {
  it('a start function that loops forever runs under the load budget and forfeits', async () => {
    const run = await playHostile(wat(abiBot('(i64.const 0)', '(func $spin (loop $l (br $l))) (start $spin)')), 'wasm');
    expectForfeit(run, 'BUNDLE_INIT', /start function used up its load fuel/);
  }, SLOW);

  it('a shared memory with memory.atomic.wait32 and no timeout is refused before it runs', async () => {
    const module = `(module
      (memory (export "memory") 1 1 shared)
      ${ABI_ENTRIES}
      (func (export "act") (param i32 i32) (result i64)
        (drop (memory.atomic.wait32 (i32.const 0) (i32.const 0) (i64.const -1)))
        (i64.const 0)))`;
    const run = await playHostile(wat(module), 'wasm');
    expectForfeit(run, 'BUNDLE_INVALID', /shared memories are not allowed/);
  }, SLOW);

  it('atomics on an unshared memory are refused too', async () => {
    const module = abiBot('(drop (memory.atomic.notify (i32.const 0) (i32.const 1))) (i64.const 0)');
    const run = await playHostile(wat(module), 'wasm');
    expectForfeit(run, 'BUNDLE_INVALID', /atomic instructions are not allowed/);
  }, SLOW);

  it('global.set to an index the module does not declare cannot reach the fuel counter', async () => {
    // Index 0 is where metering would put its counter in a module without globals.
    const module = abiBot('(global.set 0 (i64.const 0x7fffffffffffffff)) (loop $l (br $l)) (i64.const 0)');
    const run = await playHostile(wat(module), 'wasm');
    expectForfeit(run, 'BUNDLE_INVALID', /not a valid WebAssembly module/);
  }, SLOW);

  it('memory.fill and memory.copy over 64 MiB in a loop pay for every byte', async () => {
    const pages = DEFAULT_LIMITS.memoryBytes / 65536;
    const module = `(module
      (memory (export "memory") ${pages})
      ${ABI_ENTRIES}
      (func (export "act") (param i32 i32) (result i64)
        (loop $l
          (memory.fill (i32.const 0) (i32.const 7) (i32.const ${DEFAULT_LIMITS.memoryBytes}))
          (memory.copy (i32.const 1) (i32.const 0) (i32.const ${DEFAULT_LIMITS.memoryBytes - 1}))
          (br $l))
        (i64.const 0)))`;
    const run = await playHostile(wat(module), 'wasm');
    expectEveryCallFailed(run, /used up its fuel/);
  }, SLOW);

  it('log spam: each umpire.log call pays, and nothing past the log limit is even read', async () => {
    const module = abiBot('(loop $l (call $log (i32.const 0) (i32.const 65536)) (br $l)) (i64.const 0)', '');
    const run = await playHostile(wat(module.replace('(memory (export "memory") 1)', '(memory (export "memory") 2)')), 'wasm');
    expectEveryCallFailed(run, /used up its fuel/);
    expect(run.logs.red.length).toBeLessThanOrEqual(DEFAULT_LIMITS.logChars);
  }, SLOW);

  it('random_get of 60 MB is charged by its size before a byte is written', async () => {
    const module = `(module
      (import "wasi_snapshot_preview1" "random_get" (func $random (param i32 i32) (result i32)))
      (import "wasi_snapshot_preview1" "fd_read" (func $read (param i32 i32 i32 i32) (result i32)))
      (memory (export "memory") 1000)
      (func (export "_start")
        (loop $l (drop (call $random (i32.const 0) (i32.const 60000000))) (br $l))))`;
    const run = await playHostile(wat(module), 'wasm');
    expectEveryCallFailed(run, /used up its fuel/);
  }, SLOW);

  it('20 tables of 10 M entries count toward the memory limit and are refused', async () => {
    const tables = Array.from({ length: 20 }, () => '(table 10000000 funcref)').join('\n');
    const run = await playHostile(wat(abiBot('(i64.const 0)', tables)), 'wasm');
    expectForfeit(run, 'BUNDLE_INVALID', /tables need 200000000 elements at start/);
  }, SLOW);

  it('a table that may grow without bound is capped: table.grow fails past its share', async () => {
    // Tries to grow by a million elements a turn, and logs whether the table grew.
    const module = `(module
      (import "umpire" "log" (func $log (param i32 i32)))
      (memory (export "memory") 1)
      (table $t 0 funcref)
      (data (i32.const 16) "grew")
      (data (i32.const 32) "refused")
      ${ABI_ENTRIES}
      (func (export "act") (param i32 i32) (result i64)
        (if (i32.lt_s (table.grow $t (ref.null func) (i32.const 1000000)) (i32.const 0))
          (then (call $log (i32.const 32) (i32.const 7)))
          (else (call $log (i32.const 16) (i32.const 4))))
        (i64.const 0)))`;
    const run = await playHostile(wat(module), 'wasm');
    expectFinished(run);
    // Tables get a quarter of the 64 MiB limit at 32 bytes an element (524,288): a million never fits.
    expect(run.calls.every((c) => c.x === undefined)).toBe(true);
    expect(run.logs.red.split('\n').filter((l) => l === 'refused')).toHaveLength(180);
  }, SLOW);

  it('a WASI module with 10,000 functions is refused before asyncify runs', async () => {
    const functions = Array.from({ length: 10_000 }, (_, i) => `(func $f${i} (result i32) (call $read (i32.const 0) (i32.const 0) (i32.const 0) (i32.const ${i})))`).join('\n');
    const module = `(module
      (import "wasi_snapshot_preview1" "fd_read" (func $read (param i32 i32 i32 i32) (result i32)))
      (memory (export "memory") 1)
      ${functions}
      (func (export "_start") (drop (call $f0))))`;
    const run = await playHostile(wat(module), 'wasm');
    expectForfeit(run, 'BUNDLE_TOO_LARGE', /10001 functions/);
  }, SLOW);
});
