"""Reading pytest marks on a student's tests: parametrize cases, skip, skipif, xfail, usefixtures.

pytest stores what ``@pytest.mark.X(...)`` says as ``Mark`` objects (name, args, kwargs) in a
``pytestmark`` list on the function, the class or the module; ``pytest.param`` gives a
``ParameterSet`` (values, marks, id). Only those public shapes are read here, so the same code
works with every pytest from 7.4 on. Marks this runner does not know (custom ones) are ignored,
as pytest ignores unregistered marks.
"""

import os
import sys
from dataclasses import dataclass, field
from types import SimpleNamespace


class Unsupported(Exception):
    """A pytest feature this runner does not provide; ``str()`` names it for the student."""


@dataclass
class Case:
    """One call of a test: the parametrized arguments, the marks of its ``pytest.param``s, its id."""

    params: dict = field(default_factory=dict)
    marks: list = field(default_factory=list)
    ids: list = field(default_factory=list)

    @property
    def id(self) -> str:
        return "-".join(self.ids)


def _structures():
    return sys.modules.get("_pytest.mark.structures")


def as_marks(raw) -> list:
    """A ``pytestmark`` value (a mark, a decorator, or a list of them) as a list of Marks."""
    structures = _structures()
    if structures is None or raw is None:
        return []
    items = raw if isinstance(raw, (list, tuple)) else [raw]
    marks = []
    for item in items:
        if isinstance(item, structures.MarkDecorator):
            item = item.mark
        if isinstance(item, structures.Mark):
            marks.append(item)
    return marks


def marks_of(function, cls, module) -> list:
    """The marks that apply to a test, nearest first: the function's, its class's, the module's."""
    marks = as_marks(getattr(function, "pytestmark", None))
    for klass in (cls.__mro__ if cls is not None else ()):
        marks += as_marks(vars(klass).get("pytestmark"))
    return marks + as_marks(vars(module).get("pytestmark"))


def expand(marks: list) -> list[Case]:
    """Every case of a test: the product of its parametrize marks (stacked decorators vary the
    nearest one slowest, as pytest does). An empty parameter list gives one skipped case."""
    cases = [Case()]
    for mark in marks:
        if mark.name != "parametrize":
            continue
        names, values, ids = _parametrize_arguments(mark)
        if not values:
            skip = _skip_mark(f"got empty parameter set for {', '.join(names)}")
            return [Case(marks=[skip], ids=["NOTSET"])]
        options = [_one_case(names, value, ids, index) for index, value in enumerate(values)]
        cases = [Case({**case.params, **params}, case.marks + extra, case.ids + [case_id])
                 for case in cases for params, extra, case_id in options]
    return cases


def _parametrize_arguments(mark) -> tuple[list[str], list, object]:
    args = list(mark.args) + [None, None]
    names = mark.kwargs.get("argnames", args[0])
    values = mark.kwargs.get("argvalues", args[1])
    if mark.kwargs.get("indirect"):
        raise Unsupported("@pytest.mark.parametrize(..., indirect=...)")
    if isinstance(names, str):
        names = [name.strip() for name in names.split(",") if name.strip()]
    return list(names), list(values or []), mark.kwargs.get("ids")


def _one_case(names: list[str], value, ids, index: int) -> tuple[dict, list, str]:
    structures = _structures()
    if structures is not None and isinstance(value, structures.ParameterSet):
        values, marks, given_id = tuple(value.values), as_marks(list(value.marks)), value.id
    else:
        values, marks, given_id = ((value,) if len(names) == 1 else tuple(value)), [], None
    if len(values) != len(names):
        raise ValueError(f"parametrize for {', '.join(names)} got {len(values)} value(s) in case {index}: {value!r}")
    if given_id is None and ids is not None and not callable(ids) and index < len(ids) and ids[index] is not None:
        given_id = str(ids[index])
    if given_id is None:
        given_id = "-".join(_id_of(v, name, index, ids) for v, name in zip(values, names))
    return dict(zip(names, values)), marks, given_id


def _id_of(value, name: str, index: int, ids) -> str:
    """How pytest names one value in a test id: short values as they are, others by position."""
    if callable(ids):
        made = ids(value)
        if made is not None:
            return str(made)
    if value is None or isinstance(value, (str, int, float, bool, complex)):
        return str(value)
    return getattr(value, "__name__", None) or f"{name}{index}"


def _skip_mark(reason: str) -> SimpleNamespace:
    """A mark of our own making: only its name, args and kwargs are ever read."""
    return SimpleNamespace(name="skip", args=(), kwargs={"reason": reason})


def fixture_names(marks: list) -> list[str]:
    """The fixtures ``@pytest.mark.usefixtures(...)`` asks for."""
    return [name for mark in marks if mark.name == "usefixtures" for name in mark.args]


def decide(marks: list, namespace: dict) -> tuple[str, object] | None:
    """``("skip", reason)``, ``("xfail", mark)`` or None, from skip, skipif and xfail marks."""
    for mark in marks:
        if mark.name == "skip":
            return "skip", mark.kwargs.get("reason", mark.args[0] if mark.args else "unconditional skip")
        if mark.name == "skipif" and _holds(mark, namespace):
            return "skip", mark.kwargs.get("reason", "")
    for mark in marks:
        if mark.name == "xfail" and _holds(mark, namespace):
            return "xfail", mark
    return None


def _holds(mark, namespace: dict) -> bool:
    """Whether a skipif/xfail mark's conditions hold (no conditions: it always does)."""
    conditions = list(mark.args)
    if "condition" in mark.kwargs:
        conditions.append(mark.kwargs["condition"])
    if not conditions:
        return True
    for condition in conditions:
        if isinstance(condition, str):  # pytest evaluates a string with os, sys and platform
            condition = eval(condition, {"os": os, "sys": sys, "platform": sys.modules.get("platform"), **namespace})
        if condition:
            return True
    return False
