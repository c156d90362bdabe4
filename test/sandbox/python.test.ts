import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEFAULT_MAP, encodeView, initialState, ruleSet } from '../../src/games/icy/index.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { FUEL_PER_MS, fuelPerMs, PYTHON_INSTRUCTIONS_PER_MS, VIRTUAL_EPOCH_MS } from '../../src/sandbox/policy.js';
import { ALLOWED_MODULES } from '../../src/sandbox/python/prelude.js';
import { PYTHON_HOST_BYTE_FUEL } from '../../src/sandbox/python/py-bot.js';
import { HOST_BYTE_FUEL } from '../../src/sandbox/wasm/host-call-fuel.js';
import { DEFAULT_LIMITS, type Bot, type BotLimits, type CallResult } from '../../src/sandbox/types.js';

/**
 * Python bots (issue 18) through the Node loader: a `.py` bundle runs in
 * MicroPython, fuel-metered, with a seeded `random`, a virtual clock, a capped
 * log and memory, and only the pure modules of the allow-list.
 */

const BUDGET = { fuel: 200_000_000 };
/** For calls that must not run out: printing and allocating cost fuel. */
const BIG = { fuel: 1e11 };
/** A real 3 KB player input (2,937 characters) (the Icy start position). */
const VIEW = encodeView(initialState(DEFAULT_MAP), 0, ruleSet('queue2011'));
/** What the bot writes when its log reaches the cap. */
const LOG_CUT = '\n[log cut: the bot wrote more than the cap]';

async function load(
  code: string,
  options: { seed?: number; limits?: Partial<BotLimits>; loadFuel?: number } = {},
): Promise<Bot> {
  const loaded = await nodeBotLoader(
    { kind: 'py', code },
    { limits: { ...DEFAULT_LIMITS, ...options.limits }, seed: options.seed ?? 1, loadFuel: options.loadFuel ?? 1e9 },
  );
  if (!loaded.ok) throw new Error(`the bot did not load: ${loaded.failure.code}: ${loaded.failure.message}`);
  return loaded.bot;
}

/** Loads the bot and calls it once per input; every call must answer. */
async function answers(
  code: string,
  inputs: readonly string[],
  options?: Parameters<typeof load>[1],
): Promise<string[]> {
  const bot = await load(code, options);
  const out: string[] = [];
  for (const input of inputs) {
    const r = await bot.act(input, BUDGET);
    expect(r.failure, r.detail).toBeUndefined();
    out.push(r.output!);
  }
  bot.dispose();
  return out;
}

/** A bot whose act returns the repr of `expression`, or the exception's repr. */
const probe = (expression: string, prefix = '') => `${prefix}
def act(s):
    try:
        return repr(${expression})
    except Exception as e:
        return 'raised ' + repr(e)
`;

describe('Python bots: the module and its globals', () => {
  it('runs the top level once and keeps globals between turns', async () => {
    const code = `
loads = []
loads.append('top')
calls = 0
def act(state):
    global calls
    calls += 1
    return str(calls) + ':' + str(len(loads)) + ':' + state
`;
    expect(await answers(code, ['a', 'b', 'c'])).toEqual(['1:1:a', '2:1:b', '3:1:c']);
  });

  it('reads the full 3 KB input and answers what act returns', async () => {
    expect(VIEW.length).toBeGreaterThan(2900);
    const [out] = await answers('def act(s):\n    return str(len(s)) + s[:5]\n', [VIEW]);
    expect(out).toBe(`${VIEW.length}${VIEW.slice(0, 5)}`);
  });

  it('a module without act does not load', async () => {
    const loaded = await nodeBotLoader(
      { kind: 'py', code: 'x = 1\n' },
      { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e9 },
    );
    expect(loaded).toMatchObject({ ok: false, failure: { code: 'BUNDLE_NO_ENTRY' } });
  });
});

