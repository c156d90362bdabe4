import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../src/games/icy/index.js';
import { icyGame } from '../../src/games/icy/game.js';
import { runMatch, type BotLoader } from '../../src/match/run-match.js';
import { capClockPace } from '../../src/sandbox/cpu-clock.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { CLOCK_CALL_FUEL } from '../../src/sandbox/javascript/js-bot.js';
import { ENGINE_HOST_CALL_FUEL } from '../../src/sandbox/javascript/engine-host-calls.js';
import { FUEL_PER_MS, type Budgets } from '../../src/sandbox/policy.js';
import type { Bundle } from '../../src/sandbox/types.js';
import { I32, I64, i64const, module } from '../sandbox/wat.js';

/** Small budgets keep these matches fast; the hunter needs a few million per turn. */
const budgets: Budgets = { firstTurnFuel: 40_000_000, turnFuel: 20_000_000, timeBankFuel: 0, loadFuel: 400_000_000 };
const options = { rules: ruleSet('queue2011'), map: DEFAULT_MAP };
const hunter: Bundle = { kind: 'js', code: readFileSync('src/games/icy/bots/hunter.js', 'utf8'), name: 'hunter' };
const js = (code: string): Bundle => ({ kind: 'js', code });
const play = (red: Bundle, blue: Bundle, seed = 3) =>
  runMatch({ game: icyGame, options, seed, budgets, bots: [red, blue], load: nodeBotLoader });

/** WebAssembly bots with the ABI: alloc(len) -> 0, act(ptr, len) -> i64 from `body`. */
const wasmBot = (act: number[], imports: [string, string, number][] = []): Bundle => ({
  kind: 'wasm',
  code: module(
    [
      { params: [I32], results: [I32], body: [0x41, 0x00], export: 'alloc' },
      { params: [I32, I32], results: [I64], body: act, export: 'act' },
    ],
    { min: 1 },
    imports,
  ),
});

type Played = Awaited<ReturnType<typeof play>>;
let baseline: Played;
beforeAll(async () => {
  baseline = await play(hunter, js(readFileSync('src/games/icy/bots/idle.js', 'utf8')));
}, 60_000);

/** The hunter's side of the match is exactly what it is against idle children. */
function expectHunterUnaffected(r: Played): void {
  expect(r.result.turns).toBe(180);
  expect(r.result.scores[0]).toBe(baseline.result.scores[0]);
  expect(r.result.seats[0]!.fuel).toBe(baseline.result.seats[0]!.fuel);
  expect(r.replay.turns.map((t) => t.answers[0])).toEqual(baseline.replay.turns.map((t) => t.answers[0]));
}

const failures = (r: Played) => r.replay.turns.map((t) => t.calls[1]!.failure ?? 'ok');
const details = (r: Played) => r.replay.turns.map((t) => t.calls[1]!.detail ?? '');

