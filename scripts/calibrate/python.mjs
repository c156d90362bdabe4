// Python (MicroPython) micro-benchmarks for `npm run calibrate`: each is a
// bot whose act(n) runs one kind of work n times. Ordinary interpreter work,
// and every builtin that does far more per call than a bytecode does: C
// builtins on big data, bulk copies, big ints, formatting, re, json, print,
// imports, exceptions, the clock and the random source.
import { PyBot } from '../../dist/sandbox/python/py-bot.js';
import { nodeMicroPythonModule } from '../../dist/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../dist/sandbox/types.js';
import { botBench } from './measure.mjs';
import { ALLOWED_MODULES } from '../../dist/sandbox/python/prelude.js';

/** [name, top-level setup, loop body (one statement per line), limits over the defaults] */
const CASES = [
  ['empty loop', '', 'pass'],
  ['int arithmetic', 'x = 7', 'x = (x * 31 + 7) % 1000003'],
  ['float arithmetic', 'x = 1.5', 'x = x * 1.0000001 + 0.5 - x / 3.0'],
  ['while loop, locals', '', 'j = 0\nwhile j < 20:\n    j += 1'],
  ['function call', 'def f(a, b):\n    return a + b', 'f(1, 2)'],
  [
    'method call, attributes',
    'class P:\n    def __init__(self):\n        self.v = 0\n    def bump(self, k):\n        self.v += k\np = P()',
    'p.bump(1)',
  ],
  ['object creation', 'class P:\n    def __init__(self, a):\n        self.a = a', 'P(1)'],
  ['closure and lambda', 'g = (lambda k: lambda v: v + k)(3)', 'g(1)'],
  ['generator', 'def gen(k):\n    for v in range(k):\n        yield v', 'sum(gen(20))'],
  ['list comprehension', '', '[v * 2 for v in range(50)]'],
  ['list append and pop', 'l = []', 'l.append(1)\nl.pop()'],
  ['list index big', 'l = list(range(100000))', 'l[54321] = l[12345] + 1'],
  ['dict get and set small', 'd = {}', "d['k'] = 1\nd.get('k')"],
  ['dict ops on 50k keys', 'd = {i: i for i in range(50000)}', 'd[12345] = d[777] + 1'],
  [
    'dict of 200k keys, random gets',
    'd = {k * 7: k for k in range(200000)}\nat = 1',
    'at = (at * 1103515245 + 12345) & 0x3fffffff\nd[(at % 200000) * 7]',
  ],
  [
    'list of 1M ints, random reads',
    'l = list(range(1000000))\nat = 1',
    'at = (at * 1103515245 + 12345) & 0x3fffffff\nl[at % 1000000]',
  ],
  ['dict copy of 20k keys', 'd = {i: i for i in range(20000)}', 'd.copy()'],
  ['dict items list 20k', 'd = {i: i for i in range(20000)}', 'list(d.items())'],
  ['set union 2k', 'a = set(range(2000))\nb = set(range(1000, 3000))', 'a | b'],
  ['sorted 20k ints', 'import random\nl = [random.getrandbits(30) for _ in range(20000)]', 'sorted(l)'],
  [
    'sort with key 5k',
    'import random\nl = [random.getrandbits(30) for _ in range(5000)]',
    'sorted(l, key=lambda v: -v)',
  ],
  ['sorted 5k strs', 'import random\nl = [str(random.getrandbits(30)) for _ in range(5000)]', 'sorted(l)'],
  ['min max 50k', 'l = list(range(50000))', 'min(l)\nmax(l)'],
  ['sum 50k small ints', 'l = [1] * 50000', 'sum(l)'],
  ['sum 50k into a big int', 'l = list(range(50000))', 'sum(l)'],
  ['big int additions', 'a = 2 ** 40', 'a + 1'],
  ['list multiplication 100k', 'l = [0]', 'l * 100000'],
  ['list slice copy 100k', 'l = list(range(100000))', 'l[:]'],
  ['list extend 100k', 'l = list(range(100000))', 'm = []\nm.extend(l)'],
  ['bytes multiplication 100KB', "b = b'x'", 'b * 100000'],
  ['bytearray 100KB', '', 'bytearray(100000)'],
  ['bytes replace 100KB', "b = b'ab' * 50000", "b.replace(b'a', b'c')"],
  ['bytes hex 100KB', "b = b'ab' * 50000", 'b.hex()'],
  ['binascii hexlify 100KB', "import binascii\nb = b'ab' * 50000", 'binascii.hexlify(b)'],
  ['str multiplication 100KB', "s = 'x'", 's * 100000'],
  ['str concatenation 100KB', "s = 'x' * 100000", "s + 'y'"],
  ['str growing by +=', '', "s = ''\nfor _ in range(2000):\n    s += 'xy'"],
  ['str split 100KB', "s = 'ab cd ' * 16000", 's.split()'],
  ['str join 20k', "l = ['ab'] * 20000", "','.join(l)"],
  ['str replace 100KB', "s = 'ab' * 50000", "s.replace('a', 'cd')"],
  ['str find 100KB', "s = 'a' * 100000 + 'b'", "s.find('ab')"],
  ['str upper 100KB', "s = 'ab' * 50000", 's.upper()'],
  ['str strip and startswith', "s = '  hello world  '", "s.strip().startswith('hello')"],
  ['str index 100KB', "s = 'ab' * 50000", 's[54321]'],
  ['str compare 100KB', "s = 'a' * 100000\nt = 'a' * 100000", 's == t'],
  ['str hash 100KB new', "s = 'a' * 100000", "{s + 'b': 1}"],
  ['str encode 100KB', "s = 'ab' * 50000", 's.encode()'],
  ['str of list 5k', 'l = list(range(5000))', 'str(l)'],
  ['int from str', '', "int('123456789')"],
  ['big int power', '', '3 ** 20000'],
  ['big int multiply', 'a = 7 ** 5000\nb = 11 ** 5000', 'a * b'],
  ['big int divide', 'a = 7 ** 8000\nb = 11 ** 3000', 'a // b'],
  ['big int to str', 'a = 7 ** 5000', 'str(a)'],
  ['big int from str', "t = '7' * 5000", 'int(t)'],
  ['big int shifts', 'a = 7 ** 5000', '(a << 1000) >> 999'],
  ['format %d', '', "'%d-%s' % (12345, 'ab')"],
  ['str.format', '', "'{} {:>8} {:.3f}'.format(1, 'ab', 3.14159)"],
  ['f-string', 'v = 12345', "f'{v}:{v:x}'"],
  ['float to str', 'x = 3.14159265358979', 'str(x * 1.1)'],
  ['float from str', '', "float('3.14159e-5')"],
  ['math functions', 'import math', 'math.sin(0.5) + math.sqrt(2.0) + math.atan2(1.0, 2.0) + math.exp(0.3)'],
  ['try and raise', '', 'try:\n    raise ValueError(1)\nexcept ValueError:\n    pass'],
  ['exception from builtin', 'd = {}', 'try:\n    d[1]\nexcept KeyError:\n    pass'],
  ['deep recursion 100', 'def r(k):\n    return 0 if k == 0 else r(k - 1) + 1', 'r(100)'],
  ['re match', "import re\np = re.compile('([a-z]+)([0-9]+)')", "p.match('abcdef12345')"],
  ['re compile', 'import re', "re.compile('([a-z]+)|([0-9]+)x?y*')"],
  ['re sub 10KB', "import re\ns = 'ab1 ' * 2500", "re.sub('[0-9]', 'x', s)"],
  ['re search backtracking', "import re\np = re.compile('(a|aa)*b')\ns = 'a' * 22", 'p.search(s)'],
  ['re split 10KB', "import re\np = re.compile(' ')\ns = 'ab1 ' * 2500", 'p.split(s)'],
  ['json dumps 2k', "import json\nv = [{'a': i, 'b': [i, 'x']} for i in range(2000)]", 'json.dumps(v)'],
  ['json loads 2k', "import json\nt = json.dumps([{'a': i, 'b': [i, 'x']} for i in range(2000)])", 'json.loads(t)'],
  ['struct pack and unpack', 'import struct', "struct.unpack('<iiq', struct.pack('<iiq', 1, 2, 3))"],
  ['array append', "import array\na = array.array('i')", 'a.append(1)'],
  ['array of 100k', 'import array\nl = list(range(100000))', "array.array('i', l)"],
  ['heapq push and pop', 'import heapq\nh = list(range(1000))', 'heapq.heappush(h, 5)\nheapq.heappop(h)'],
  ['deque', 'import collections\nq = collections.deque((), 100)', 'q.append(1)\nq.popleft()'],
  ['OrderedDict', 'import collections\no = collections.OrderedDict()', "o['k'] = 1\ndel o['k']"],
  ['random.random', 'import random', 'random.random()'],
  ['random.getrandbits', 'import random', 'random.getrandbits(32)'],
  ['time.time (clock)', 'import time', 'time.time()'],
  ['time.ticks_ms (clock)', 'import time', 'time.ticks_ms()'],
  ['allocation and gc 100k objects', 'keep = [[i] for i in range(100000)]', '[[0] * 4 for _ in range(50)]'],
  ['print short line, log kept', '', "print('hello')", { logChars: DEFAULT_LIMITS.logChars, fresh: true }],
  ['print 10KB line, log kept', "s = 'x' * 10000", 'print(s)', { logChars: DEFAULT_LIMITS.logChars, fresh: true }],
  [
    'print many args, log kept',
    '',
    'print(1, 2, 3, 4, 5, 6, 7, 8)',
    { logChars: DEFAULT_LIMITS.logChars, fresh: true },
  ],
  ['print short line, log full', '', "print('hello')"],
  ['print 10KB line, log full', "s = 'x' * 10000", 'print(s)'],
  ...ALLOWED_MODULES.map((m) => [`import ${m}`, `import ${m}`, `import ${m}`]),
  ['__import__ refused', '', "try:\n    __import__('os')\nexcept ImportError:\n    pass"],
  ['eval', '', "eval('1 + 2')"],
  ['exec', '', "exec('v = 1')"],
  ['compile', '', "compile('v = [1, 2, 3]', 's', 'exec')"],
];

