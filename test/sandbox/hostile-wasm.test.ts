import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUEL_PER_MS } from '../../src/sandbox/policy.js';
import { DEFAULT_LIMITS } from '../../src/sandbox/types.js';
import { ENDLESS_LOAD_FUEL, HOSTILE_LIMIT_MS, playHostile, wat, type HostileRun } from './hostile-match.js';
import { assemble } from './wat.js';

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

/** idle.js against idle.js through the same command: what blue does against idle children, and how long such a match takes. */
let baseline: HostileRun;
beforeAll(async () => {
  baseline = await playHostile(readFileSync('src/games/icy/bots/idle.js', 'utf8'), 'js');
}, SLOW);

/** Blue's summary is what it is against idle.js: red's attack cost it nothing. */
function expectBlueAsAgainstIdle(run: HostileRun): void {
  expect(run.summary.bots.blue).toEqual(baseline.summary.bots.blue);
}

/** Refused at load: blue, which played no turn, neither forfeits nor fails. */
function expectBlueUntouched(run: HostileRun): void {
  expect(run.summary.turns).toBe(0);
  expect(run.summary.bots.blue).toMatchObject({ timeouts: 0, errors: 0, crashes: 0 });
  expect(run.summary.bots.blue.forfeit).toBeUndefined();
}

/**
 * The match took about the time red's fuel buys, not many times more: the
 * fuel red used at FUEL_PER_MS, ten times over for a slow or busy machine,
 * beyond what a match of idle bots takes.
 */