describe('hostile JS bots are contained', () => {
  it('the baseline hunter scores against idle children', () => {
    expect(baseline.result.scores[0]).toBeGreaterThan(100);
  });

  it.each([
    ['an endless loop', 'export default function () { for (;;) {} }'],
    [
      'a loop inside JSON.stringify',
      'const a = []; for (let i = 0; i < 50000; i++) a.push({ i }); export default function () { for (;;) JSON.stringify(a); }',
    ],
    [
      'a catastrophic regular expression',
      "export default function () { return /^(a+)+$/.test('a'.repeat(32) + '!') ? 'x' : 'y'; }",
    ],
  ])(
    '%s: over budget every turn, children idle',
    async (_, code) => {
      const r = await play(hunter, js(code));
      expectHunterUnaffected(r);
      expect(failures(r).filter((f) => f === 'over_budget' || f === 'retired').length).toBe(180);
      expect(r.result.seats[1]!.overBudget).toBeGreaterThan(0);
    },
    60_000,
  );

  it('a memory bomb: stopped at its memory cap', async () => {
    const r = await play(
      hunter,
      js('const keep = []; export default function () { for (;;) keep.push(new Array(100000).fill(7)); }'),
    );
    expectHunterUnaffected(r);
    expect(failures(r).every((f) => f !== 'ok')).toBe(true);
    expect(details(r).some((d) => /out of memory|fuel/.test(d))).toBe(true);
  }, 60_000);

  it('deep recursion: a stack overflow error', async () => {
    const r = await play(
      hunter,
      js('function f(n) { return f(n + 1) + 1; } export default function () { return String(f(0)); }'),
    );
    expectHunterUnaffected(r);
    expect(details(r)[0]).toBe('InternalError: stack overflow');
  }, 60_000);

  it('an output flood: the log and the answer are cut, malformed lines idle', async () => {
    const r = await play(
      hunter,
      js(
        "export default function () { for (let i = 0; i < 400; i++) console.log('spam'.repeat(50)); return 'y'.repeat(1e5); }",
      ),
    );
    expectHunterUnaffected(r);
    expect(r.replay.turns[0]!.calls[1]!.truncated).toBe(true);
    expect(r.replay.turns[0]!.answers[1]?.length).toBe(4096);
    expect(r.result.seats[1]!.log.length).toBeLessThanOrEqual(64 * 1024 + 256);
    expect(r.result.seats[1]!.log).toMatch(/log line\(s\) dropped/);
  }, 60_000);

  it.each([
    ['throws', "export default function () { throw new Error('boom'); }", 'Error: boom'],
    ['returns a number', 'export default function () { return 42; }', 'returned number, not a string'],
    ['returns a promise', "export default async function () { return 'idle'; }", 'returned object, not a string'],
    [
      'reaches for fetch',
      "export default function () { fetch('http://127.0.0.1/'); return 'idle'; }",
      "ReferenceError: 'fetch' is not defined",
    ],
    [
      'reaches for process',
      'export default function () { process.exit(1); }',
      "ReferenceError: 'process' is not defined",
    ],
    [
      'reaches for require',
      "export default function () { require('fs'); }",
      "ReferenceError: 'require' is not defined",
    ],
  ])(
    'a bot that %s: an error, recorded',
    async (_, code, detail) => {
      const r = await play(hunter, js(code));
      expectHunterUnaffected(r);
      expect(failures(r).every((f) => f === 'error')).toBe(true);
      expect(details(r)[0]).toBe(detail);
    },
    60_000,
  );

  it('finds nothing of the host on globalThis, and no import()', async () => {
    const probe = `
      let report = '';
      export default function () {
        if (!report) {
          const names = Object.getOwnPropertyNames(globalThis).filter((n) =>
            /^(fetch|process|require|setTimeout|setInterval|std|os|WebAssembly|Deno|Bun|XMLHttpRequest|navigator|Buffer)$/.test(n));
          report = 'found:' + names.join(',');
          import('node:fs').then(() => { report += ' import worked'; }, () => { report += ' import refused'; });
          console.log(report);
        }
        return 'idle\\nidle\\nidle\\nidle';
      }`;
    const r = await play(hunter, js(probe));
    expectHunterUnaffected(r);
    expect(r.result.seats[1]!.log).toBe('found:');
  }, 60_000);

  it('prototype pollution stays inside its own runtime', async () => {
    const polluter = `
      Object.prototype.x = 1;
      Array.prototype.join = function () { for (;;) {} };
      String.prototype.split = () => ['boom'];
      JSON.parse = () => { throw new Error('no'); };
      export default function () { console.log('still here'); return 'idle\\nidle\\nidle\\nidle'; }`;
    const r = await play(hunter, js(polluter));
    expectHunterUnaffected(r);
    expect(failures(r).every((f) => f === 'ok')).toBe(true);
    expect(r.result.seats[1]!.log.split('\n')[0]).toBe('still here');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  }, 60_000);

  it.each([
    ['a syntax error', 'export default function ( {', 'BUNDLE_SYNTAX'],
    ['no entry point', 'export const answer = 42;', 'BUNDLE_NO_ENTRY'],
    ['an unknown import', "import fs from 'fs'; export default () => 'idle';", 'BUNDLE_LINK'],
    ['an endless top level', 'for (;;) {} export default () => "idle";', 'BUNDLE_INIT'],
    ['a throwing top level', "throw new Error('nope'); export default () => 'idle';", 'BUNDLE_INIT'],
  ])(
    'a bundle with %s forfeits',
    async (_, code, failure) => {
      const r = await play(hunter, js(code));
      expect(r.result.forfeits).toEqual([1]);
      expect(r.result.winner).toBe(0);
      expect(r.result.turns).toBe(0);
      expect(r.result.seats[1]!.forfeit?.code).toBe(failure);
    },
    60_000,
  );
});

