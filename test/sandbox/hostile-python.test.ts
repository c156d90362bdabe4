import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/sandbox/types.js';
import { HOSTILE_FUEL, HOSTILE_LIMIT_MS, playHostile, type HostileRun } from './hostile-match.js';

/**
 * The Python twins of the hostile bots (issue 18), each a `.py` module played
 * through `umpire match` as a process against `bots/icy/idle.js` at 2e8 fuel a
 * turn. Every one must end in time, exit 0, print a result and record why the
 * bot failed, and the idle side must play exactly as it does against idle.
 */

const SLOW = HOSTILE_LIMIT_MS + 15_000;
const IDLE_ANSWER = "'idle\\nidle\\nidle\\nidle\\n'";
/** What an over-budget or crashed Python call, and a retired bot, record. */
const STOPPED = ['over_budget', 'retired'];

/** idle.js against idle.js through the same command: what blue does against idle children. */
let baseline: HostileRun;
beforeAll(async () => {
  baseline = await playHostile(readFileSync('bots/icy/idle.js', 'utf8'), 'js');
}, SLOW);

function expectFinished(run: HostileRun): void {
  expect(run.exitCode).toBe(0);
  expect(run.ms).toBeLessThan(HOSTILE_LIMIT_MS);
  expect(['red', 'blue', 'draw']).toContain(run.summary.winner);
}

/** 180 turns, and blue's side of every turn, its summary and the game are exactly those against idle.js. */
function expectBlueAsAgainstIdle(run: HostileRun): void {
  expectFinished(run);
  expect(run.summary.turns).toBe(180);
  expect(run.replay.turns).toHaveLength(180);
  expect(run.summary.bots.blue).toEqual(baseline.summary.bots.blue);
  expect(run.summary.winner).toBe(baseline.summary.winner);
  const blueSide = (r: HostileRun) => r.replay.turns.map((t) => ({ call: t.c[1], outcomes: t.o.slice(4), scores: (t as unknown as { s: number[] }).s }));
  expect(blueSide(run)).toEqual(blueSide(baseline));
  const blueAnswers = (r: HostileRun) => r.replay.turns.map((t) => (t as unknown as { a: string[] }).a.slice(4));
  expect(blueAnswers(run)).toEqual(blueAnswers(baseline));
  // The field itself: red's children stood idle, as idle.js's do.
  const keyframes = (r: HostileRun) => (r.replay as unknown as { keyframes: unknown }).keyframes;
  expect(keyframes(run)).toEqual(keyframes(baseline));
}

/** The bot forfeits at load: no turns, blue wins, the reason recorded. */
function expectForfeit(run: HostileRun, code: string, message: RegExp): void {
  expectFinished(run);
  expect(run.summary.bots.red.forfeit).toEqual({ code, message: expect.stringMatching(message) });
  expect(run.summary).toMatchObject({ winner: 'blue', turns: 0 });
  expect(run.summary.bots.blue.forfeit).toBeUndefined();
}

/** Stopped every turn by its fuel: over budget (a trap and a reload, counted as a crash), then retired. */
function expectStoppedEveryTurn(run: HostileRun): void {
  expectBlueAsAgainstIdle(run);
  expect(run.calls.every((c) => STOPPED.includes(c.x ?? 'ok'))).toBe(true);
  const over = run.calls.filter((c) => c.x === 'over_budget');
  expect(over.length).toBeGreaterThan(0);
  expect(over[0]!.d).toMatch(/used up its fuel/);
  // Retired after its reloads: the over-budget calls are the first few, then only `retired`.
  expect(run.calls.findIndex((c) => c.x === 'retired')).toBe(over.length);
  expect(run.summary.bots.red.crashes).toBe(over.length);
  // Every call stopped at its budget, never hours later (the first turn gets the CLI's first-turn budget).
  expect(Math.max(...run.calls.map((c) => c.f))).toBeLessThanOrEqual(2 * 2 * HOSTILE_FUEL);
}

