for _name in dir(_base):
    if not _name.startswith("_"):
        globals()[_name] = getattr(_base, _name)
del _base, _name


def hypot(*coordinates):
    return sqrt(sum(float(c) * c for c in coordinates))


def dist(p, q):
    if len(p) != len(q):
        raise ValueError("both points must have the same number of dimensions")
    return hypot(*[a - b for a, b in zip(p, q)])


def prod(iterable, start=1):
    for item in iterable:
        start = start * item
    return start


def isqrt(n):
    if n < 0:
        raise ValueError("isqrt() argument must be nonnegative")
    x = int(sqrt(n))
    while x * x > n:
        x -= 1
    while (x + 1) * (x + 1) <= n:
        x += 1
    return x


def comb(n, k):
    if k < 0 or k > n:
        return 0
    k = min(k, n - k)
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def perm(n, k=None):
    k = n if k is None else k
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out *= n - i
    return out