describe('hostile WebAssembly bots are contained', () => {
  it('an endless loop: over budget, reloaded, then retired', async () => {
    const r = await play(hunter, wasmBot([0x03, 0x40, 0x0c, 0x00, 0x0b, 0x42, 0x00]));
    expectHunterUnaffected(r);
    expect(failures(r).slice(0, 5)).toEqual(['over_budget', 'over_budget', 'over_budget', 'over_budget', 'retired']);
    expect(
      failures(r)
        .slice(4)
        .every((f) => f === 'retired'),
    ).toBe(true);
  }, 60_000);

  it('a trap: a crash, reloaded fresh next turn', async () => {
    const r = await play(hunter, wasmBot([0x00]));
    expectHunterUnaffected(r);
    expect(failures(r)[0]).toBe('crash');
    expect(details(r)[0]).toMatch(/^trap: unreachable; reloaded next turn/);
    expect(r.result.seats[1]!.crashes).toBe(4);
  }, 60_000);

  it('a memory bomb: memory.grow fails at the cap', async () => {
    // grow by 2000 pages (125 MiB): refused under the 64 MiB cap; answers the empty string
    const r = await play(hunter, wasmBot([0x41, 0xd0, 0x0f, 0x40, 0x00, 0x1a, 0x42, 0x00]));
    expectHunterUnaffected(r);
    expect(failures(r).every((f) => f === 'ok')).toBe(true);
  }, 60_000);

  it('an answer pointing outside memory: an error', async () => {
    const r = await play(hunter, wasmBot(i64const((0x7fff0000n << 32n) | 16n)));
    expectHunterUnaffected(r);
    expect(details(r)[0]).toBe('act returned a range outside memory');
  }, 60_000);

  it('imports the host does not offer: forfeit', async () => {
    const r = await play(hunter, wasmBot([0x42, 0x00], [['wasi_snapshot_preview1', 'fd_write', 0]]));
    expect(r.result.forfeits).toEqual([1]);
    expect(r.result.seats[1]!.forfeit).toEqual({
      code: 'BUNDLE_LINK',
      message: 'imports wasi_snapshot_preview1.fd_write, which bots are not offered',
    });
  }, 60_000);

  it('not WebAssembly at all: forfeit', async () => {
    const r = await play(hunter, { kind: 'wasm', code: new TextEncoder().encode('MZ not a module') });
    expect(r.result.seats[1]!.forfeit?.code).toBe('BUNDLE_INVALID');
  });
});

describe('budgets', () => {
  it('a time bank covers turns that need more than their fuel, until it runs dry', async () => {
    const steady = js(
      'export default function () { let x = 0; for (let i = 0; i < 20000; i++) x += i % 7; return "idle"; }',
    );
    const probe = await runMatch({
      game: icyGame,
      options,
      seed: 1,
      budgets: { ...budgets, turnFuel: 1e9, firstTurnFuel: 1e9 },
      bots: [steady, steady],
      load: nodeBotLoader,
    });
    const need = probe.replay.turns[1]!.calls[0]!.fuel;
    const turnFuel = Math.floor(need * 0.7);
    const banked = { ...budgets, firstTurnFuel: 1e9, turnFuel, timeBankFuel: need };
    const r = await runMatch({
      game: icyGame,
      options,
      seed: 1,
      budgets: banked,
      bots: [steady, steady],
      load: nodeBotLoader,
    });
    const outcome = r.replay.turns.slice(0, 8).map((t) => t.calls[0]!.failure ?? 'ok');
    // Each later turn draws about 0.3 x need from a bank of 1 x need: three turns, then over budget.
    expect(outcome).toEqual(['ok', 'ok', 'ok', 'ok', 'over_budget', 'over_budget', 'over_budget', 'over_budget']);
  }, 60_000);
});

