import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/sandbox/types.js';
import { ENDLESS_LOAD_FUEL, HOSTILE_FUEL, HOSTILE_LIMIT_MS, playHostile, type HostileRun } from './hostile-match.js';

/**
 * The Python twins of the hostile bots (issue 18), each a `.py` module played
 * through `umpire match` as a process against `src/games/icy/bots/idle.js` at 2e8 fuel a
 * turn. Every one must end in time, exit 0, print a result and record why the
 * bot failed, and the idle side must play exactly as it does against idle.
 */

const SLOW = HOSTILE_LIMIT_MS + 15_000;
const IDLE_ANSWER = "'idle\\nidle\\nidle\\nidle\\n'";
/** What the bot's log ends with once it reaches the cap. */
const LOG_CUT = '\n[log cut: the bot wrote more than the cap]';
/** The CLI's budgets at `--fuel HOSTILE_FUEL`: the first turn gets twice a turn's. */
const FIRST_TURN_FUEL = 2 * HOSTILE_FUEL;
/** Why a call whose nested calls outgrew the interpreter's stack stopped (py-bot.ts). */
const TOO_DEEP = "nested calls too deep for the interpreter's stack; reloaded next turn";
/** Python that makes BIG, a str of 1000 × 2^13 bytes (8 MB), cheaply. */
const BIG_8MB = "BIG = 'x' * 1000\nfor i in range(13):\n    BIG = BIG + BIG\n";
/** What an over-budget or crashed Python call, and a retired bot, record. */
const STOPPED = ['over_budget', 'retired'];

