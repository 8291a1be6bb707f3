"""How a value crossing between the tester and the hosted class is now, to tell whether a call
changed it (crossing.py copies back only what changed, and sends it before a call back).

Standard library only, and nothing here calls a method of the objects it looks at: a snapshot
is taken in the middle of calls, of objects either side may own.
"""

import random

SCALARS = frozenset({type(None), bool, int, float, str})


def flat_state(state: dict) -> tuple | None:
    """An object's state when it holds only plain scalars (a small value object), as a comparable tuple; None
    when it holds anything else (then it is always sent whole)."""
    for value in state.values():
        if type(value) not in SCALARS:
            return None
    return tuple(state.items())


# How deep a snapshot looks (a table's rows of cards are 3 levels down). Deeper changes go unseen
# until the object crosses again; a deeper look would cost frames a student's recursion needs.
SNAPSHOT_DEPTH = 6


def snapshot(obj, depth: int = 0, seen: set | None = None) -> object:
    """How a shared object is now, deeply: lists, dicts and objects inside it by their own
    contents, so a change anywhere below (an item appended to a list made during the call)
    shows as a change of the object that was passed, which is then sent whole."""
    seen = set() if seen is None else seen
    kind = type(obj)
    if kind in SCALARS:
        return obj
    if kind is random.Random:
        return obj.getstate()
    if id(obj) in seen or depth > SNAPSHOT_DEPTH:
        return ("id", id(obj))
    seen.add(id(obj))
    if kind is list:
        return ("l", id(obj), tuple(snapshot(item, depth + 1, seen) for item in obj))
    if kind is dict:
        return ("d", id(obj), tuple((snapshot(k, depth + 1, seen), snapshot(v, depth + 1, seen)) for k, v in obj.items()))
    # A plain object's own fields; never a class, a function or a proxy of the other side (its
    # __getattr__ would ask the other side, in the middle of a call).
    if isinstance(obj, type) or callable(obj) or getattr(kind, "__getattr__", None) is not None:
        return ("id", id(obj))
    try:
        state = object.__getattribute__(obj, "__dict__")
    except (AttributeError, TypeError):
        return ("id", id(obj))
    return ("o", id(obj), tuple((k, snapshot(v, depth + 1, seen)) for k, v in state.items()))