describe('the safety cap on JavaScript bots', () => {
  // Budgets no bot here can use up, and a cap of 150 ms of the calibration machine's time for every call (a host's
  // factor, set for the test): in this thread's CPU time, 150 ms times the host's pace.
  const huge: Budgets = { firstTurnFuel: 1e15, turnFuel: 1e15, timeBankFuel: 0, loadFuel: 1e15 };
  const factor = 150 / (1e15 / FUEL_PER_MS);
  const load: BotLoader = (bundle, ctx) => nodeBotLoader(bundle, { ...ctx, safetyCapFactor: factor });
  const playHuge = (red: Bundle) =>
    runMatch({
      game: icyGame,
      options,
      seed: 1,
      budgets: huge,
      bots: [red, js(readFileSync('src/games/icy/bots/idle.js', 'utf8'))],
      load,
    });

  it('a top level that outlives the cap while loading forfeits, whatever its fuel, and the match says a cap decided it', async () => {
    const r = await playHuge(js('for (;;) {}\nexport default () => "";'));
    expect(r.result.seats[0]!.forfeit).toEqual({
      code: 'BUNDLE_INIT',
      message: `the top level of the module was stopped by the safety cap (${Math.round(150 * capClockPace())} ms of CPU time)`,
      safetyCap: true,
    });
    expect(r.result.seats[0]!.safetyCap).toBe(true);
    expect(r.result.safetyCap).toBe(true);
  }, 30_000);

  it('a turn the cap cuts is over budget, flagged, not an error', async () => {
    const r = await playHuge(js('let n = 0; export default function () { if (++n > 3) return "idle"; for (;;) {} }'));
    const calls = r.replay.turns.map((t) => t.calls[0]!);
    expect(calls[0]).toEqual(
      expect.objectContaining({
        failure: 'over_budget',
        safetyCap: true,
        detail: expect.stringMatching(
          `^stopped by the safety cap \\(${Math.round(150 * capClockPace())} ms of CPU time\\)`,
        ),
      }),
    );
    expect(calls.filter((c) => c.safetyCap).length).toBeGreaterThanOrEqual(1);
    expect(calls.every((c) => c.safetyCap === undefined || c.failure === 'over_budget')).toBe(true);
    expect(r.result.safetyCap).toBe(true);
  }, 60_000);
});

describe('host calls out of QuickJS', () => {
  it('each call of the virtual clock is charged what it costs the host', async () => {
    const calls = (n: number) =>
      js(`export default function () { let t = 0; for (let i = 0; i < ${n}; i++) t += Date.now(); return 'idle'; }`);
    const fuelOf = async (n: number) =>
      (await play(calls(n), js(readFileSync('src/games/icy/bots/idle.js', 'utf8')))).replay.turns[1]!.calls[0]!.fuel;
    const extra = (await fuelOf(200)) - (await fuelOf(100));
    // The clock's own price, plus the engine's call out to its host.
    expect(extra).toBeGreaterThanOrEqual(100 * (CLOCK_CALL_FUEL + ENGINE_HOST_CALL_FUEL));
    expect(extra).toBeLessThan(100 * (CLOCK_CALL_FUEL + ENGINE_HOST_CALL_FUEL) * 1.1);
  }, 60_000);

  it('calls out of the engine to its glue (local time here) pay for the host work', async () => {
    const reads = (n: number) =>
      js(
        `const d = new Date(0); export default function () { let h = 0; for (let i = 0; i < ${n}; i++) h += d.getHours(); return 'idle'; }`,
      );
    const fuelOf = async (n: number) =>
      (await play(reads(n), js(readFileSync('src/games/icy/bots/idle.js', 'utf8')))).replay.turns[1]!.calls[0]!.fuel;
    expect((await fuelOf(200)) - (await fuelOf(100))).toBeGreaterThanOrEqual(100 * ENGINE_HOST_CALL_FUEL);
  }, 60_000);
});
