"""Turning student values into plain data, and plain data back into arguments.

Only values whose type is *exactly* None, bool, int, float, str, list, tuple or dict (with str
keys) are sent as data. Anything else, including a subclass of int or str (which could lie in
``__eq__``), stays in the sandbox and is sent as a handle: ``{"$handle": 7, "type": "Widget"}``.
A handle on the grader's side equals nothing but itself, so a student object can never pass
for a correct value.
"""

import math

MAX_ITEMS = 200_000
MAX_DEPTH = 32


class ValueTooLarge(ValueError):
    pass


class Handles:
    """The objects the grader holds by number. Numbers are never reused within a worker."""

    def __init__(self) -> None:
        self.objects: dict[int, object] = {}
        self.numbers: dict[int, int] = {}  # id(obj) -> number; ids are stable while held

    def add(self, obj) -> int:
        number = self.numbers.get(id(obj))
        if number is None:
            number = len(self.objects) + 1
            self.objects[number] = obj
            self.numbers[id(obj)] = number
        return number

    def get(self, number: int):
        return self.objects[number]


def encode(value, handles: Handles, depth: int = 0, budget: list | None = None):
    budget = budget if budget is not None else [MAX_ITEMS]
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        raise ValueTooLarge("the value is too large or too deeply nested to check")
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is str:
        return value
    if kind is float:
        return value if math.isfinite(value) else {"$float": repr(value)}
    if kind is list or kind is tuple:
        return [encode(item, handles, depth + 1, budget) for item in value]
    if kind is dict and all(type(key) is str for key in value):
        return {"$dict": {key: encode(item, handles, depth + 1, budget) for key, item in value.items()}}
    return {"$handle": handles.add(value), "type": kind.__name__}


def decode(data, handles: Handles):
    """Arguments from the grader: plain data, with ``{"$handle": n}`` for objects held here."""
    if isinstance(data, list):
        return [decode(item, handles) for item in data]
    if isinstance(data, dict):
        if "$handle" in data:
            return handles.get(data["$handle"])
        if "$dict" in data:
            return {key: decode(item, handles) for key, item in data["$dict"].items()}
        if "$float" in data:
            return float(data["$float"])
    return data
