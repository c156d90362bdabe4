// The compatibility layer's probe: each case is a Python snippet run in the sandbox and, where
// `cpython` is not false, in CPython too (test/sandbox/python-compat/probe.test.ts), whose printed
// output must match. scripts/python-compat.mjs writes docs/bots/python.md's table from this list.
export const CASES = [
  {
    module: 'sys',
    names: ['stdin', 'stdout', 'stderr', 'argv', 'maxsize', 'exit', 'version_info'],
    code: `import sys
sys.stdout.write("out\\n")
print("err", file=sys.stderr)
print(len(sys.argv), sys.maxsize >= 2**31 - 1, sys.version_info[0])
print(repr(sys.stdin.readline()))
try:
    sys.exit(3)
except SystemExit as e:
    print("exit", e.args)
`,
  },
  {
    module: 'sys',
    names: ['setrecursionlimit', 'getrecursionlimit'],
    code: `import sys
sys.setrecursionlimit(5000)
print(sys.getrecursionlimit())
try:
    sys.setrecursionlimit(0)
except ValueError:
    print("refused")
`,
  },
  {
    module: 'string',
    names: ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'digits', 'hexdigits', 'punctuation', 'capwords'],
    code: `import string
print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(string.punctuation, repr(string.whitespace))
print(string.capwords("hello   big world"))
`,
  },
  {
    module: 'typing',
    names: ['List', 'Dict', 'Tuple', 'Optional', 'Any', 'cast'],
    code: `from typing import List, Dict, Tuple, Optional, Any, cast
def f(x: List[int], y: Optional[Dict[str, Tuple[int, int]]] = None) -> Any:
    return cast(int, len(x))
print(f([1, 2, 3]))
`,
  },
  {
    module: 'enum',
    names: ['Enum', 'IntEnum', 'auto'],
    code: `from enum import Enum, IntEnum, auto
class Color(Enum):
    RED = 1
    GREEN = auto()
    BLUE = 7
print([c.name for c in Color], [c.value for c in Color], len(Color))
print(Color(7), Color["RED"], repr(Color.GREEN), Color.RED == Color.RED, Color(1) is Color.RED)
class Move(IntEnum):
    LEFT = 1
    RIGHT = 2
print(Move.LEFT == 1, Move.RIGHT > Move.LEFT, Move.LEFT + 1, sorted([Move.RIGHT, Move.LEFT]) == [1, 2])
try:
    Color(3)
except ValueError as e:
    print("ValueError", e)
`,
  },
  {
    module: 'dataclasses',
    names: ['dataclass', 'field', 'asdict', 'astuple', 'replace', 'fields'],
    code: `from dataclasses import dataclass, field, asdict, astuple, replace, fields
@dataclass
class Child:
    x: int
    y: int
    name: str = "kid"
    items: list = field(default_factory=list)
a = Child(1, 2)
a.items.append(3)
b = Child(1, 2, name="kid")
print(a, a == b, sorted(asdict(b).items()), astuple(b))
print(replace(a, x=9), [f for f in fields(a)] if False else len(fields(a)))
@dataclass(order=True, frozen=True)
class Point:
    r: int
    c: int
print(sorted([Point(2, 1), Point(1, 5), Point(1, 2)]), Point(1, 2) == Point(1, 2), hash(Point(1, 2)) == hash(Point(1, 2)))
try:
    Point(1, 2).r = 3
except AttributeError:
    print("frozen")
try:
    Child(1)
except TypeError:
    print("missing")
`,
  },
  {
    module: 'copy',
    names: ['copy', 'deepcopy'],
    code: `import copy
a = [[1, 2], {"k": [3]}]
b = copy.copy(a)
c = copy.deepcopy(a)
a[0].append(9)
a[1]["k"].append(4)
print(b, c)
class P:
    def __init__(self):
        self.v = [1]
p = P()
q = copy.deepcopy(p)
p.v.append(2)
print(q.v, copy.copy(p).v)
`,
  },
  {
    module: 'itertools',
    names: [
      'count',
      'cycle',
      'repeat',
      'accumulate',
      'chain',
      'compress',
      'dropwhile',
      'takewhile',
      'islice',
      'starmap',
    ],
    code: `from itertools import count, cycle, repeat, accumulate, chain, compress, dropwhile, takewhile, islice, starmap
print(list(islice(count(3, 2), 4)), list(islice(cycle("ab"), 5)), list(repeat(1, 3)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4], max)), list(accumulate([1, 2], initial=10)))
print(list(chain([1], (2, 3))), list(chain.from_iterable(["ab", "c"])), list(compress("abcd", [1, 0, 1, 0])))
print(list(dropwhile(lambda x: x < 3, [1, 2, 3, 1])), list(takewhile(lambda x: x < 3, [1, 2, 3, 1])))
print(list(islice(range(10), 2, 8, 3)), list(starmap(pow, [(2, 3), (3, 2)])))
`,
  },
  {
    module: 'itertools',
    names: [
      'groupby',
      'tee',
      'zip_longest',
      'product',
      'permutations',
      'combinations',
      'combinations_with_replacement',
    ],
    code: `from itertools import groupby, tee, zip_longest, product, permutations, combinations, combinations_with_replacement
print([(k, list(g)) for k, g in groupby("aabccc")], [(k, len(list(g))) for k, g in groupby([1, 3, 2, 4], key=lambda v: v % 2)])
a, b = tee([1, 2, 3])
print(list(a), list(b), list(zip_longest("ab", "xyz", fillvalue="-")))
print(list(product("ab", [0, 1])), list(product([1, 2], repeat=2)))
print(list(permutations([1, 2, 3], 2)), list(combinations("abcd", 2)), list(combinations_with_replacement("ab", 2)))
`,
  },
  {
    module: 'functools',
    names: ['reduce', 'partial', 'lru_cache', 'cache', 'cmp_to_key', 'total_ordering', 'wraps'],
    code: `from functools import reduce, partial, lru_cache, cache, cmp_to_key, total_ordering, wraps
print(reduce(lambda a, b: a * b, [1, 2, 3, 4]), reduce(lambda a, b: a + b, [], 5), partial(pow, 2)(5))
@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
@cache
def sq(n):
    return n * n
print(fib(60), sq(9))
print(sorted([3, 1, 2], key=cmp_to_key(lambda a, b: b - a)))
@total_ordering
class V:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return self.v == o.v
    def __lt__(self, o):
        return self.v < o.v
print(V(1) <= V(2), V(3) >= V(2), V(1) > V(2))
def deco(f):
    @wraps(f)
    def inner(*a):
        return f(*a)
    return inner
@deco
def named():
    return 1
print(named())
`,
  },
  {
    module: 'queue',
    names: ['Queue', 'LifoQueue', 'PriorityQueue', 'Empty'],
    code: `import queue
q = queue.Queue()
for i in (3, 1, 2):
    q.put(i)
l = queue.LifoQueue()
p = queue.PriorityQueue()
for i in (3, 1, 2):
    l.put(i)
    p.put((i, "x"))
print([q.get() for _ in range(3)], [l.get() for _ in range(3)], [p.get() for _ in range(3)], q.empty(), q.qsize())
try:
    q.get_nowait()
except queue.Empty:
    print("empty")
`,
  },
  {
    module: 'collections',
    names: ['Counter', 'defaultdict', 'deque', 'namedtuple', 'OrderedDict'],
    code: `from collections import Counter, defaultdict, deque, namedtuple, OrderedDict
c = Counter("abracadabra")
print(c["a"], c["z"], c.most_common(2), sorted(c.elements())[:4], c.total())
c.update("aaz")
c.subtract({"b": 1})
print(sorted(c.items()), Counter(a=3) + Counter(a=1, b=2) == Counter(a=4, b=2))
d = defaultdict(list)
d["k"].append(1)
print(d["k"], d["new"], "k" in d)
q = deque([1, 2], 10)
q.append(3)
q.appendleft(0)
print(list(q), q.popleft(), q.pop())
P = namedtuple("P", ["r", "c"])
print(P(1, 2).c, P(1, 2) == (1, 2))
`,
  },
  {
    module: 'random',
    names: [
      'Random',
      'Random.seed',
      'Random.random',
      'Random.randint',
      'Random.randrange',
      'Random.choice',
      'Random.shuffle',
      'Random.sample',
      'Random.uniform',
      'Random.gauss',
    ],
    cpython: false,
    why: "the stream is the sandbox's own (the same numbers for the same seed everywhere), not CPython's",
    code: `from random import Random
a, b = Random(42), Random(42)
print([a.random() for _ in range(3)] == [b.random() for _ in range(3)], Random(1).random() != Random(2).random())
r = Random("seed")
print(all(0 <= r.random() < 1 for _ in range(200)), all(1 <= r.randint(1, 6) <= 6 for _ in range(200)))
print(all(r.randrange(0, 10, 3) in (0, 3, 6, 9) for _ in range(200)), r.choice("abc") in "abc")
xs = list(range(20))
r.shuffle(xs)
print(sorted(xs) == list(range(20)), len(set(r.sample(range(50), 10))), 2 <= r.uniform(2, 3) <= 3, type(r.gauss(0, 1)).__name__)
`,
  },
  {
    module: 'random',
    names: ['shuffle', 'sample', 'choices'],
    cpython: false,
    why: "seeded from the seat's seed: the same draws on every run, not CPython's",
    code: `import random
xs = list(range(10))
random.shuffle(xs)
print(sorted(xs) == list(range(10)), sorted(random.sample("abcdef", 6)) == list("abcdef"), len(random.choices("ab", k=5)))
try:
    random.sample([1, 2], 3)
except ValueError:
    print("too many")
`,
  },
  {
    module: 'math',
    names: ['hypot', 'dist', 'prod', 'isqrt', 'comb', 'perm'],
    code: `import math
print(math.hypot(3, 4), math.hypot(1, 2, 2), math.hypot(), math.dist((0, 0), (3, 4)))
print(math.prod([1, 2, 3, 4]), math.isqrt(99), math.comb(5, 2), math.perm(5, 2), math.perm(4))
`,
  },
  {
    module: 'heapq',
    names: ['nsmallest', 'nlargest', 'heappushpop', 'heapreplace'],
    code: `import heapq
data = [5, 1, 8, 3, 9, 2]
print(heapq.nsmallest(3, data), heapq.nlargest(2, data), heapq.nsmallest(2, ["bb", "a", "ccc"], key=len))
h = [1, 4, 7]
print(heapq.heappushpop(h, 5), heapq.heapreplace(h, 0), sorted(h))
`,
  },
  {
    module: 'builtins',
    names: ['input', 'print(flush=True)', 'print(file=sys.stderr)'],
    code: `import sys
name = input()
print("hello", name, flush=True)
print("to the log", file=sys.stderr)
`,
  },
];

/** What each case reads on stdin. */
export const STDIN = 'world\n';