describe('Python bots: random and time', () => {
  const draws = `
import random
first = random.getrandbits(30)
def act(s):
    return '%d %d %f %d' % (first, random.getrandbits(30), random.random(), random.randint(0, 1000000))
`;

  it('random is seeded from the seat seed: the same seed draws the same numbers, another seed others', async () => {
    const a = await answers(draws, ['x', 'y', 'z'], { seed: 5 });
    const b = await answers(draws, ['x', 'y', 'z'], { seed: 5 });
    const c = await answers(draws, ['x', 'y', 'z'], { seed: 6 });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    // Different on every draw, not one constant.
    expect(new Set(a).size).toBe(3);
    expect(c.every((line, i) => line !== a[i])).toBe(true);
  });

  it('time.time() and time.ticks_ms() are the virtual clock: a fixed epoch, one second a turn, plus fuel used', async () => {
    const code = `
import time
T0 = time.time()
def act(s):
    t = time.time()
    a = time.ticks_ms()
    x = 0
    for i in range(20000):
        x += i
    b = time.ticks_ms()
    return '%d %d %d %d' % (T0, t, a, time.ticks_diff(b, a))
`;
    const bot = await load(code);
    const calls: CallResult[] = [];
    for (let i = 0; i < 3; i++) calls.push(await bot.act('x', BIG));
    const again = await load(code);
    for (let i = 0; i < 3; i++) expect((await again.act('x', BIG)).output).toBe(calls[i]!.output);
    const rows = calls.map((c) => c.output!.split(' ').map(Number));
    const epoch = VIRTUAL_EPOCH_MS / 1000;
    rows.forEach(([t0, t, a, diff], turn) => {
      expect(t0).toBe(epoch);
      expect(t).toBe(epoch + turn + 1);
      // ticks_ms counts from the virtual epoch: the turn's second, plus less than a millisecond of fuel so far.
      expect(a).toBe((turn + 1) * 1000);
      // The loop's fuel moves the clock: about fuel / fuelPerMs milliseconds.
      const fuel = calls[turn]!.fuel;
      expect(diff).toBeGreaterThanOrEqual(1);
      expect(diff).toBeLessThanOrEqual(Math.ceil(fuel / fuelPerMs()));
    });
  });
});

describe('Python bots: the log and the answer', () => {
  it('print goes to the bot log', async () => {
    const bot = await load("def act(s):\n    print('turn', s)\n    print('second', 2, end='!\\n')\n    return ''\n");
    await bot.act('a', BUDGET);
    await bot.act('b', BUDGET);
    expect(bot.log()).toBe('turn a\nsecond 2!\nturn b\nsecond 2!\n');
  });

  it('the log is cut at DEFAULT_LIMITS.logChars, with one note, and the bot goes on', async () => {
    const bot = await load(
      "def act(s):\n    for i in range(1000):\n        print('0123456789' * 3)\n    return 'ok'\n",
    );
    for (let i = 0; i < 3; i++) expect((await bot.act('x', BIG)).output).toBe('ok');
    const log = bot.log();
    expect(log.length).toBe(DEFAULT_LIMITS.logChars + LOG_CUT.length);
    expect(log.endsWith(LOG_CUT)).toBe(true);
    expect(log.slice(0, 31)).toBe('012345678901234567890123456789\n');
  });

  it('a smaller log limit holds too', async () => {
    const bot = await load("def act(s):\n    print('x' * 500)\n    return 'ok'\n", { limits: { logChars: 100 } });
    await bot.act('x', BUDGET);
    await bot.act('x', BUDGET);
    expect(bot.log()).toBe('x'.repeat(100) + LOG_CUT);
  });

  it('an answer longer than limits.outputChars is cut and marked truncated', async () => {
    const bot = await load("def act(s):\n    return 'y' * (int(s) + 100)\n");
    const long = await bot.act(String(DEFAULT_LIMITS.outputChars), BUDGET);
    expect(long).toMatchObject({ output: 'y'.repeat(DEFAULT_LIMITS.outputChars), truncated: true });
    const exact = await bot.act(String(DEFAULT_LIMITS.outputChars - 100), BUDGET);
    expect(exact.output).toHaveLength(DEFAULT_LIMITS.outputChars);
    expect(exact.truncated).toBeFalsy();
    const small = await load("def act(s):\n    return 'abcdefghijklmnop'\n", { limits: { outputChars: 10 } });
    expect(await small.act('x', BUDGET)).toMatchObject({ output: 'abcdefghij', truncated: true });
  });

  it('an answer that is not a str is an error naming its type', async () => {
    const bot = await load("def act(s):\n    return {'a': None, 'b': 42, 'c': 1.5, 'd': True}[s]\n");
    const details = [];
    for (const k of ['a', 'b', 'c', 'd']) {
      const r = await bot.act(k, BUDGET);
      expect(r).toMatchObject({ output: null, failure: 'error' });
      details.push(r.detail);
    }
    expect(details).toEqual([
      'act returned None, not a str',
      'act returned an int, not a str',
      'act returned a float, not a str',
      'act returned a bool, not a str',
    ]);
    expect(bot.crashes).toBe(0);
  });
});

