"""How a requested method name finds the student's method: the one naming rule of the grader.

The grader always asks in snake_case (``is_empty``, ``find_jqk``, ``__str__``). A name is found
when the object has an attribute spelled the same once underscores are dropped and case is
ignored, so ``isEmpty``, ``IsEmpty`` and ``is_empty`` all answer ``is_empty``, and ``findJQK``
answers ``find_jqk``. An exact spelling wins over a loose one; if two loose spellings exist
(``isEmpty`` and ``isempty``) the request is ambiguous and fails with both names. ``__str__`` is
also answered by a Java-style ``toString`` when the class does not define ``__str__`` itself.
"""


def squash(name: str) -> str:
    return name.replace("_", "").lower()


class NameNotFound(AttributeError):
    pass


def resolve(target, wanted: str):
    """The attribute of ``target`` (object or module) that answers to ``wanted``."""
    if wanted == "__str__":
        return _resolve_str(target)
    return getattr(target, resolve_name(target, wanted))


def resolve_name(target, wanted: str) -> str:
    """The spelling under which ``target`` has the attribute that answers to ``wanted``."""
    if hasattr(target, wanted):
        return wanted
    key = squash(wanted)
    matches = sorted(n for n in dir(target) if not n.startswith("__") and squash(n) == key)
    if len(matches) == 1:
        return matches[0]
    kind = type(target).__name__ if not _is_module(target) else "module"
    if matches:
        raise NameNotFound(f"{kind} has several methods that could be {wanted!r}: {', '.join(matches)}")
    raise NameNotFound(f"{kind} has no method or attribute called {wanted!r}")


def _resolve_str(target):
    cls = type(target)
    if cls.__str__ is object.__str__:
        for name in ("toString", "to_string"):
            if hasattr(target, name):
                return getattr(target, name)
    return lambda: str(target)


def _is_module(target) -> bool:
    return type(target).__name__ == "module"
