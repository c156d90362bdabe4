def count(start=0, step=1):
    n = start
    while True:
        yield n
        n += step


def cycle(iterable):
    saved = []
    for item in iterable:
        yield item
        saved.append(item)
    while saved:
        for item in saved:
            yield item


def repeat(obj, times=None):
    if times is None:
        while True:
            yield obj
    for _ in range(times):
        yield obj


def accumulate(iterable, func=None, initial=None):
    it = iter(iterable)
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    for item in it:
        total = total + item if func is None else func(total, item)
        yield total


def _chained(iterables):
    for it in iterables:
        for item in it:
            yield item


class chain:
    # A class, not a generator function: MicroPython functions take no attributes (chain.from_iterable).
    def __init__(self, *iterables):
        self._items = _chained(iterables)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._items)

    @staticmethod
    def from_iterable(iterables):
        return _chained(iterables)


def compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def dropwhile(predicate, iterable):
    it = iter(iterable)
    for item in it:
        if not predicate(item):
            yield item
            break
    for item in it:
        yield item


def takewhile(predicate, iterable):
    for item in iterable:
        if not predicate(item):
            return
        yield item


def filterfalse(predicate, iterable):
    for item in iterable:
        if not (bool(item) if predicate is None else predicate(item)):
            yield item


def groupby(iterable, key=None):
    it = iter(iterable)
    keyof = key if key is not None else (lambda v: v)
    try:
        current = next(it)
    except StopIteration:
        return
    group_key = keyof(current)
    while True:
        group = [current]
        done = True
        for item in it:
            k = keyof(item)
            if k != group_key:
                yield group_key, iter(group)
                current, group_key, done = item, k, False
                break
            group.append(item)
        if done:
            yield group_key, iter(group)
            return


def islice(iterable, *args):
    if not 1 <= len(args) <= 3:
        raise TypeError("islice expected 2 to 4 arguments")
    start, stop, step = (0, args[0], 1) if len(args) == 1 else (args + (None,))[:3]
    start = 0 if start is None else start
    step = 1 if step is None else step
    if start < 0 or (stop is not None and stop < 0) or step <= 0:
        raise ValueError("Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.")
    wanted = start
    for i, item in enumerate(iterable):
        if stop is not None and i >= stop:
            return
        if i == wanted:
            yield item
            wanted += step


def starmap(function, iterable):
    for args in iterable:
        yield function(*args)


def tee(iterable, n=2):
    it = iter(iterable)
    buffers = [[] for _ in range(n)]

    def gen(mine):
        while True:
            if not mine:
                try:
                    item = next(it)
                except StopIteration:
                    return
                for b in buffers:
                    b.append(item)
            yield mine.pop(0)

    return tuple(gen(b) for b in buffers)


def zip_longest(*iterables, fillvalue=None):
    its = [iter(it) for it in iterables]
    live = [True] * len(its)
    while True:
        row = []
        for k, it in enumerate(its):
            item = fillvalue
            if live[k]:
                try:
                    item = next(it)
                except StopIteration:
                    live[k] = False
            row.append(item)
        if not any(live):
            return
        yield tuple(row)


def pairwise(iterable):
    it = iter(iterable)
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


def product(*iterables, repeat=1):
    pools = [tuple(p) for p in iterables] * repeat
    result = [()]
    for pool in pools:
        result = [r + (x,) for r in result for x in pool]
    for r in result:
        yield r


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    for indices in product(range(n), repeat=r):
        if len(set(indices)) == r:
            yield tuple(pool[i] for i in indices)


def combinations(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    for indices in permutations(range(n), r):
        if sorted(indices) == list(indices):
            yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    for indices in product(range(n), repeat=r):
        if sorted(indices) == list(indices):
            yield tuple(pool[i] for i in indices)