/** Runs `body` counting the bytes every TextDecoder in this thread is given to decode. */
async function decodedBytes(body: () => Promise<void>): Promise<number> {
  const decode = TextDecoder.prototype.decode;
  let bytes = 0;
  TextDecoder.prototype.decode = function (
    this: TextDecoder,
    input?: AllowSharedBufferSource,
    options?: TextDecodeOptions,
  ) {
    bytes += input?.byteLength ?? 0;
    return decode.call(this, input, options);
  };
  try {
    await body();
  } finally {
    TextDecoder.prototype.decode = decode;
  }
  return bytes;
}

describe('Python bots: what the host reads is paid for by the byte, and bounded', () => {
  /** Enough for a top level that builds strings of megabytes. */
  const LOAD_BIG = { loadFuel: 1e11 };
  /** Prints one of two prebuilt strings, 1 byte or 100,001, with no newline: the same instructions either way. */
  const printer =
    "SMALL = 'x'\nBIG = 'x' * 100001\ndef act(s):\n    print(BIG if s == 'big' else SMALL, end='')\n    return ''\n";
  /** The fuel 100,000 more printed bytes cost: PYTHON_HOST_BYTE_FUEL instructions each, in everyone's fuel. */
  const PER_100K = (100_000 * PYTHON_HOST_BYTE_FUEL * FUEL_PER_MS) / PYTHON_INSTRUCTIONS_PER_MS;

  it('the price is the WebAssembly harness’s HOST_BYTE_FUEL in the interpreter’s instructions', () => {
    expect(PYTHON_HOST_BYTE_FUEL).toBe(20);
    expect((PYTHON_HOST_BYTE_FUEL * FUEL_PER_MS) / PYTHON_INSTRUCTIONS_PER_MS).toBe(HOST_BYTE_FUEL);
  });

  it.each([
    ['while the log has room', DEFAULT_LIMITS.logChars],
    ['past the log’s cap (dropped, still paid for)', 10],
  ])('every printed byte costs PYTHON_HOST_BYTE_FUEL instructions, %s', async (_, logChars) => {
    const bot = await load(printer, { limits: { logChars }, ...LOAD_BIG });
    const fuel = async (s: string) => (await bot.act(s, BIG)).fuel;
    await fuel('small');
    await fuel('big');
    const deltas = [];
    for (let i = 0; i < 3; i++) deltas.push((await fuel('big')) - (await fuel('small')));
    // The interpreter's own work on the longer string, and a collection landing in one call or the other, is under 2%.
    for (const d of deltas) expect(Math.abs(d - PER_100K)).toBeLessThan(0.02 * PER_100K);
    expect(bot.log().length).toBeLessThanOrEqual(logChars + LOG_CUT.length);
  });

  it('the host decodes what the bot prints only as far as the log can keep it', async () => {
    const logChars = 1000;
    const bot = await load(
      "BIG = ('é' * 1000) * 500\ndef act(s):\n    for i in range(20):\n        print(BIG)\n    return 'ok'\n",
      { limits: { logChars }, ...LOAD_BIG },
    );
    // 40 MB printed over two calls; the log's 1,000 characters take at most 3 bytes each to read.
    const decoded = await decodedBytes(async () => {
      for (let i = 0; i < 2; i++) expect((await bot.act('x', BIG)).output).toBe('ok');
    });
    expect(decoded).toBeLessThanOrEqual(3 * (logChars + 1) + 100);
    expect(bot.log()).toBe('é'.repeat(logChars) + LOG_CUT);
  });

  it('a 10 MB answer is read only as far as limits.outputChars (and one more), and still marked truncated', async () => {
    const bot = await load("BIG = ('é' * 1000) * 5000\ndef act(s):\n    return BIG\n", LOAD_BIG);
    const decoded = await decodedBytes(async () => {
      expect(await bot.act('x', BUDGET)).toMatchObject({
        output: 'é'.repeat(DEFAULT_LIMITS.outputChars),
        truncated: true,
      });
    });
    expect(decoded).toBeLessThan(3 * (DEFAULT_LIMITS.outputChars + 2) + 100);
  });

  it('an exception with a 10 MB message is read at its two ends, and its detail is cut', async () => {
    const bot = await load("BIG = ('e' * 1000) * 10000\ndef act(s):\n    raise ValueError(BIG)\n", LOAD_BIG);
    let detail = '';
    const decoded = await decodedBytes(async () => {
      const r = await bot.act('x', BIG);
      expect(r).toMatchObject({ output: null, failure: 'error' });
      detail = r.detail!;
    });
    expect(decoded).toBeLessThan(10_000);
    expect(detail).toBe(`ValueError: ${'e'.repeat(300 - 'ValueError: '.length)}... (File "bot.py", line 3, in act)`);
  });

  /** The wall time of one call with a budget of `ms` milliseconds of fuel, warmed up first. */
  async function wallMs(code: string, ms: number): Promise<{ wall: number; result: CallResult }> {
    await (await load(code, LOAD_BIG)).act('x', { fuel: ms * FUEL_PER_MS });
    const bot = await load(code, LOAD_BIG);
    const started = performance.now();
    const result = await bot.act('x', { fuel: ms * FUEL_PER_MS });
    return { wall: performance.now() - started, result };
  }

  it.each([
    [
      'a 100 KB string, printed in a loop',
      "BIG = ('x' * 1000) * 100\ndef act(s):\n    while True:\n        print(BIG)\n",
    ],
    [
      'a 100 KB string, printed in a loop once the log is full',
      "BIG = ('x' * 1000) * 100\nprint(('f' * 1000) * 70)\ndef act(s):\n    while True:\n        print(BIG)\n",
    ],
  ])('%s takes about its fuel in time (50 ms of fuel, under 4 × 50 ms)', async (_, code) => {
    // Before bytes were paid for, such a call ran 17 to 20 times its fuel's time (and a 10 MB string, 10,000 times).
    const { wall, result } = await wallMs(code, 50);
    expect(result).toMatchObject({ output: null, failure: 'over_budget', fuel: 50 * FUEL_PER_MS });
    expect(wall).toBeLessThan(4 * 50);
  });
});

