import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, encodeView, initialState, ruleSet } from '../../src/games/icy/index.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { DEFAULT_LIMITS, type Bot, type BotLimits } from '../../src/sandbox/types.js';

/**
 * Issue 27: a Python bot without `act` is a classic stdin/stdout program,
 * suspended (JSPI) where it reads stdin until the next turn's text arrives;
 * what it prints meanwhile is the turn's answer. And Python errors name the
 * player's file and line, in both styles.
 */

const TURN = { fuel: 1e9 };

async function load(code: string, limits: Partial<BotLimits> = {}): Promise<Bot> {
  const loaded = await nodeBotLoader(
    { kind: 'py', code },
    { limits: { ...DEFAULT_LIMITS, ...limits }, seed: 1, loadFuel: 1e10 },
  );
  if (!loaded.ok) throw new Error(`${loaded.failure.code}: ${loaded.failure.message}`);
  return loaded.bot;
}

async function failure(code: string) {
  const loaded = await nodeBotLoader({ kind: 'py', code }, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e10 });
  if (loaded.ok) throw new Error('the bot loaded');
  return loaded.failure;
}

async function turns(code: string, inputs: readonly string[]) {
  const bot = await load(code);
  const out = [];
  for (const input of inputs) out.push(await bot.act(input, TURN));
  return { bot, out };
}

describe('a Python program that reads stdin', () => {
  it.each([
    ['input()', 'while True:\n    line = input()\n    print("got", line)\n'],
    [
      'sys.stdin.readline()',
      'import sys\nwhile True:\n    line = sys.stdin.readline().strip()\n    print("got", line)\n',
    ],
    ['for line in sys.stdin', 'import sys\nfor line in sys.stdin:\n    sys.stdout.write("got " + line)\n'],
    ['sys.stdin.read(n)', 'import sys\nwhile True:\n    sys.stdout.write("got " + sys.stdin.read(4))\n'],
  ])('answers each turn once it waits for the next (%s)', async (_, code) => {
    const { bot, out } = await turns(code, ['abc\n', 'd f\n', 'xyz\n']);
    expect(out.map((r) => r.output)).toEqual(['got abc\n', 'got d f\n', 'got xyz\n']);
    expect(out.every((r) => r.failure === undefined && r.fuel > 0)).toBe(true);
    bot.dispose();
  });

  it('reads a turn of many lines in one go, and stays blocked mid-line until the rest arrives', async () => {
    const code =
      'import sys\nwhile True:\n    a = input()\n    b = sys.stdin.readline()\n    print(a + "|" + b.strip(), flush=True)\n';
    const { out } = await turns(code, ['1\n2\n', '3\n', '4\n', 'par', 'tial\n']);
    expect(out.map((r) => r.output)).toEqual(['1|2\n', '', '3|4\n', '', '']);
    const { out: more } = await turns(code, ['a\nb', 'c\n']);
    expect(more.map((r) => r.output)).toEqual(['', 'a|bc\n']);
  });

  it('sends stderr to the log, and what it prints before the first turn to the first answer', async () => {
    const { bot, out } = await turns(
      'import sys\nprint("hello")\nwhile True:\n    print("thinking", file=sys.stderr)\n    sys.stderr.write("x\\n")\n    print(input().upper())\n',
      ['a\n', 'b\n'],
    );
    expect(out.map((r) => r.output)).toEqual(['hello\nA\n', 'B\n']);
    expect(bot.log()).toBe('thinking\nx\nthinking\nx\nthinking\nx\n');
  });

  it('a module without act that ends before its first turn, printing nothing, is refused as before', async () => {
    expect(await failure('x = 1\n')).toMatchObject({ code: 'BUNDLE_NO_ENTRY' });
  });

  it('a program that ends gives its last answer, then is a crash and restarts, as a WASI program', async () => {
    const { out } = await turns('n = int(input())\nprint(n * 2)\n', ['21\n', '5\n', '6\n']);
    expect(out[0]).toMatchObject({ output: '42\n' });
    expect(out[1]).toMatchObject({ failure: 'crash', detail: expect.stringContaining('the program has exited') });
    // Reloaded: the program runs again from its start.
    expect(out[2]).toMatchObject({ output: '12\n' });
  });

  it('sys.exit() ends the program as an end does', async () => {
    const { out } = await turns('import sys\nprint(input())\nsys.exit(0)\n', ['a\n', 'b\n']);
    expect(out[0]).toMatchObject({ output: 'a\n' });
    expect(out[1]).toMatchObject({ failure: 'crash', detail: expect.stringContaining('exited') });
  });

  it('is sent the end marker and may read past it: the match is over, nothing breaks', async () => {
    const bot = await load('while True:\n    t = input()\n    print("seen", t)\n');
    expect((await bot.act('-1\n', TURN)).output).toBe('seen -1\n');
    expect((await bot.act('', TURN)).output).toBe('');
    expect(bot.stdio).toBe(true);
    expect((await load('def act(s):\n    return s\n')).stdio).toBe(false);
  });

  it('its random is seeded from the seat: the same draws for the same seed', async () => {
    const code = 'import random\nwhile True:\n    input()\n    print(random.randint(1, 10**9))\n';
    const a = await turns(code, ['\n', '\n']);
    const b = await turns(code, ['\n', '\n']);
    expect(a.out.map((r) => r.output)).toEqual(b.out.map((r) => r.output));
  });
});

