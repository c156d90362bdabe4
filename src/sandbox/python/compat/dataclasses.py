# MicroPython keeps no class annotations: a class's fields (names, order) are read from the bot's source
# text by the sandbox and handed in as _LAYOUT: {class name: ((name, kind), ...)}, kind 1 or 2 annotated.
_MISSING = object()


class _Factory:
    def __init__(self, make):
        self.make = make


def field(default=_MISSING, default_factory=_MISSING, init=True, repr=True, compare=True, **kwargs):
    if default_factory is not _MISSING:
        return _Factory(default_factory)
    return default


def _lineage(cls):
    # Base classes first, as CPython collects fields.
    out = []
    for base in cls.__bases__:
        out.extend(_lineage(base))
    out.append(cls)
    return out


def _field_names(cls):
    names = []
    for klass in _lineage(cls):
        for name, kind in _LAYOUT.get(klass.__name__, ()):
            if kind and name not in names:
                names.append(name)
    return names


def _process(cls, eq, order, frozen, repr_):
    names = _field_names(cls)
    defaults = {}
    for name in names:
        if name in cls.__dict__:
            defaults[name] = cls.__dict__[name]
    own_init = "__init__" in cls.__dict__

    def __init__(self, *args, **kwargs):
        if len(args) > len(names):
            raise TypeError("__init__() takes " + str(len(names) + 1) + " positional arguments")
        for i, name in enumerate(names):
            if i < len(args):
                value = args[i]
                if name in kwargs:
                    raise TypeError("__init__() got multiple values for argument '" + name + "'")
            elif name in kwargs:
                value = kwargs.pop(name)
            elif name in defaults:
                value = defaults[name]
                if isinstance(value, _Factory):
                    value = value.make()
            else:
                raise TypeError("__init__() missing 1 required positional argument: '" + name + "'")
            object.__setattr__(self, name, value)
        for key in kwargs:
            if key not in names:
                raise TypeError("__init__() got an unexpected keyword argument '" + key + "'")
        post = getattr(self, "__post_init__", None)
        if post is not None:
            post()

    def values(self):
        return tuple(getattr(self, n) for n in names)

    if not own_init:
        cls.__init__ = __init__
    if repr_ and "__repr__" not in cls.__dict__:
        cls.__repr__ = lambda self: (
            cls.__name__ + "(" + ", ".join(n + "=" + builtins_repr(getattr(self, n)) for n in names) + ")"
        )
    if eq and "__eq__" not in cls.__dict__:
        cls.__eq__ = lambda a, b: type(a) is type(b) and values(a) == values(b)
        cls.__ne__ = lambda a, b: not (type(a) is type(b) and values(a) == values(b))
    if order:
        cls.__lt__ = lambda a, b: values(a) < values(b)
        cls.__le__ = lambda a, b: values(a) <= values(b)
        cls.__gt__ = lambda a, b: values(a) > values(b)
        cls.__ge__ = lambda a, b: values(a) >= values(b)
    if frozen:
        def refuse(self, name, value):
            raise FrozenInstanceError("cannot assign to field '" + name + "'")

        cls.__setattr__ = refuse
        cls.__hash__ = lambda self: hash(values(self))
    elif eq:
        cls.__hash__ = None
    cls.__dataclass_fields__ = dict((n, n) for n in names)
    return cls


builtins_repr = repr


class FrozenInstanceError(AttributeError):
    pass


def dataclass(cls=None, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False, **kwargs):
    def wrap(klass):
        return _process(klass, eq, order, frozen, repr)

    return wrap if cls is None else wrap(cls)


def fields(obj):
    return tuple(_field_names(obj if isinstance(obj, type) else type(obj)))


def asdict(obj):
    return dict((n, getattr(obj, n)) for n in fields(obj))


def astuple(obj):
    return tuple(getattr(obj, n) for n in fields(obj))


def replace(obj, **changes):
    values = asdict(obj)
    values.update(changes)
    return type(obj)(**values)


def is_dataclass(obj):
    return hasattr(obj, "__dataclass_fields__")
