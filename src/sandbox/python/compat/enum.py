# MicroPython's classes take no metaclass keyword: the class hook the sandbox installs (_on_class)
# remakes a subclass of Enum with EnumType, which gives iteration, len, Color(value) and Color['NAME'].
_auto_next = [0]


class auto:
    def __init__(self):
        _auto_next[0] += 1
        self.order = _auto_next[0]


class EnumType(type):
    def __iter__(cls):
        return iter(cls._member_list_)

    def __len__(cls):
        return len(cls._member_list_)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __contains__(cls, member):
        return member in cls._member_list_

    def __call__(cls, value):
        for member in cls._member_list_:
            if member is value or member._value_ == value:
                return member
        raise ValueError(repr(value) + " is not a valid " + cls.__name__)


def _init(self, value):
    self._value_ = value


def _repr(self):
    return "<" + type(self).__name__ + "." + self._name_ + ": " + repr(self._value_) + ">"


def _str(self):
    return type(self).__name__ + "." + self._name_


# A class made by a metaclass shows no __dict__ here: each enum's namespace is kept for its subclasses.
_namespaces = []


def _enum_class(name, ns):
    cls = EnumType(name, (), ns)
    _namespaces.append((cls, ns))
    return cls


Enum = _enum_class(
    "Enum",
    {
        "__init__": _init,
        "__repr__": _repr,
        "__str__": _str,
        "__hash__": lambda self: hash(self._name_),
        "name": property(lambda self: self._name_),
        "value": property(lambda self: self._value_),
        "_member_list_": [],
        "_member_map_": {},
    },
)


def _same(a, b):
    return a._value_ == (b._value_ if hasattr(b, "_value_") else b)


def _order(op):
    return lambda a, b: op(a._value_, b._value_ if hasattr(b, "_value_") else b)


# MicroPython cannot subclass a class made by a metaclass: an enum gets its bases' methods copied instead.
IntEnum = _enum_class(
    "IntEnum",
    {
        "__eq__": _same,
        "__ne__": lambda a, b: not _same(a, b),
        "__hash__": lambda self: hash(self._value_),
        "__lt__": _order(lambda x, y: x < y),
        "__le__": _order(lambda x, y: x <= y),
        "__gt__": _order(lambda x, y: x > y),
        "__ge__": _order(lambda x, y: x >= y),
        "__int__": lambda self: self._value_,
        "__index__": lambda self: self._value_,
        "__add__": lambda a, b: a._value_ + b,
        "__sub__": lambda a, b: a._value_ - b,
        "__mul__": lambda a, b: a._value_ * b,
        "__str__": lambda self: str(self._value_),
    },
)
_namespaces[-1][1].update((k, v) for k, v in _namespaces[0][1].items() if k not in _namespaces[-1][1])
Flag = IntEnum


def _inherited(bases):
    ns = {}
    for base in bases:
        for cls, own in _namespaces:
            if cls is base:
                ns.update(own)
    return ns


def _make_enum(build, func, name, bases):
    body = build(func, name)
    ns = _inherited(bases)
    members = []
    for key, value in body.__dict__.items():
        if key in ("__module__", "__qualname__"):
            continue
        if key.startswith("_") or callable(value) and not isinstance(value, auto) or isinstance(value, property):
            ns[key] = value
        else:
            members.append((key, value))
    ns["_member_list_"] = []
    ns["_member_map_"] = {}
    order = [n for n, _ in _LAYOUT.get(name, ())]
    members.sort(key=lambda m: order.index(m[0]) if m[0] in order else len(order))
    cls = _enum_class(name, ns)
    # A class made by a metaclass cannot be instantiated here: members are of a plain class of the same name.
    kind = type(name, (), dict((k, v) for k, v in ns.items() if k not in ("_member_list_", "_member_map_")))
    last = 0
    for key, value in members:
        if isinstance(value, auto):
            value = last + 1
        if isinstance(value, int):
            last = value
        alias = None
        for m in cls._member_list_:
            if m._value_ == value:
                alias = m
        member = alias or kind(value)
        if alias is None:
            member._name_ = key
            cls._member_list_.append(member)
        cls._member_map_[key] = member
        setattr(cls, key, member)
    return cls


def _on_class(build):
    def hook(func, name, *bases, **kwargs):
        for base in bases:
            if isinstance(base, EnumType):
                return _make_enum(build, func, name, bases)
        return build(func, name, *bases, **kwargs)

    return hook


def unique(cls):
    return cls
