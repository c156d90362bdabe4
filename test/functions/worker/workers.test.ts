import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../../src/games/icy/index.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { captureGame } from '../../../src/games/capture/game.js';
import { runMatch } from '../../../src/match/run-match.js';
import { poolRunner } from '../../../src/match/pool/pool-runner.js';
import { COMPILED_MATCH_WORKER } from '../../../src/match/pool/worker-url.js';
import type { MatchOutput } from '../../../src/core/match-types.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import type { Budgets } from '../../../src/sandbox/policy.js';
import type { Bundle } from '../../../src/sandbox/types.js';
import { asyncifyWasi } from '../../../src/sandbox/webassembly/wasi-prepare.js';
import { I32, I64, assemble, module } from '../../sandbox/wat.js';
import { DEEP_JS, DEEP_PY } from '../../match/deep-bots.js';
import { postOnNewConnection, startWrangler, WRANGLER_RUNS, type Wrangler } from './wrangler-dev.js';

// Plays matches in the real Workers runtime (workerd, started by `wrangler dev`):
// JS bots in the metered QuickJS, WebAssembly bots in Worker Loader isolates.

let wrangler: Wrangler;
let base = '';

beforeAll(async () => {
  if (!WRANGLER_RUNS) return;
  wrangler = await startWrangler(['--config', 'test/functions/worker/wrangler.toml']);
  base = `${wrangler.base}/`;
}, 120_000);

afterAll(async () => {
  await wrangler?.stop();
});

type Posted = { kind: string; code: string };
const post = (b: Bundle): Posted =>
  b.kind === 'wasm'
    ? { kind: 'wasm', code: Buffer.from(b.code as Uint8Array).toString('base64') }
    : { kind: b.kind, code: b.code as string };

async function inWorkers(red: Bundle, blue: Bundle, seed: number, budgets?: Budgets, game: 'icy' | 'capture' = 'icy') {
  const response = await postOnNewConnection(
    base,
    JSON.stringify({ game, red: post(red), blue: post(blue), seed, budgets }),
  );
  expect(response.status).toBe(200);
  return JSON.parse(response.text) as Awaited<ReturnType<typeof runMatch>>;
}

const inNode = (red: Bundle, blue: Bundle, seed: number, budgets?: Budgets) =>
  runMatch({
    game: icyGame,
    options: { rules: ruleSet('queue2011'), map: DEFAULT_MAP },
    seed,
    ...(budgets ? { budgets } : {}),
    bots: [red, blue],
    load: nodeBotLoader,
  });

const hunterJs: Bundle = { kind: 'js', code: readFileSync('src/games/icy/bots/hunter.js', 'utf8') };
const hunterWasm: Bundle = { kind: 'wasm', code: new Uint8Array(readFileSync('build/bots/hunter.wasm')) };
const small: Budgets = { firstTurnFuel: 40_000_000, turnFuel: 20_000_000, timeBankFuel: 0, loadFuel: 400_000_000 };

