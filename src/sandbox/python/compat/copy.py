class Error(Exception):
    pass


_ATOMIC = (type(None), int, float, bool, complex, str, bytes, type, range, type(len), type(lambda: 0))


def copy(x):
    if isinstance(x, _ATOMIC):
        return x
    if hasattr(x, "__copy__"):
        return x.__copy__()
    if isinstance(x, list):
        return list(x)
    if isinstance(x, dict):
        made = type(x)() if type(x) is not dict else {}
        made.update(x)
        return made
    if isinstance(x, set):
        return set(x)
    if isinstance(x, bytearray):
        return bytearray(x)
    if isinstance(x, (tuple, frozenset)):
        return x
    made = object.__new__(type(x))
    for k, v in x.__dict__.items():
        setattr(made, k, v)
    return made


def deepcopy(x, memo=None):
    if memo is None:
        memo = {}
    key = id(x)
    if key in memo:
        return memo[key]
    if isinstance(x, _ATOMIC):
        return x
    if hasattr(x, "__deepcopy__"):
        made = x.__deepcopy__(memo)
    elif isinstance(x, list):
        made = []
        memo[key] = made
        for item in x:
            made.append(deepcopy(item, memo))
    elif isinstance(x, dict):
        made = type(x)() if type(x) is not dict else {}
        memo[key] = made
        for k in x:
            made[deepcopy(k, memo)] = deepcopy(x[k], memo)
    elif isinstance(x, tuple):
        made = tuple(deepcopy(item, memo) for item in x)
        if hasattr(x, "_fields"):
            made = type(x)(*made)
    elif isinstance(x, set):
        made = set(deepcopy(item, memo) for item in x)
    elif isinstance(x, frozenset):
        made = frozenset(deepcopy(item, memo) for item in x)
    elif isinstance(x, bytearray):
        made = bytearray(x)
    else:
        made = object.__new__(type(x))
        memo[key] = made
        for k, v in x.__dict__.items():
            setattr(made, k, deepcopy(v, memo))
    memo[key] = made
    return made