function expectTimeOfItsFuel(run: HostileRun): void {
  const fuelMs = run.summary.bots.red.fuel / FUEL_PER_MS;
  expect(run.summary.bots.red.fuel).toBeGreaterThan(0);
  expect(run.ms).toBeLessThan(baseline.ms + 2000 + 10 * fuelMs);
}

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
  it(
    'a start function that loops forever runs under the load budget and forfeits',
    async () => {
      const run = await playHostile(
        wat(abiBot('(i64.const 0)', '(func $spin (loop $l (br $l))) (start $spin)')),
        'wasm',
        { loadFuel: ENDLESS_LOAD_FUEL },
      );
      // Fuel stops it. Where this loop takes some 10 times its fuel's time (its first run is in V8's
      // baseline code, on a host much slower than the calibration machine), the safety cap on CPU
      // time may stop it first: a forfeit all the same, flagged as the cap's (docs/safety-cap.md).
      const forfeit = run.summary.bots.red.forfeit as { code: string; message: string; safetyCap?: true } | undefined;
      if (forfeit?.safetyCap) {
        expectFinished(run);
        expect(forfeit).toEqual({
          code: 'BUNDLE_INIT',
          message: expect.stringMatching(/start function was stopped by the safety cap/),
          safetyCap: true,
        });
        expect(run.summary.winner).toBe('blue');
      } else {
        expectForfeit(run, 'BUNDLE_INIT', /start function used up its load fuel/);
      }
    },
    SLOW,
  );

  it(
    'a shared memory with memory.atomic.wait32 and no timeout is refused before it runs',
    async () => {
      const module = `(module
      (memory (export "memory") 1 1 shared)
      ${ABI_ENTRIES}
      (func (export "act") (param i32 i32) (result i64)
        (drop (memory.atomic.wait32 (i32.const 0) (i32.const 0) (i64.const -1)))
        (i64.const 0)))`;
      const run = await playHostile(wat(module), 'wasm');
      expectForfeit(run, 'BUNDLE_INVALID', /shared memories are not allowed/);
    },
    SLOW,
  );

  it(
    'atomics on an unshared memory are refused too',
    async () => {
      const module = abiBot('(drop (memory.atomic.notify (i32.const 0) (i32.const 1))) (i64.const 0)');
      const run = await playHostile(wat(module), 'wasm');
      expectForfeit(run, 'BUNDLE_INVALID', /atomic instructions are not allowed/);
    },
    SLOW,
  );

  it(
    'global.set to an index the module does not declare cannot reach the fuel counter',
    async () => {
      // Index 0 is where metering would put its counter in a module without globals.
      const module = abiBot('(global.set 0 (i64.const 0x7fffffffffffffff)) (loop $l (br $l)) (i64.const 0)');
      const run = await playHostile(wat(module), 'wasm');
      expectForfeit(run, 'BUNDLE_INVALID', /not a valid WebAssembly module/);
    },
    SLOW,
  );

  it(
    'memory.fill and memory.copy over 64 MiB in a loop pay for every byte',
    async () => {
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
    },
    SLOW,
  );

  it(
    'log spam: each umpire.log call pays, and nothing past the log limit is even read',
    async () => {
      const module = abiBot('(loop $l (call $log (i32.const 0) (i32.const 65536)) (br $l)) (i64.const 0)', '');
      const run = await playHostile(
        wat(module.replace('(memory (export "memory") 1)', '(memory (export "memory") 2)')),
        'wasm',
      );
      expectEveryCallFailed(run, /used up its fuel/);
      expect(run.logs.red.length).toBeLessThanOrEqual(DEFAULT_LIMITS.logChars);
    },
    SLOW,
  );

  it(
    'random_get of 60 MB is charged by its size before a byte is written',
    async () => {
      const module = `(module
      (import "wasi_snapshot_preview1" "random_get" (func $random (param i32 i32) (result i32)))
      (import "wasi_snapshot_preview1" "fd_read" (func $read (param i32 i32 i32 i32) (result i32)))
      (memory (export "memory") 1000)
      (func (export "_start")
        (loop $l (drop (call $random (i32.const 0) (i32.const 60000000))) (br $l))))`;
      const run = await playHostile(wat(module), 'wasm');
      expectEveryCallFailed(run, /used up its fuel/);
    },
    SLOW,
  );

  it(
    '20 tables of 10 M entries count toward the memory limit and are refused',
    async () => {
      const tables = Array.from({ length: 20 }, () => '(table 10000000 funcref)').join('\n');
      const run = await playHostile(wat(abiBot('(i64.const 0)', tables)), 'wasm');
      expectForfeit(run, 'BUNDLE_INVALID', /tables need 200000000 elements at start/);
    },
    SLOW,
  );

  it(
    'a table that may grow without bound is capped: table.grow fails past its share',
    async () => {
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
    },
    SLOW,
  );

  it(
    'a WASI module with 10,000 functions is refused before asyncify runs',
    async () => {
      const functions = Array.from(
        { length: 10_000 },
        (_, i) => `(func $f${i} (result i32) (call $read (i32.const 0) (i32.const 0) (i32.const 0) (i32.const ${i})))`,
      ).join('\n');
      const module = `(module
      (import "wasi_snapshot_preview1" "fd_read" (func $read (param i32 i32 i32 i32) (result i32)))
      (memory (export "memory") 1)
      ${functions}
      (func (export "_start") (drop (call $f0))))`;
      const run = await playHostile(wat(module), 'wasm');
      expectForfeit(run, 'BUNDLE_TOO_LARGE', /10001 functions/);
    },
    SLOW,
  );

  it(
    'a bot that throws and catches in a loop is refused at load: exception handling is not metered',
    async () => {
      const module = abiBot(
        '(loop $l (try (do (throw $e (i32.const 1))) (catch $e (drop))) (br $l)) (i64.const 0)',
        '(tag $e (param i32))',
      );
      const run = await playHostile(assemble(module), 'wasm');
      expectForfeit(run, 'BUNDLE_INVALID', /^exception handling is not allowed: the module declares exception tags/);
      expectBlueUntouched(run);
    },
    SLOW,
  );

  it(
    'rethrow and delegate of what the host throws, with no tag of its own, are refused at load too',
    async () => {
      // env.abort throws in the host; catch_all would catch it, and the loop would go on.
      const module = `(module
      (import "env" "abort" (func $abort (param i32 i32 i32 i32)))
      (memory (export "memory") 1)
      ${ABI_ENTRIES}
      (func $raise (call $abort (i32.const 0) (i32.const 0) (i32.const 0) (i32.const 0)))
      (func (export "act") (param i32 i32) (result i64)
        (loop $l
          (try (do (try (do (call $raise)) (catch_all (rethrow 0)))) (catch_all))
          (try (do (try (do (call $raise)) (delegate 0))) (catch_all))
          (br $l))
        (i64.const 0)))`;
      const run = await playHostile(assemble(module), 'wasm');
      expectForfeit(run, 'BUNDLE_INVALID', /^exception handling is not allowed: the module uses 'try'/);
      expectBlueUntouched(run);
    },
    SLOW,
  );

  it(
    'try_table and throw_ref are refused at load',
    async () => {
      const module = `(module
      (import "env" "abort" (func $abort (param i32 i32 i32 i32)))
      (memory (export "memory") 1)
      ${ABI_ENTRIES}
      (func (export "act") (param i32 i32) (result i64)
        (loop $l
          (block $caught
            (try_table (catch_all $caught)
              (throw_ref
                (block $h (result exnref)
                  (try_table (catch_all_ref $h) (call $abort (i32.const 0) (i32.const 0) (i32.const 0) (i32.const 0)))
                  (unreachable)))))
          (br $l))
        (i64.const 0)))`;
      const run = await playHostile(assemble(module), 'wasm');
      expectForfeit(run, 'BUNDLE_INVALID', /^exception handling is not allowed: the module uses 'try_table'/);
      expectBlueUntouched(run);
    },
    SLOW,
  );

  it(
    'memory.grow by 0 in a loop pays for each grow: over budget every turn, in the time its fuel buys',
    async () => {
      // At 1 fuel each, a grow (which makes V8 build a new buffer) ran 500 times longer than its fuel.
      const run = await playHostile(
        wat(abiBot('(loop $l (drop (memory.grow (i32.const 0))) (br $l)) (i64.const 0)')),
        'wasm',
      );
      expectEveryCallFailed(run, /used up its fuel/);
      expectBlueAsAgainstIdle(run);
      expectTimeOfItsFuel(run);
    },
    SLOW,
  );

  it(
    'table.set of a function in a loop pays for V8 updating its dispatch table',
    async () => {
      const module = abiBot(
        '(loop $l (table.set $t (i32.const 0) (ref.func $f)) (br $l)) (i64.const 0)',
        '(table $t 1 funcref) (func $f) (elem declare func $f)',
      );
      const run = await playHostile(wat(module), 'wasm');
      expectEveryCallFailed(run, /used up its fuel/);
      expectBlueAsAgainstIdle(run);
      expectTimeOfItsFuel(run);
    },
    SLOW,
  );

  it(
    'branching over the fuel checks does not run code unpaid',
    async () => {
      // 300 blocks, each 7 instructions of work and a branch over the other 121 instructions, where the checks are.
      const work = '(br_if 0 (local.tee $a (i32.rotl (i32.mul (local.get $a) (i32.const 0x9e3779b9)) (i32.const 13))))';
      const filler = '(drop (i32.const 0)) '.repeat(59) + '(drop (i32.eqz (i32.const 0)))';
      const blocks = `(block ${work} ${filler})`.repeat(300);
      const module = abiBot(
        `(local.set $a (i32.const 1)) (loop $l (drop (i32.const 0)) ${blocks} (br $l)) (i64.const 0)`,
      ).replace('(result i64)', '(result i64) (local $a i32)');
      const run = await playHostile(wat(module), 'wasm');
      expectEveryCallFailed(run, /used up its fuel/);
      expectBlueAsAgainstIdle(run);
      expectTimeOfItsFuel(run);
    },
    SLOW,
  );
});