/** idle.js against idle.js through the same command: what blue does against idle children. */
let baseline: HostileRun;
beforeAll(async () => {
  baseline = await playHostile(readFileSync('src/games/icy/bots/idle.js', 'utf8'), 'js');
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
  const blueSide = (r: HostileRun) =>
    r.replay.turns.map((t) => ({ call: t.c[1], outcomes: t.o.slice(4), scores: (t as unknown as { s: number[] }).s }));
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
  it(
    'the baseline: an idle Python bot answers every turn, and the game is idle.js’s',
    async () => {
      const run = await playHostile(`def act(state):\n    return ${IDLE_ANSWER}\n`, 'py');
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => c.x === undefined && c.f > 0)).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ timeouts: 0, errors: 0, crashes: 0 });
    },
    SLOW,
  );

  it(
    'an infinite loop in act: over budget, reloaded, then retired',
    async () => {
      const run = await playHostile('def act(state):\n    while True:\n        pass\n', 'py');
      expectStoppedEveryTurn(run);
    },
    SLOW,
  );

  it(
    'an infinite loop at the top level forfeits the load',
    async () => {
      const run = await playHostile('while True:\n    pass\ndef act(state):\n    return ""\n', 'py', {
        loadFuel: ENDLESS_LOAD_FUEL,
      });
      expectForfeit(run, 'BUNDLE_INIT', /top level of the module used up its fuel/);
      // The load budget the command was given (`--load-fuel`), in the replay's manifest.
      expect(run.replay.manifest.budgets.loadFuel).toBe(ENDLESS_LOAD_FUEL);
    },
    SLOW,
  );

  it(
    'a memory bomb (a list of big strings, forever) is stopped, and the match goes on',
    async () => {
      const run = await playHostile(
        "keep = []\ndef act(state):\n    n = 1000\n    while True:\n        keep.append('x' * n + state)\n        n = n * 2 if n < 4000000 else n\n",
        'py',
      );
      expectBlueAsAgainstIdle(run);
      // Out of memory (MemoryError, an error) or out of fuel first (over budget): never an answer.
      expect(run.calls.every((c) => ['over_budget', 'retired', 'error', 'crash'].includes(c.x ?? 'ok'))).toBe(true);
      expect(run.calls.some((c) => /MemoryError|used up its fuel/.test(c.d ?? ''))).toBe(true);
    },
    SLOW,
  );

  it(
    'deep recursion is a RuntimeError of each call, not a crash',
    async () => {
      const run = await playHostile(
        'def f(n):\n    return f(n + 1) + 1\ndef act(state):\n    return str(f(0))\n',
        'py',
      );
      expectBlueAsAgainstIdle(run);
      expect(
        run.calls.every((c) => c.x === 'error' && /^RuntimeError: maximum recursion depth exceeded/.test(c.d ?? '')),
      ).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
    },
    SLOW,
  );

  it(
    'an output flood that answers: the log is capped, every call answers',
    async () => {
      const run = await playHostile(
        `def act(state):\n    for i in range(700):\n        print('spam' * 25)\n    return ${IDLE_ANSWER}\n`,
        'py',
      );
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => c.x === undefined)).toBe(true);
      expect(run.logs.red.length).toBeLessThanOrEqual(DEFAULT_LIMITS.logChars + 100);
      expect(run.logs.red.length).toBeGreaterThanOrEqual(DEFAULT_LIMITS.logChars);
      expect(run.logs.red.startsWith(`${'spam'.repeat(25)}\n`)).toBe(true);
      expect(run.logs.red).toMatch(/log cut/);
    },
    SLOW,
  );

  it(
    'an endless output flood: over budget, and the log stays capped',
    async () => {
      const run = await playHostile("def act(state):\n    while True:\n        print('flood' * 100)\n", 'py');
      expectStoppedEveryTurn(run);
      expect(run.logs.red.length).toBeLessThanOrEqual(DEFAULT_LIMITS.logChars + 100);
      expect(run.logs.red).toMatch(/log cut/);
    },
    SLOW,
  );

  it(
    'a raise in act is an error with the exception, every turn',
    async () => {
      const run = await playHostile("def act(state):\n    raise ValueError('boom')\n", 'py');
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => c.x === 'error' && /^ValueError: boom/.test(c.d ?? ''))).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
    },
    SLOW,
  );

  it(
    'a raise at the top level forfeits the load (BUNDLE_INIT)',
    async () => {
      const run = await playHostile("raise ValueError('nope')\ndef act(state):\n    return ''\n", 'py');
      expectForfeit(run, 'BUNDLE_INIT', /ValueError: nope/);
    },
    SLOW,
  );

  it(
    'a syntax error forfeits the load (BUNDLE_SYNTAX)',
    async () => {
      const run = await playHostile('def act(state)\n    return 1\n', 'py');
      expectForfeit(run, 'BUNDLE_SYNTAX', /SyntaxError/);
    },
    SLOW,
  );

  it(
    'printing an 8 MB string forever is paid by the byte: over budget within a few prints, the log capped',
    async () => {
      // Each print was one flat host call while the host decoded all 8 MB: a call of 2e8 fuel (8 ms) ran for minutes.
      const run = await playHostile(`${BIG_8MB}def act(state):\n    while True:\n        print(BIG)\n`, 'py');
      expectStoppedEveryTurn(run);
      expect(run.calls.filter((c) => c.x === 'over_budget').map((c) => c.f)).toEqual([
        FIRST_TURN_FUEL,
        HOSTILE_FUEL,
        HOSTILE_FUEL,
        HOSTILE_FUEL,
      ]);
      expect(run.logs.red).toBe('x'.repeat(DEFAULT_LIMITS.logChars) + LOG_CUT);
    },
    SLOW,
  );

  it(
    'printing an 8 MB string once the log is full: paid for and dropped unread, never decoded',
    async () => {
      const fill = "print(('f' * 1000) * 70)\n";
      const run = await playHostile(`${BIG_8MB}${fill}def act(state):\n    while True:\n        print(BIG)\n`, 'py');
      expectStoppedEveryTurn(run);
      // The log is the top level's print, cut: not a byte of what act printed.
      expect(run.logs.red).toBe('f'.repeat(DEFAULT_LIMITS.logChars) + LOG_CUT);
    },
    SLOW,
  );

  it(
    'an exception with a 128 KB message: an error each turn, read at its two ends, its detail cut to 300 characters',
    async () => {
      const big = "BIG = 'x' * 1000\nfor i in range(7):\n    BIG = BIG + BIG\n";
      const run = await playHostile(`${big}def act(state):\n    raise ValueError(BIG)\n`, 'py');
      expectBlueAsAgainstIdle(run);
      const detail = `ValueError: ${'x'.repeat(300 - 'ValueError: '.length)}... (File "bot.py", line 5, in act)`;
      expect(run.calls.every((c) => c.x === 'error' && c.d === detail)).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
    },
    SLOW,
  );

  /** Each bot tries `attempt` in act (after `prefix` at the top level) and answers what it got, if it got through. */
  const RELATIVE = 'ImportError: relative imports are not allowed in the sandbox: import a module by its full name';
  it.each([
    [
      '__import__ with forged globals, level 1',
      '',
      "__import__('collections', {'__name__': 'js.x', '__package__': 'js'}, None, ('x',), 1)",
    ],
    ['level as a keyword', '', "__import__('collections', level=1)"],
    [
      'every argument as a keyword',
      '',
      "__import__(name='collections', globals={'__name__': 'js.x', '__path__': ['js']}, locals=None, fromlist=('x',), level=1)",
    ],
    [
      'arguments unpacked from * and **, level 2',
      '',
      "__import__(*('collections', None, None, ('x',)), **{'level': 2})",
    ],
    ['level True', '', "__import__('collections', None, None, ('x',), True)"],
    ['level an int subclass', 'class L(int):\n    pass\n', "__import__('collections', None, None, ('x',), L(1))"],
    [
      'from . import, with the module’s __name__, __package__ and __path__ forged',
      "__name__ = 'js.x'\n__package__ = 'js'\n__path__ = ['js']\n",
      'from . import document',
    ],
    ['from .collections import, under js', "__name__ = 'js.x'\n__path__ = 'js'\n", 'from .collections import deque'],
    [
      'from ..json import, two levels up, under os',
      "__name__ = 'os.a.b'\n__path__ = 'os'\n",
      'from ..json import loads',
    ],
    [
      'a relative import in exec, with forged globals',
      '',
      "exec('from .collections import deque', {'__name__': 'js.x', '__package__': 'js', '__path__': ['js']})",
    ],
    [
      'the guard’s builtins rebound in the bot’s globals',
      "type = lambda x: int\nint = object\nstr = object\nImportError = None\n__name__ = 'js.x'\n__path__ = 'js'\n",
      'from .collections import deque',
    ],
  ])(
    'a relative import is refused, every call: %s',
    async (_, prefix, attempt) => {
      const statement = /^(from|exec)/.test(attempt);
      const body = statement ? `    ${attempt}\n    return 'got through'\n` : `    return repr(${attempt})\n`;
      const run = await playHostile(`${prefix}def act(state):\n${body}`, 'py');
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => c.x === 'error' && (c.d ?? '').startsWith(RELATIVE))).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
    },
    SLOW,
  );

  /** Plays the bot twice: the same replay both times (as JSON, key for key), and the first run. */
  async function playTwice(code: string): Promise<HostileRun> {
    const a = await playHostile(code, 'py');
    const b = await playHostile(code, 'py');
    expect(JSON.stringify(b.replay)).toBe(JSON.stringify(a.replay));
    expect(b.summary).toEqual(a.summary);
    return a;
  }

  it.each([
    [
      'Python recursion',
      'def f(n):\n    return f(n + 1)\ndef act(state):\n    return str(f(0))\n',
      /^RuntimeError: maximum recursion depth exceeded/,
    ],
    [
      'repr through __repr__ methods, 100,000 deep',
      "class N:\n    def __init__(self, c):\n        self.c = c\n    def __repr__(self):\n        return 'N(' + repr(self.c) + ')'\nX = None\nfor i in range(100000):\n    X = N(X)\ndef act(state):\n    return repr(X)\n",
      /^RuntimeError: maximum recursion depth exceeded/,
    ],
    [
      "json.loads of 10,000 '['",
      "import json\ndef act(state):\n    return str(json.loads('[' * 10000))\n",
      /^ValueError: syntax error in JSON/,
    ],
  ])(
    '%s ends inside MicroPython’s own limits: an error each call, the same replay twice',
    async (_, code, reason) => {
      const run = await playTwice(code);
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => c.x === 'error' && reason.test(c.d ?? ''))).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
    },
    2 * SLOW,
  );

  it(
    "json.loads of 100,000 '[': a ValueError, or out of fuel (about a turn's 2e8), never a crash; the same replay twice",
    async () => {
      // MicroPython's JSON parser keeps its nesting on the heap: no native stack to outgrow, whatever the depth.
      const run = await playTwice("import json\ndef act(state):\n    return str(json.loads('[' * 100000))\n");
      expectBlueAsAgainstIdle(run);
      const ended = (c: { x?: string; d?: string }) =>
        (c.x === 'error' && /^ValueError: syntax error in JSON/.test(c.d ?? '')) ||
        c.x === 'over_budget' ||
        c.x === 'retired';
      expect(run.calls.every(ended)).toBe(true);
    },
    2 * SLOW,
  );

  it.each([
    [
      'comparing two 100,000-deep lists',
      'X = []\nY = []\nfor i in range(100000):\n    X = [X]\n    Y = [Y]\ndef act(state):\n    return str(X == Y)\n',
    ],
    [
      'hashing a 100,000-deep tuple',
      'X = ()\nfor i in range(100000):\n    X = (X,)\ndef act(state):\n    return str(hash(X))\n',
    ],
    [
      'the re backtracker on a 100,000-character match',
      "import re\ndef act(state):\n    return str(re.match('(a|a)*c', 'a' * 100000))\n",
    ],
  ])(
    '%s outgrows the stack: a crash charged its whole budget, then retired, the same replay twice',
    async (_, code) => {
      // MicroPython does not check the depth of this C recursion: where V8's stack ended depended on the thread and tier.
      const run = await playTwice(code);
      expectBlueAsAgainstIdle(run);
      expect(run.calls.slice(0, 4)).toEqual([
        { f: FIRST_TURN_FUEL, x: 'crash', d: TOO_DEEP },
        { f: HOSTILE_FUEL, x: 'crash', d: TOO_DEEP },
        { f: HOSTILE_FUEL, x: 'crash', d: TOO_DEEP },
        { f: HOSTILE_FUEL, x: 'crash', d: TOO_DEEP },
      ]);
      expect(run.calls.slice(4).every((c) => c.x === 'retired' && c.f === 0)).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ crashes: 4 });
    },
    2 * SLOW,
  );

  it.each(['os', 'js', 'usys', 'importlib'])(
    'import %s inside act: the call fails with an ImportError naming it',
    async (name) => {
      const run = await playHostile(`def act(state):\n    import ${name}\n    return ${IDLE_ANSWER}\n`, 'py');
      expectBlueAsAgainstIdle(run);
      expect(
        run.calls.every((c) => c.x === 'error' && (c.d ?? '').startsWith(`ImportError: no module named '${name}'`)),
      ).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
    },
    SLOW,
  );

  it.each(['os', 'js', 'usys', 'importlib'])(
    'import %s at the top level forfeits the load (BUNDLE_INIT), naming it',
    async (name) => {
      const run = await playHostile(`import ${name}\ndef act(state):\n    return ${IDLE_ANSWER}\n`, 'py');
      expectForfeit(run, 'BUNDLE_INIT', new RegExp(`^ImportError: no module named '${name}'`));
    },
    SLOW,
  );

  it(
    'a non-string answer (return 42) is an error naming its type',
    async () => {
      const run = await playHostile('def act(state):\n    return 42\n', 'py');
      expectBlueAsAgainstIdle(run);
      expect(run.calls.every((c) => c.x === 'error' && c.d === 'act returned an int, not a str')).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ errors: 180, crashes: 0 });
    },
    SLOW,
  );
});
