import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../src/sandbox/types.js';
import { ENDLESS_LOAD_FUEL, HOSTILE_LIMIT_MS, playHostile, type HostileRun } from './hostile-match.js';

/**
 * Hostile classic Python programs (stdin/stdout, issue 27), played through
 * `umpire match` against idle.js at 2e8 fuel a turn: each ends in time with
 * the right record, and the other seat plays exactly as against idle.js.
 * Then the escapes a program may try through the compatibility layer.
 */

const SLOW = HOSTILE_LIMIT_MS + 15_000;
const LOG_CUT = '\n[log cut: the bot wrote more than the cap]';
/** A program that answers idle every turn: reads the 41 lines of an Icy state, prints four moves. */
const IDLE_LOOP = 'while True:\n    for _ in range(41):\n        input()\n    print("idle\\nidle\\nidle\\nidle")\n';

let baseline: HostileRun;
beforeAll(async () => {
  baseline = await playHostile(readFileSync('src/games/icy/bots/idle.js', 'utf8'), 'js');
}, SLOW);

/** Red's children were told to idle every turn: the program answered each state in its own turn. */
const redIdledEveryTurn = (run: HostileRun): boolean =>
  run.replay.turns.every((t) => (t as unknown as { a: string[] }).a.slice(0, 4).every((m) => m === 'idle'));

function expectBlueAsAgainstIdle(run: HostileRun): void {
  expect(run.exitCode).toBe(0);
  expect(run.ms).toBeLessThan(HOSTILE_LIMIT_MS);
  expect(run.summary.turns).toBe(180);
  expect(run.summary.bots.blue).toEqual(baseline.summary.bots.blue);
  expect(run.summary.winner).toBe(baseline.summary.winner);
  const blue = (r: HostileRun) =>
    r.replay.turns.map((t) => ({
      call: t.c[1],
      outcomes: t.o.slice(4),
      answers: (t as unknown as { a: string[] }).a.slice(4),
    }));
  expect(blue(run)).toEqual(blue(baseline));
}

describe('hostile Python stdin programs, through umpire match', () => {
  it(
    'the baseline: a program that reads each state and answers idle plays as idle.js',
    async () => {
      const run = await playHostile(IDLE_LOOP, 'py');
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => c.x === undefined)).toBe(true);
      expect(redIdledEveryTurn(run)).toBe(true);
    },
    SLOW,
  );

  it(
    'a program that never reads (an endless loop) forfeits its load on fuel',
    async () => {
      const run = await playHostile('while True:\n    pass\n', 'py', { loadFuel: ENDLESS_LOAD_FUEL });
      expect(run.exitCode).toBe(0);
      expect(run.summary.bots.red.forfeit).toEqual({
        code: 'BUNDLE_INIT',
        message: expect.stringMatching(/used up its fuel/),
      });
      expect(run.summary).toMatchObject({ winner: 'blue', turns: 0 });
    },
    SLOW,
  );

  it(
    'a program that reads once, then loops forever: stopped on fuel, restarted, then retired',
    async () => {
      const run = await playHostile('input()\nwhile True:\n    pass\n', 'py');
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => ['over_budget', 'retired'].includes(c.x ?? 'ok'))).toBe(true);
      expect(run.calls.find((c) => c.x === 'over_budget')?.d).toMatch(/used up its fuel/);
    },
    SLOW,
  );

  it(
    'a program that reads past the end marker blocks there: the match ends as usual',
    async () => {
      const run = await playHostile(
        `${IDLE_LOOP.replace('while True', 'for turn in range(180)')}while True:\n    input()\n`,
        'py',
      );
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => c.x === undefined)).toBe(true);
    },
    SLOW,
  );

  it(
    'megabytes to stdout: each answer is cut at the output limit and paid for; megabytes to stderr: the log is capped',
    async () => {
      const run = await playHostile(
        "import sys\nBIG = 'x' * 1000\nfor i in range(10):\n    BIG = BIG + BIG\nwhile True:\n    for _ in range(41):\n        input()\n    sys.stdout.write(BIG)\n    sys.stderr.write(BIG)\n",
        'py',
      );
      expectBlueAsAgainstIdle(run);
      expect(run.logs.red.endsWith(LOG_CUT)).toBe(true);
      expect(run.logs.red.length).toBeLessThan(DEFAULT_LIMITS.logChars + LOG_CUT.length + 100);
      // Every turn answered with the megabyte cut at the output limit (not a move: played as idle), and paid for.
      expect(run.calls.every((c) => c.x === undefined && c.f > 1_000_000)).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ timeouts: 0, crashes: 0 });
    },
    SLOW,
  );

  it(
    'deep recursion with input() at the bottom: every turn still answered',
    async () => {
      const run = await playHostile(
        'def deep(n):\n    return deep(n - 1) if n else input()\nwhile True:\n    for _ in range(41):\n        deep(100)\n    print("idle\\nidle\\nidle\\nidle")\n',
        'py',
      );
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => c.x === undefined)).toBe(true);
      expect(redIdledEveryTurn(run)).toBe(true);
    },
    SLOW,
  );

  it(
    'recursion past the interpreter limit inside input(): a RuntimeError that ends the program, not the match',
    async () => {
      const run = await playHostile('def deep(n):\n    return deep(n + 1) if n < 10**6 else input()\ndeep(0)\n', 'py');
      expect(run.exitCode).toBe(0);
      expect(run.summary.bots.red.forfeit).toEqual({
        code: 'BUNDLE_INIT',
        message: expect.stringMatching(/RuntimeError|too deep/),
      });
    },
    SLOW,
  );
});

/** Runs a program's first turn with `stdin` and returns what it printed. */
async function firstAnswer(code: string, stdin = '\n'): Promise<string> {
  const loaded = await nodeBotLoader({ kind: 'py', code }, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e10 });
  if (!loaded.ok) throw new Error(`${loaded.failure.code}: ${loaded.failure.message}`);
  const r = await loaded.bot.act(stdin, { fuel: 1e10 });
  return r.output ?? `${r.failure}: ${r.detail}`;
}

describe('escapes through the compatibility layer', () => {
  const attempt = (expr: string) =>
    `import sys\ntry:\n    r = ${expr}\n    print("reached", repr(r)[:60])\nexcept Exception as e:\n    print("refused", type(e).__name__)\n`;

  it.each([
    ['the real sys modules', 'sys.modules'],
    ['settrace', 'sys.settrace'],
    ['atexit', 'sys.atexit'],
    ['print_exception', 'sys.print_exception'],
    ['the path', 'sys.path'],
    ['js through __import__', '__import__("js")'],
    ['jsffi', '__import__("jsffi")'],
    ['os', '__import__("os")'],
    ['builtins', '__import__("builtins")'],
    ['a relative import', '__import__("sys", None, None, (), 1)'],
    ['the module the layer extends', '__import__("collections")._base'],
    ['the streams handed to sys', 'sys._streams'],
    ['import inside exec', 'exec("import os")'],
    ['the importer through its globals', '__import__.__globals__["real"]'],
    ['the setup through its globals', '__import__.__globals__["setup"]'],
    ['a closure of the stdin reader', 'sys.stdin.readline.__closure__'],
  ])('%s is refused', async (_, expr) => {
    expect(await firstAnswer(attempt(expr))).toMatch(
      /^refused (AttributeError|ImportError|KeyError|TypeError|NameError)\n$/,
    );
  });

  it('the importer globals hold nothing of the host', async () => {
    expect(await firstAnswer('print(sorted(__import__.__globals__.keys()))')).toBe('[]\n');
  });
});
