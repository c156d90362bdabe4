# MicroPython's random (seeded from the seat's seed), a Random class of its own stream, and the rest.
for _name in dir(_base):
    if not _name.startswith("_"):
        globals()[_name] = getattr(_base, _name)
del _name

_MASK = 0xFFFFFFFFFFFFFFFF


class Random:
    """A splitmix64 stream: the same numbers for the same seed everywhere (not CPython's stream)."""

    def __init__(self, x=None):
        self.seed(x)

    def seed(self, a=None, version=2):
        if a is None:
            a = 0
        elif not isinstance(a, int):
            h = 0
            for ch in str(a):
                h = (h * 1000003 + ord(ch)) & _MASK
            a = h
        self._state = a & _MASK

    def getrandbits(self, k):
        out = 0
        got = 0
        while got < k:
            self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
            z = self._state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            out = (out << 64) | z
            got += 64
        return out >> (got - k)

    def random(self):
        return self.getrandbits(53) / 9007199254740992.0

    def _below(self, n):
        if n <= 0:
            raise ValueError("empty range for randrange()")
        bits = len(bin(n)) - 2
        while True:
            r = self.getrandbits(bits)
            if r < n:
                return r

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            start, stop = 0, start
        width = stop - start
        if step == 1:
            return start + self._below(width)
        count = (width + step - 1) // step if step > 0 else (width + step + 1) // step
        return start + step * self._below(count)

    def randint(self, a, b):
        return a + self._below(b - a + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._below(len(seq))]

    def choices(self, population, weights=None, k=1, cum_weights=None):
        if weights is None and cum_weights is None:
            return [self.choice(population) for _ in range(k)]
        if cum_weights is None:
            cum_weights, total = [], 0
            for w in weights:
                total += w
                cum_weights.append(total)
        total = cum_weights[-1]
        out = []
        for _ in range(k):
            r = self.random() * total
            i = 0
            while cum_weights[i] <= r:
                i += 1
            out.append(population[i])
        return out

    def shuffle(self, x):
        for i in range(len(x) - 1, 0, -1):
            j = self._below(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k):
        pool = list(population)
        if not 0 <= k <= len(pool):
            raise ValueError("Sample larger than population or is negative")
        for i in range(k):
            j = i + self._below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def gauss(self, mu=0.0, sigma=1.0):
        import math as _m

        u = 1.0 - self.random()
        return mu + sigma * _m.sqrt(-2.0 * _m.log(u)) * _m.cos(2.0 * _m.pi * self.random())


# The module's own functions draw on a Random seeded from MicroPython's random (itself seeded from the seat).
_inst = Random(_base.getrandbits(32) << 32 | _base.getrandbits(32))
del _base


def seed(a=None, version=2):
    _inst.seed(a)


random = _inst.random
getrandbits = _inst.getrandbits
randrange = _inst.randrange
randint = _inst.randint
choice = _inst.choice
choices = _inst.choices
shuffle = _inst.shuffle
sample = _inst.sample
uniform = _inst.uniform
gauss = _inst.gauss
