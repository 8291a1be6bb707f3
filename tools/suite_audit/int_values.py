"""Which expressions of a Python file hold an int: what the ``is`` operator needs to know.

A beginner who writes ``a is b`` for ``a == b`` on two ints gets the right answer for every
value CPython shares (the small ints, -5 to 256: every int in that range is one object), and
the wrong one above it. So ``==`` -> ``is`` is a mutant only where an operand is an int, and
only where neither side is a literal in that range: ``count is 0`` answers exactly as
``count == 0`` for every int (CPython hands out the shared object for every result in the
range, whether computed, returned by ``len`` or read from JSON), so such a mutant would be
equivalent by construction, not a gap in the suites.

What counts as an int is found from the file itself, without running it: literals, ``len(...)``
and ``int(...)``, functions annotated ``-> int``, parameters annotated ``int``, names and
attributes assigned one of these (``self._point_value = point_value``), and arithmetic on two of
them; plus the names the lab's audit config lists (``int_valued``: methods of the lab's other
files, such as ``point_value``, that this file calls).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

SHARED = range(-5, 257)  # CPython's small ints: one object per value
INT_BUILTINS = frozenset({"len", "int", "ord"})
INT_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Pow,
                 ast.LShift, ast.RShift, ast.BitAnd, ast.BitOr, ast.BitXor)


@dataclass(frozen=True)
class IntNames:
    """The names in one file known to stand for ints."""

    calls: frozenset[str] = frozenset()  # functions and methods that return an int
    values: frozenset[str] = frozenset()  # parameters, variables and attributes that hold one


def _annotated_int(annotation: ast.expr | None) -> bool:
    return isinstance(annotation, ast.Name) and annotation.id == "int"


def _name_of(target: ast.expr) -> str | None:
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute):
        return target.attr
    return None


def int_names(tree: ast.AST, extra: Iterable[str] = ()) -> IntNames:
    """The int-valued names of ``tree``, and ``extra`` (as both calls and values)."""
    extra = frozenset(extra)
    calls, values = set(extra), set(extra)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _annotated_int(node.returns):
            calls.add(node.name)
        elif isinstance(node, ast.arg) and _annotated_int(node.annotation):
            values.add(node.arg)
        elif isinstance(node, ast.AnnAssign) and _annotated_int(node.annotation) and _name_of(node.target):
            values.add(_name_of(node.target))
    # Assignments from ints, until nothing new is learnt (a chain a = len(x); b = a; ...).
    while True:
        known = IntNames(frozenset(calls), frozenset(values))
        found = {_name_of(target) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                 and holds_int(node.value, known) for target in node.targets} - {None}
        if found <= values:
            return known
        values |= found


def holds_int(node: ast.expr, names: IntNames) -> bool:
    """Whether ``node`` is an int, as far as the file shows."""
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd, ast.Invert)):
        return holds_int(node.operand, names)
    if isinstance(node, ast.BinOp) and isinstance(node.op, INT_OPERATORS):
        return holds_int(node.left, names) and holds_int(node.right, names)
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in INT_BUILTINS:
            return True
        return _name_of(node.func) in names.calls
    return _name_of(node) in names.values


def shared_literal(node: ast.expr) -> bool:
    """A literal int that CPython shares (-5 to 256), written plainly or with a sign."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node, sign = node.operand, -1 if isinstance(node.op, ast.USub) else 1
    else:
        sign = 1
    return isinstance(node, ast.Constant) and type(node.value) is int and sign * node.value in SHARED


def identity_can_differ(left: ast.expr, right: ast.expr, names: IntNames) -> bool:
    """Whether ``left is right`` can answer otherwise than ``left == right``: an int on one side
    at least, and no shared literal on either (against one, ``is`` and ``==`` always agree)."""
    return ((holds_int(left, names) or holds_int(right, names))
            and not shared_literal(left) and not shared_literal(right))