describe('hostile Python bots, through umpire match', () => {
  it('the baseline: an idle Python bot answers every turn, and the game is idle.js’s', async () => {
    const run = await playHostile(`def act(state):\n    return ${IDLE_ANSWER}\n`, 'py');
    expectBlueAsAgainstIdle(run);
    expect(run.calls.every((c) => c.x === undefined && c.f > 0)).toBe(true);
    expect(run.summary.bots.red).toMatchObject({ timeouts: 0, errors: 0, crashes: 0 });
  }, SLOW);

  it('an infinite loop in act: over budget, reloaded, then retired', async () => {
    const run = await playHostile('def act(state):\n    while True:\n        pass\n', 'py');
    expectStoppedEveryTurn(run);
  }, SLOW);

  it('an infinite loop at the top level forfeits the load', async () => {
    const run = await playHostile('while True:\n    pass\ndef act(state):\n    return ""\n', 'py');
    expectForfeit(run, 'BUNDLE_INIT', /top level of the module used up its fuel/);
  }, SLOW);

  it('a memory bomb (a list of big strings, forever) is stopped, and the match goes on', async () => {
    const run = await playHostile("keep = []\ndef act(state):\n    n = 1000\n    while True:\n        keep.append('x' * n + state)\n        n = n * 2 if n < 4000000 else n\n", 'py');
    expectBlueAsAgainstIdle(run);
    // Out of memory (MemoryError, an error) or out of fuel first (over budget): never an answer.
    expect(run.calls.every((c) => ['over_budget', 'retired', 'error', 'crash'].includes(c.x ?? 'ok'))).toBe(true);
    expect(run.calls.some((c) => /MemoryError|used up its fuel/.test(c.d ?? ''))).toBe(true);
  }, SLOW);

  it('deep recursion is a RuntimeError of each call, not a crash', async () => {
    const run = await playHostile('def f(n):\n    return f(n + 1) + 1\ndef act(state):\n    return str(f(0))\n', 'py');
    expectBlueAsAgainstIdle(run);
    expect(run.calls.every((c) => c.x === 'error' && /^RuntimeError: maximum recursion depth exceeded/.test(c.d ?? ''))).toBe(true);
    expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
  }, SLOW);

  it('an output flood that answers: the log is capped, every call answers', async () => {
    const run = await playHostile(`def act(state):\n    for i in range(700):\n        print('spam' * 25)\n    return ${IDLE_ANSWER}\n`, 'py');
    expectBlueAsAgainstIdle(run);
    expect(run.calls.every((c) => c.x === undefined)).toBe(true);
    expect(run.logs.red.length).toBeLessThanOrEqual(DEFAULT_LIMITS.logChars + 100);
    expect(run.logs.red.length).toBeGreaterThanOrEqual(DEFAULT_LIMITS.logChars);
    expect(run.logs.red.startsWith(`${'spam'.repeat(25)}\n`)).toBe(true);
    expect(run.logs.red).toMatch(/log cut/);
  }, SLOW);

  it('an endless output flood: over budget, and the log stays capped', async () => {
    const run = await playHostile("def act(state):\n    while True:\n        print('flood' * 100)\n", 'py');
    expectStoppedEveryTurn(run);
    expect(run.logs.red.length).toBeLessThanOrEqual(DEFAULT_LIMITS.logChars + 100);
    expect(run.logs.red).toMatch(/log cut/);
  }, SLOW);

  it('a raise in act is an error with the exception, every turn', async () => {
    const run = await playHostile("def act(state):\n    raise ValueError('boom')\n", 'py');
    expectBlueAsAgainstIdle(run);
    expect(run.calls.every((c) => c.x === 'error' && /^ValueError: boom/.test(c.d ?? ''))).toBe(true);
    expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
  }, SLOW);

  it('a raise at the top level forfeits the load (BUNDLE_INIT)', async () => {
    const run = await playHostile("raise ValueError('nope')\ndef act(state):\n    return ''\n", 'py');
    expectForfeit(run, 'BUNDLE_INIT', /ValueError: nope/);
  }, SLOW);

  it('a syntax error forfeits the load (BUNDLE_SYNTAX)', async () => {
    const run = await playHostile('def act(state)\n    return 1\n', 'py');
    expectForfeit(run, 'BUNDLE_SYNTAX', /SyntaxError/);
  }, SLOW);

  it.each(['os', 'js', 'sys'])('import %s inside act: the call fails with an ImportError naming it', async (name) => {
    const run = await playHostile(`def act(state):\n    import ${name}\n    return ${IDLE_ANSWER}\n`, 'py');
    expectBlueAsAgainstIdle(run);
    expect(run.calls.every((c) => c.x === 'error' && (c.d ?? '').startsWith(`ImportError: no module named '${name}'`))).toBe(true);
    expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
  }, SLOW);

  it.each(['os', 'js', 'sys'])('import %s at the top level forfeits the load (BUNDLE_INIT), naming it', async (name) => {
    const run = await playHostile(`import ${name}\ndef act(state):\n    return ${IDLE_ANSWER}\n`, 'py');
    expectForfeit(run, 'BUNDLE_INIT', new RegExp(`^ImportError: no module named '${name}'`));
  }, SLOW);

  it('a non-string answer (return 42) is an error naming its type', async () => {
    const run = await playHostile('def act(state):\n    return 42\n', 'py');
    expectBlueAsAgainstIdle(run);
    expect(run.calls.every((c) => c.x === 'error' && c.d === 'act returned an int, not a str')).toBe(true);
    expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
  }, SLOW);
});
