_MISSING = object()


def reduce(function, iterable, initial=_MISSING):
    it = iter(iterable)
    if initial is _MISSING:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value")
    else:
        value = initial
    for item in it:
        value = function(value, item)
    return value


class partial:
    def __init__(self, func, *args, **keywords):
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        merged = dict(self.keywords)
        merged.update(keywords)
        return self.func(*(self.args + args), **merged)


def update_wrapper(wrapper, wrapped, assigned=None, updated=None):
    for name in ("__name__", "__doc__", "__qualname__", "__module__"):
        try:
            setattr(wrapper, name, getattr(wrapped, name))
        except (AttributeError, TypeError):
            pass
    try:
        wrapper.__wrapped__ = wrapped
    except (AttributeError, TypeError):
        pass
    return wrapper


def wraps(wrapped, assigned=None, updated=None):
    return lambda wrapper: update_wrapper(wrapper, wrapped)


class _Cached:
    def __init__(self, func, maxsize):
        self.func = func
        self.maxsize = maxsize
        self.cache = {}
        self.hits = 0
        self.misses = 0

    def __call__(self, *args, **kwargs):
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        try:
            value = self.cache[key]
            self.hits += 1
            return value
        except KeyError:
            pass
        self.misses += 1
        value = self.func(*args, **kwargs)
        if self.maxsize is not None and len(self.cache) >= self.maxsize:
            if self.maxsize <= 0:
                return value
            del self.cache[next(iter(self.cache))]
        self.cache[key] = value
        return value

    def cache_clear(self):
        self.cache = {}
        self.hits = self.misses = 0

    def cache_info(self):
        return (self.hits, self.misses, self.maxsize, len(self.cache))


def lru_cache(maxsize=128, typed=False):
    if callable(maxsize):
        return _Cached(maxsize, 128)
    return lambda func: _Cached(func, maxsize)


def cache(func):
    return _Cached(func, None)


def cmp_to_key(mycmp):
    class K:
        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

    return K


def total_ordering(cls):
    own = cls.__dict__
    if "__lt__" in own:
        cls.__gt__ = lambda a, b: b < a
        cls.__le__ = lambda a, b: not b < a
        cls.__ge__ = lambda a, b: not a < b
    elif "__gt__" in own:
        cls.__lt__ = lambda a, b: b > a
        cls.__le__ = lambda a, b: not a > b
        cls.__ge__ = lambda a, b: not b > a
    elif "__le__" in own:
        cls.__lt__ = lambda a, b: a <= b and not b <= a
        cls.__gt__ = lambda a, b: not a <= b
        cls.__ge__ = lambda a, b: b <= a
    elif "__ge__" in own:
        cls.__lt__ = lambda a, b: not a >= b
        cls.__gt__ = lambda a, b: a >= b and not b >= a
        cls.__le__ = lambda a, b: b >= a
    else:
        raise ValueError("must define at least one ordering operation: < > <= >=")
    return cls
