import { describe, expect, it } from 'vitest';
import { nodeHost } from '../../src/sandbox/node-sources.js';
import { HOSTILE_LIMIT_MS, playHostile, wat, type HostileRun } from './hostile-match.js';

/**
 * Hostile WASI command modules, each played as red through `umpire match`
 * (a process) against idle.js: raw, so run with JSPI where Node has it, and
 * again through the asyncify fallback (UMPIRE_WASI_ASYNCIFY=1). Every match
 * must end with a result, blue untouched, and both ways must give the same
 * replay byte for byte.
 */

const SLOW = 2 * HOSTILE_LIMIT_MS + 15_000;

/** A WASI program: `body` runs in `_start`; $turn reads what standard input holds, $answer writes four idle moves. */
const program = (body: string, extra = '') => `(module
  (import "wasi_snapshot_preview1" "fd_read" (func $read (param i32 i32 i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "fd_write" (func $write (param i32 i32 i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "proc_exit" (func $exit (param i32)))
  (memory (export "memory") 2)
  ;; iov of the input at 0 (a 60,000-byte buffer at 1024), of the answer at 16 (its text at 64)
  (data (i32.const 0) "\\00\\04\\00\\00\\60\\ea\\00\\00")
  (data (i32.const 16) "\\40\\00\\00\\00\\14\\00\\00\\00")
  (data (i32.const 64) "idle\\nidle\\nidle\\nidle\\n")
  (func $turn (drop (call $read (i32.const 0) (i32.const 0) (i32.const 1) (i32.const 32))))
  (func $answer (drop (call $write (i32.const 1) (i32.const 16) (i32.const 1) (i32.const 36))))
  ${extra}
  (func (export "_start") ${body}))`;

/** Plays `module` both ways; returns the JSPI run after checking the fallback's replay is the same. */
async function bothWays(module: Uint8Array): Promise<HostileRun> {
  const fallback = await playHostile(module, 'wasm', { env: { UMPIRE_WASI_ASYNCIFY: '1' } });
  expectResult(fallback);
  if (!nodeHost.jspi) return fallback;
  const viaJspi = await playHostile(module, 'wasm');
  expectResult(viaJspi);
  expect(JSON.stringify(fallback.replay)).toBe(JSON.stringify(viaJspi.replay));
  expect(fallback.summary).toEqual(viaJspi.summary);
  return viaJspi;
}

function expectResult(run: HostileRun): void {
  expect(run.exitCode).toBe(0);
  expect(['red', 'blue', 'draw']).toContain(run.summary.winner);
  expect(run.summary.bots.blue).toMatchObject({ timeouts: 0, errors: 0, crashes: 0 });
  expect(run.summary.bots.blue.forfeit).toBeUndefined();
}

describe('hostile WASI modules, with JSPI and through the asyncify fallback', () => {
  it(
    'a 2,000-function module plays to a result without a preparation step that outlasts the match',
    async () => {
      const chain = Array.from(
        { length: 2000 },
        (_, i) => `(func $f${i} (param i32) (result i32) (call $f${i + 1} (i32.add (local.get 0) (i32.const ${i}))))`,
      ).join('\n');
      const module = program(
        '(loop $l (call $turn) (drop (call $f0 (i32.const 0))) (call $answer) (br $l))',
        `${chain}\n(func $f2000 (param i32) (result i32) (local.get 0))`,
      );
      const run = await bothWays(wat(module));
      expect(run.summary.turns).toBe(180);
      expect(run.summary.bots.red.forfeit).toBeUndefined();
      expect(run.calls.every((c) => c.x === undefined)).toBe(true);
    },
    SLOW,
  );

  it(
    'deep recursion after a suspension traps at the call-depth limit, and the bot is reloaded',
    async () => {
      const run = await bothWays(
        wat(
          program(
            '(call $turn) (call $answer) (call $turn) (drop (call $deep (i32.const 0)))',
            '(func $deep (param i32) (result i32) (call $deep (i32.add (local.get 0) (i32.const 1))))',
          ),
        ),
      );
      expect(run.calls[0]!.x).toBeUndefined();
      expect(run.calls[1]).toMatchObject({ x: 'crash', d: expect.stringContaining('nested calls too deep') });
    },
    SLOW,
  );

  it(
    'an endless loop after a suspension runs out of fuel',
    async () => {
      const run = await bothWays(wat(program('(call $turn) (call $answer) (call $turn) (loop $l (br $l))')));
      expect(run.calls[0]!.x).toBeUndefined();
      expect(run.calls[1]!.x).toBe('over_budget');
    },
    SLOW,
  );

  it(
    'reads of no bytes (zero vectors) in an endless loop are host calls paid until the fuel is gone',
    async () => {
      const module = program(
        '(call $turn) (call $answer) (loop $l (drop (call $read (i32.const 0) (i32.const 0) (i32.const 0) (i32.const 32))) (br $l))',
      );
      const run = await bothWays(wat(module));
      expect(run.calls[1]!.x).toBe('over_budget');
    },
    SLOW,
  );

  it(
    'a start function that reads standard input fails to load, and a read outside memory traps',
    async () => {
      const fromStart = await bothWays(
        wat(program('(loop $l (call $turn) (call $answer) (br $l))', '(func $early (call $turn)) (start $early)')),
      );
      expect(fromStart.summary.bots.red.forfeit).toEqual({
        code: 'BUNDLE_INIT',
        message: expect.stringContaining('read standard input before its first turn'),
      });
      const outside = await bothWays(
        wat(
          program(
            '(call $turn) (call $answer) (drop (call $read (i32.const 0) (i32.const 0x7ffffff0) (i32.const 1) (i32.const 32)))',
          ),
        ),
      );
      expect(outside.calls[1]).toMatchObject({ x: 'crash', d: expect.stringMatching(/^trap: /) });
    },
    SLOW,
  );

  it(
    'memory grown until refused stops at the limit; the program plays on',
    async () => {
      const run = await bothWays(
        wat(
          program(
            '(loop $g (br_if $g (i32.ne (memory.grow (i32.const 64)) (i32.const -1)))) (loop $l (call $turn) (call $answer) (br $l))',
          ),
        ),
      );
      expect(run.summary.bots.red).toMatchObject({ errors: 0, crashes: 0 });
      expect(run.summary.bots.red.forfeit).toBeUndefined();
    },
    SLOW,
  );

  it(
    'a program that answers before it reads, then exits mid-turn, is restarted',
    async () => {
      const run = await bothWays(
        wat(program('(call $answer) (call $turn) (call $answer) (call $turn) (call $exit (i32.const 3))')),
      );
      expect(run.calls[0]!.x).toBeUndefined();
      expect(run.calls[2]).toMatchObject({ x: 'crash', d: 'the program has exited; reloaded next turn' });
    },
    SLOW,
  );
});
