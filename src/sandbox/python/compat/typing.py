# Names only: annotations are not checked, so each name stands for anything.


class _Any:
    def __getitem__(self, item):
        return self

    def __call__(self, *args, **kwargs):
        return args[0] if args else None

    def __repr__(self):
        return "typing.Any"


Any = _Any()
for _name in (
    "Callable Dict Deque DefaultDict FrozenSet Generator Iterable Iterator List Mapping MutableMapping "
    "NamedTuple Optional Sequence Set Tuple Type Union ClassVar Final Literal Counter"
).split():
    globals()[_name] = Any
del _name
TYPE_CHECKING = False


def TypeVar(name, *constraints, **options):
    return Any


def cast(kind, value):
    return value


def overload(func):
    return func


def NewType(name, kind):
    return lambda value: value
