# MicroPython's collections (deque, OrderedDict, namedtuple, defaultdict) and Counter.
for _name in dir(_base):
    if not _name.startswith("_"):
        globals()[_name] = getattr(_base, _name)
del _base, _name
# A submodule of MicroPython's package, loaded on first use there.
from collections.defaultdict import defaultdict


class Counter(dict):
    def __init__(self, iterable=None, **kwargs):
        super().__init__()
        self.update(iterable, **kwargs)

    def __getitem__(self, key):
        # A missing element counts 0 (MicroPython calls no __missing__).
        try:
            return super().__getitem__(key)
        except KeyError:
            return 0

    def update(self, iterable=None, **kwargs):
        if iterable is not None:
            if isinstance(iterable, dict):
                for k in iterable:
                    self[k] = self[k] + iterable[k]
            else:
                for k in iterable:
                    self[k] = self[k] + 1
        for k in kwargs:
            self[k] = self[k] + kwargs[k]

    def subtract(self, iterable=None, **kwargs):
        if iterable is not None:
            if isinstance(iterable, dict):
                for k in iterable:
                    self[k] = self[k] - iterable[k]
            else:
                for k in iterable:
                    self[k] = self[k] - 1
        for k in kwargs:
            self[k] = self[k] - kwargs[k]

    def most_common(self, n=None):
        items = sorted(self.items(), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:n]

    def elements(self):
        for k in self:
            for _ in range(self[k]):
                yield k

    def total(self):
        return sum(self.values())

    def copy(self):
        return Counter(self)

    def __add__(self, other):
        out = Counter()
        for k in list(self) + [k for k in other if k not in self]:
            v = self[k] + other[k]
            if v > 0:
                out[k] = v
        return out

    def __sub__(self, other):
        out = Counter()
        for k in self:
            v = self[k] - other[k]
            if v > 0:
                out[k] = v
        return out

    def __repr__(self):
        if not self:
            return "Counter()"
        return "Counter({" + ", ".join(repr(k) + ": " + repr(v) for k, v in self.most_common()) + "})"