describe('Python bots: no host', () => {
  it('open() fails with OSError inside the sandbox, for reading and writing', async () => {
    const [read, write] = await answers(probe("open(s, 'w' if s.startswith('/tmp') else 'r').read()"), [
      '/etc/passwd',
      '/tmp/umpire-python-probe',
    ]);
    expect(read).toMatch(/^raised OSError\(/);
    expect(write).toMatch(/^raised OSError\(/);
  });

  it('every module on the allow-list imports', async () => {
    const code = `
def act(name):
    m = __import__(name)
    return type(m).__name__
`;
    expect(await answers(code, ALLOWED_MODULES)).toEqual(ALLOWED_MODULES.map(() => 'module'));
    // And with the import statement, at the top level.
    const body = `
def act(s):
    h = [3, 1, 2]
    heapq.heapify(h)
    return json.dumps([math.floor(2.5), heapq.heappop(h), random.getrandbits(1) in (0, 1), binascii.hexlify(struct.pack('<H', 258)).decode()])
`;
    const statement = ALLOWED_MODULES.map((m) => `import ${m}`).join('\n') + body;
    expect(await answers(statement, ['x'])).toEqual(['[2, 1, true, "0201"]']);
  });

  const REFUSED = [
    'os',
    'io',
    'js',
    'jsffi',
    'gc',
    'machine',
    'builtins',
    'uos',
    'usys',
    'uio',
    'select',
    'socket',
    'errno',
    'platform',
    'hashlib',
    'deflate',
    'uctypes',
    'asyncio',
    'vfs',
    'cryptolib',
    'framebuf',
    'marshal',
    'ssl',
    'tls',
    'pyscript',
    'os.path',
  ];

  it.each(REFUSED)('import %s is refused with an ImportError naming it', async (name) => {
    const [statement] = await answers(
      probe('0', `def attempt():\n    import ${name}\n`).replace('repr(0)', 'attempt()'),
      ['x'],
    );
    const [call] = await answers(probe(`__import__('${name}')`), ['x']);
    for (const out of [statement, call]) {
      expect(out).toMatch(/^raised ImportError\(/);
      expect(out).toContain(`'${name}'`);
    }
  });

  it('import os at the top level forfeits the load with BUNDLE_INIT, naming the module', async () => {
    const loaded = await nodeBotLoader(
      { kind: 'py', code: 'import os\ndef act(s):\n    return ""\n' },
      { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e9 },
    );
    expect(loaded).toMatchObject({
      ok: false,
      failure: { code: 'BUNDLE_INIT', message: expect.stringMatching(/ImportError: no module named 'os'/) },
    });
  });

  it.each([
    ['__import__ with a relative level', "__import__('os', None, None, (), 1)"],
    ['exec', "exec('import os')"],
    ['eval', `eval("__import__('os')")`],
    ['the builtins module', "__import__('builtins').__import__('os')"],
    ['the importer’s globals', "__import__.__globals__['__umpire_setup']"],
    ['the importer’s closure', '__import__.__closure__'],
    ['a dotted name under an allowed module', "__import__('time.os')"],
    ['__builtins__', "__builtins__['__import__']('os')"],
  ])('the real __import__ cannot be had back: %s', async (_, attempt) => {
    const [out] = await answers(probe(attempt), ['x']);
    expect(out).toMatch(/^raised (ImportError|KeyError|AttributeError|NameError)\(/);
  });

  it('no global or builtin of the bot holds the real importer or a host module', async () => {
    const [names] = await answers("def act(s):\n    return ' '.join(sorted(globals().keys()))\n", ['x']);
    expect(names).toBe('__name__ act');
  });
});

describe('Python bots: fuel and memory', () => {
  const worker = `
import random, json
seen = {}
def act(state):
    words = state.split()
    for w in words:
        seen[w] = seen.get(w, 0) + 1
    best = sorted(seen.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    return json.dumps([best, random.random(), [x * x for x in range(len(words) % 500)]])
`;

  it('the same bot and inputs use the same fuel, call by call, in two loads', async () => {
    const run = async () => {
      const bot = await load(worker, { seed: 3 });
      const calls = [];
      for (let i = 0; i < 5; i++) calls.push(await bot.act(VIEW + i, BUDGET));
      return calls;
    };
    const a = await run();
    const b = await run();
    expect(b).toEqual(a);
    expect(a.every((c) => c.failure === undefined && c.fuel > 10_000)).toBe(true);
  });

  it('an endless loop is stopped at its budget, reloaded next turn, then retired', async () => {
    const bot = await load(
      "n = 0\ndef act(s):\n    global n\n    n += 1\n    if s == 'spin':\n        while True:\n            pass\n    return str(n)\n",
    );
    expect((await bot.act('x', BUDGET)).output).toBe('1');
    expect(await bot.act('spin', BUDGET)).toMatchObject({
      output: null,
      failure: 'over_budget',
      fuel: BUDGET.fuel,
      detail: expect.stringMatching(/used up its fuel/),
    });
    // Reloaded: the top level ran again, so n starts over.
    expect((await bot.act('x', BUDGET)).output).toBe('1');
    for (let i = 0; i < 3; i++) expect((await bot.act('spin', BUDGET)).failure).toBe('over_budget');
    expect(bot.crashes).toBe(4);
    expect(await bot.act('x', BUDGET)).toMatchObject({ output: null, failure: 'retired' });
  });

  it('deep recursion is a RuntimeError of the call, not a crash of the interpreter', async () => {
    const bot = await load(
      'def f(n):\n    return f(n + 1)\ndef act(s):\n    if s == "deep":\n        return f(0)\n    return "ok"\n',
    );
    expect(await bot.act('deep', BUDGET)).toMatchObject({
      output: null,
      failure: 'error',
      detail: expect.stringMatching(/RuntimeError: maximum recursion depth exceeded/),
    });
    expect((await bot.act('x', BUDGET)).output).toBe('ok');
    expect(bot.crashes).toBe(0);
  });

  /** Allocates 64 KiB blocks until MemoryError; answers the bytes it held. */
  const hoarder = `
blocks = []
def act(s):
    try:
        while True:
            blocks.append(bytearray(65536))
    except MemoryError:
        pass
    n = len(blocks) * 65536
    blocks.clear()
    return str(n)
`;

  it.each([24, 40])(
    'a bot cannot grow past limits.memoryBytes (%i MiB)',
    async (mib) => {
      const memoryBytes = mib * 1024 * 1024;
      const bot = await load(hoarder, { limits: { memoryBytes } });
      const r = await bot.act('x', BIG);
      expect(r.failure, r.detail).toBeUndefined();
      const held = Number(r.output);
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThan(memoryBytes);
      const memory = (bot as unknown as { instance: { py: { memory: WebAssembly.Memory } } }).instance.py.memory;
      expect(memory.buffer.byteLength).toBeLessThanOrEqual(memoryBytes);
      // Freed, it can allocate again: the cap is on what it holds, not on what it ever allocated.
      expect(Number((await bot.act('x', BIG)).output)).toBeGreaterThan(0);
    },
    60_000,
  );

  it('a limit below the interpreter’s own start size is refused at load (4 MiB), as a WebAssembly bot needing more is', async () => {
    const memoryBytes = 4 * 1024 * 1024;
    const loaded = await nodeBotLoader(
      { kind: 'py', code: hoarder },
      { limits: { ...DEFAULT_LIMITS, memoryBytes }, seed: 1, loadFuel: 1e9 },
    );
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.failure).toEqual({
      code: 'BUNDLE_INVALID',
      message: expect.stringMatching(/^memory limit below MicroPython's own \d+\.\d MiB$/),
    });
  }, 60_000);
});

describe('the Python example of docs/bots/python.md', () => {
  it('is src/games/icy/bots/idle.py word for word, and it plays: every child idles, and it logs once', async () => {
    const source = readFileSync('src/games/icy/bots/idle.py', 'utf8');
    expect(readFileSync('docs/bots/python.md', 'utf8')).toContain('```python\n' + source + '```');
    expect(source.trim().split('\n').length).toBeLessThanOrEqual(10);
    const loaded = await nodeBotLoader(
      { kind: 'py', code: source },
      { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e9 },
    );
    if (!loaded.ok) throw new Error(loaded.failure.message);
    for (let turn = 0; turn < 3; turn++)
      expect((await loaded.bot.act(`${turn}\n0 0\n`, { fuel: 1e8 })).output).toBe('idle\nidle\nidle\nidle\n');
    expect(loaded.bot.log()).toBe('turn 0 - waiting\n');
  });
});
