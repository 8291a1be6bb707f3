"""How a value crossing between the tester and the hosted class is now, to tell whether a call
changed it (crossing.py copies back only what changed, and sends it before a call back).

Standard library only, and nothing here calls a method of the objects it looks at: a snapshot
is taken in the middle of calls, of objects either side may own.
"""

import random

SCALARS = frozenset({type(None), bool, int, float, str})


def slot_names(kind: type) -> tuple[str, ...]:
    """The data slots a class and its bases declare, as stored (``__count`` in class Widget is
    ``_Widget__count``). An object of a class with ``__slots__`` may have no ``__dict__``: its
    fields are here."""
    names: list[str] = []
    for klass in kind.__mro__:
        slots = vars(klass).get("__slots__", ())
        for name in ((slots,) if isinstance(slots, str) else slots):
            if type(name) is not str or name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{klass.__name__.lstrip('_')}{name}"
            names.append(name)
    return tuple(dict.fromkeys(names))


def object_state(obj) -> dict | None:
    """An object's fields (its ``__dict__`` and its slots that hold a value), read without calling
    any of its methods; None when it has neither (then it cannot be copied)."""
    slots = slot_names(type(obj))
    try:
        own = object.__getattribute__(obj, "__dict__")
    except (AttributeError, TypeError):
        own = None
    if own is None and not slots:
        return None
    state = {}
    for name in slots:
        try:
            state[name] = object.__getattribute__(obj, name)
        except AttributeError:
            continue  # a slot never set
    if own:
        state.update(own)
    return state


def restore_state(obj, state: dict) -> None:
    """Make ``obj``'s fields exactly ``state`` (object_state's), slots included, without calling
    its own ``__setattr__`` (an immutable value object refuses it)."""
    slots = set(slot_names(type(obj)))
    try:
        own = object.__getattribute__(obj, "__dict__")
    except (AttributeError, TypeError):
        own = None
    if own is not None:
        own.clear()
    for name in slots - set(state):
        try:
            object.__delattr__(obj, name)
        except AttributeError:
            pass
    for name, value in state.items():
        if name in slots:
            object.__setattr__(obj, name, value)
        elif own is not None:
            own[name] = value


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
    state = object_state(obj)
    if state is None:
        return ("id", id(obj))
    return ("o", id(obj), tuple((k, snapshot(v, depth + 1, seen)) for k, v in state.items()))