describe('the classic example of docs/bots/python.md', () => {
  it('reads whole Icy states, answers idle, logs each turn, and stops at the end marker', async () => {
    const doc = readFileSync('docs/bots/python.md', 'utf8');
    const example = doc.slice(
      doc.indexOf('```python\n') + '```python\n'.length,
      doc.indexOf('```', doc.indexOf('```python\n') + 10),
    );
    expect(example).toContain('input()');
    const view = encodeView(initialState(DEFAULT_MAP), 0, ruleSet('queue2011'));
    const { bot, out } = await turns(example, [view, view, '-1\n']);
    expect(out.slice(0, 2).map((r) => r.output)).toEqual(['idle\nidle\nidle\nidle\n', 'idle\nidle\nidle\nidle\n']);
    expect(out[2]).toMatchObject({ output: '' });
    expect(bot.log()).toBe('turn 0 done\nturn 0 done\n');
  });
});

describe('without JavaScript Promise Integration (as on Node 22)', () => {
  it('a stdin program is refused at load with a typed error; an act module still loads', async () => {
    const wasm = WebAssembly as unknown as Record<string, unknown>;
    const suspending = wasm.Suspending;
    wasm.Suspending = undefined;
    try {
      const f = await failure('print(input())\n');
      expect(f).toMatchObject({
        code: 'BUNDLE_INVALID',
        message: expect.stringMatching(/JavaScript Promise Integration/),
      });
      expect((await (await load('def act(s):\n    return s\n')).act('hi', TURN)).output).toBe('hi');
    } finally {
      wasm.Suspending = suspending;
    }
  });
});

describe('Python errors name the player file and line', () => {
  const NAME_ERROR = "NameError: name 'x' isn't defined";

  it('act style, at load: line 3', async () => {
    const f = await failure('import math\n\ny = x + 1\ndef act(s):\n    return s\n');
    expect(f).toMatchObject({ code: 'BUNDLE_INIT' });
    expect(f.message).toBe(`${NAME_ERROR} (File "bot.py", line 3, in <module>)`);
  });

  it('act style, inside act at run time: line 3', async () => {
    const bot = await load('def act(s):\n    y = 1\n    return x\n');
    const r = await bot.act('state\n', TURN);
    expect(r).toMatchObject({ failure: 'error', detail: `${NAME_ERROR} (File "bot.py", line 3, in act)` });
  });

  it('stdin style: line 3, and the whole traceback in the log as CPython prints it', async () => {
    const { bot, out } = await turns('def f():\n    input()\n    return x\nf()\n', ['go\n']);
    expect(out[0]).toMatchObject({ failure: 'crash' });
    expect(out[0]!.detail).toMatch(new RegExp(`^${NAME_ERROR} \\(File "bot\\.py", line 3, in f\\)`));
    expect(bot.log()).toBe(
      `Traceback (most recent call last):\n  File "bot.py", line 4, in <module>\n  File "bot.py", line 3, in f\n${NAME_ERROR}\n`,
    );
  });

  it('a failing import is reported at the line of the import, not in the sandbox', async () => {
    const f = await failure('\nimport os\n');
    expect(f.message).toMatch(
      /^ImportError: no module named 'os' in the sandbox .*\(File "bot.py", line 2, in <module>\)$/,
    );
  });

  it('an error inside a compatibility module still points at the player line that called it', async () => {
    const f = await failure('from functools import reduce\n\nreduce(lambda a, b: a, [])\n');
    expect(f.message).toMatch(/^TypeError: reduce\(\) of empty iterable.*\(File "bot.py", line 3, in <module>\)$/);
  });
});