const indent = (text, pad) =>
  text
    .split('\n')
    .map((l) => pad + l)
    .join('\n');

/** The bot: the setup at the top level, and act(n) running the body n times on the setup's globals. */
function source(setup, body) {
  const names = [...setup.matchAll(/^([A-Za-z_]\w*)\s*=/gm)].map((m) => m[1]);
  return `${setup}
def act(text):
    ${names.length ? `global ${names.join(', ')}` : 'pass'}
    for _ in range(int(text)):
${indent(body, '        ')}
    return ''
`;
}

/** A benchmark per case, on a Python bot loaded once (or for every call, `fresh`: loading is not timed). */
export async function benches(filter) {
  const out = [];
  for (const [name, setup, body, over] of CASES) {
    if (filter && !filter(name)) continue;
    const { fresh = false, ...limitsOver } = over ?? {};
    // The log is full after the first call unless a case asks for room.
    const limits = { ...DEFAULT_LIMITS, logChars: 100, ...limitsOver };
    const load = async () => {
      const loaded = await PyBot.load(nodeMicroPythonModule, source(setup, body), { limits, seed: 1, loadFuel: 1e12 });
      if (!loaded.ok) throw new Error(`python ${name}: ${loaded.failure.message}`);
      return loaded.bot;
    };
    out.push(
      botBench({ label: 'python', name, max: 10_000_000, fresh, callFuel: 1e13, load, dispose: (b) => b.dispose() }),
    );
  }
  return out;
}