describe.skipIf(!WRANGLER_RUNS)('in the real Workers runtime', () => {
  it('plays Python bots the same as Node, byte for byte: Icy between two hunters, Capture gatherer against random', async () => {
    const hunterPy: Bundle = { kind: 'py', code: readFileSync('src/games/icy/bots/hunter.py', 'utf8') };
    const icyWorkers = await inWorkers(hunterPy, hunterPy, 5);
    const icyNode = await inNode(hunterPy, hunterPy, 5);
    expect(icyWorkers.result.turns).toBe(180);
    expect(icyWorkers.result.seats.map((s) => s.errors + s.crashes)).toEqual([0, 0]);
    expect(JSON.stringify(icyWorkers.replay)).toBe(JSON.stringify(icyNode.replay));
    const gatherer: Bundle = { kind: 'py', code: readFileSync('src/games/capture/bots/gatherer.py', 'utf8') };
    const random: Bundle = { kind: 'js', code: readFileSync('src/games/capture/bots/random.js', 'utf8') };
    const captureWorkers = await inWorkers(gatherer, random, 9, undefined, 'capture');
    const captureNode = await runMatch({
      game: captureGame,
      options: {},
      seed: 9,
      bots: [gatherer, random],
      load: nodeBotLoader,
    });
    expect(captureWorkers.result.seats[0]!.fuel).toBeGreaterThan(0);
    expect(JSON.stringify(captureWorkers.replay)).toBe(JSON.stringify(captureNode.replay));
    expect(JSON.stringify(captureWorkers.result)).toBe(JSON.stringify(captureNode.result));
  }, 120_000);

  it('plays a classic stdin/stdout Python program the same as Node, byte for byte (JSPI, and the build’s setjmp bridge)', async () => {
    const classic: Bundle = { kind: 'py', code: readFileSync('src/games/icy/bots/classic.py', 'utf8') };
    const hunterPy: Bundle = { kind: 'py', code: readFileSync('src/games/icy/bots/hunter.py', 'utf8') };
    const workers = await inWorkers(classic, hunterPy, 4);
    const node = await inNode(classic, hunterPy, 4);
    expect(workers.result.turns).toBe(180);
    expect(workers.result.seats.map((s) => s.errors + s.crashes)).toEqual([0, 0]);
    expect(JSON.stringify(workers.replay)).toBe(JSON.stringify(node.replay));
    expect(JSON.stringify(workers.result)).toBe(JSON.stringify(node.result));
  }, 120_000);

  it('plays a TypeScript bot the same as Node, byte for byte, its error frames at its .ts lines', async () => {
    const randomTs: Bundle = { kind: 'ts', code: readFileSync('test/fixtures/typescript/random.ts', 'utf8') };
    const failingTs: Bundle = {
      kind: 'ts',
      code: 'interface Box { inner?: { n: number } }\nconst read = (b: Box): number => b.inner!.n;\nexport default (input: string): string => String(read({}));\n',
    };
    const workers = await inWorkers(randomTs, failingTs, 6, small);
    const node = await inNode(randomTs, failingTs, 6, small);
    expect(workers.result.seats.map((s) => s.errors)).toEqual([0, 180]);
    expect(workers.result.seats[1]!.log).toMatch(/^\[error in call 1\] TypeError: .*\n {4}at read \(bot\.ts:2:/);
    expect(JSON.stringify(workers.replay)).toBe(JSON.stringify(node.replay));
    expect(JSON.stringify(workers.result)).toBe(JSON.stringify(node.result));
  }, 60_000);

  it('plays a JS bot against a WebAssembly bot, with the same replay as Node, byte for byte', async () => {
    const workers = await inWorkers(hunterJs, hunterWasm, 3);
    const node = await inNode(hunterJs, hunterWasm, 3);
    expect(workers.result.turns).toBe(180);
    expect(workers.result.seats[1]!.fuel).toBeGreaterThan(0);
    expect(JSON.stringify(workers.replay)).toBe(JSON.stringify(node.replay));
    expect(JSON.stringify(workers.result)).toBe(JSON.stringify(node.result));
  }, 60_000);

  it('stops deep recursion (JSON.parse of 100,000 [, recursion without a base case, Python’s re) at the same call as a Node pool worker: the same replay', async () => {
    // In-process here, in a Workers isolate's stack: the interpreters' limits must still fire before V8's (wasm/call-depth.ts).
    const js: Bundle = { kind: 'js', code: DEEP_JS };
    const py: Bundle = { kind: 'py', code: DEEP_PY };
    const workers = await inWorkers(js, py, 1);
    const pool = poolRunner({ url: COMPILED_MATCH_WORKER, size: 1 });
    let viaPool: MatchOutput<unknown>;
    try {
      viaPool = await pool.play({
        game: 'icy',
        options: { rules: ruleSet('queue2011'), map: DEFAULT_MAP },
        seed: 1,
        bots: [js, py],
      });
    } finally {
      await pool.close();
    }
    const failures = workers.replay.turns.slice(0, 12).map((t) => t.calls.map((c) => c.failure ?? null));
    expect(failures.filter((f) => f[0] === 'crash' && f[1] === 'crash')).toHaveLength(4);
    expect(workers.result.seats.map((s) => s.crashes)).toEqual([4, 4]);
    expect(JSON.stringify(workers.replay)).toBe(JSON.stringify(viaPool.replay));
    expect(JSON.stringify(workers.result)).toBe(JSON.stringify(viaPool.result));
  }, 60_000);

  it('stops a WebAssembly bot that loops forever, and a JS one', async () => {
    const spin: Bundle = {
      kind: 'wasm',
      code: module([
        { params: [I32], results: [I32], body: [0x41, 0x00], export: 'alloc' },
        { params: [I32, I32], results: [I64], body: [0x03, 0x40, 0x0c, 0x00, 0x0b, 0x42, 0x00], export: 'act' },
      ]),
    };
    const loop: Bundle = { kind: 'js', code: 'export default function () { for (;;) {} }' };
    const r = await inWorkers(loop, spin, 4, small);
    expect(r.result.turns).toBe(180);
    expect(r.replay.turns[0]!.calls.map((c) => c.failure)).toEqual(['over_budget', 'over_budget']);
    expect(r.result.seats[1]!.crashes).toBe(4);
    const node = await inNode(loop, spin, 4, small);
    expect(JSON.stringify(r.replay)).toBe(JSON.stringify(node.replay));
  }, 60_000);

  it.skipIf(!existsSync('build/bots/hunter-wasi.wasm'))(
    'runs a WASI stdin/stdout player raw (JSPI in the bot isolate) and prepared by `umpire prepare-wasi`, the same as Node',
    async () => {
      const raw: Bundle = { kind: 'wasm', code: new Uint8Array(readFileSync('build/bots/hunter-wasi.wasm')) };
      const prepared: Bundle = { kind: 'wasm', code: await asyncifyWasi(raw.code as Uint8Array) };
      for (const bot of [raw, prepared]) {
        const workers = await inWorkers(bot, hunterJs, 8);
        const node = await inNode(bot, hunterJs, 8);
        expect(workers.result.seats[0]).toMatchObject({ errors: 0, crashes: 0 });
        expect(workers.result.forfeits).toEqual([]);
        expect(JSON.stringify(workers.replay)).toBe(JSON.stringify(node.replay));
      }
    },
    60_000,
  );

  it('suspends a raw WASI program between turns and stops its deep recursion at the same call as Node', async () => {
    // Reads a turn and answers, then on the next turn recurses without end: the count of stack slots stops it.
    const deep: Bundle = {
      kind: 'wasm',
      code: assemble(`(module
        (import "wasi_snapshot_preview1" "fd_read" (func $read (param i32 i32 i32 i32) (result i32)))
        (import "wasi_snapshot_preview1" "fd_write" (func $write (param i32 i32 i32 i32) (result i32)))
        (memory (export "memory") 2)
        (data (i32.const 0) "\\00\\04\\00\\00\\60\\ea\\00\\00")
        (data (i32.const 16) "\\40\\00\\00\\00\\14\\00\\00\\00")
        (data (i32.const 64) "idle\\nidle\\nidle\\nidle\\n")
        (func $deep (param i32) (result i32) (call $deep (i32.add (local.get 0) (i32.const 1))))
        (func (export "_start")
          (drop (call $read (i32.const 0) (i32.const 0) (i32.const 1) (i32.const 32)))
          (drop (call $write (i32.const 1) (i32.const 16) (i32.const 1) (i32.const 36)))
          (drop (call $read (i32.const 0) (i32.const 0) (i32.const 1) (i32.const 32)))
          (drop (call $deep (i32.const 0)))))`),
    };
    const workers = await inWorkers(deep, hunterJs, 3);
    const node = await inNode(deep, hunterJs, 3);
    expect(workers.replay.turns[0]!.calls[0]!.failure).toBeUndefined();
    expect(workers.replay.turns[1]!.calls[0]).toMatchObject({
      failure: 'crash',
      detail: expect.stringContaining('nested calls too deep'),
    });
    expect(JSON.stringify(workers.replay)).toBe(JSON.stringify(node.replay));
  }, 60_000);
});
