"""The fixtures a student's pytest-style tester defines in its own file, set up and torn down.

Supported: ``@pytest.fixture`` functions at module level or in a test class, with or without
``yield`` (the code after ``yield`` is the teardown), fixtures that take other fixtures,
``autouse=True``, ``name=...``. A function-scoped fixture is made afresh for each test; one of a
wider scope (class, module, package, session) once for the whole file. Not supported:
pytest's built-in fixtures (``tmp_path``, ``capsys``, ``monkeypatch``, ``request``...),
``conftest.py`` and fixtures with ``params``: asking for one fails the test with a message that
names it.

How a fixture is marked changed in pytest 8.4: ``pytest.fixture`` used to return the function,
wrapped, with a ``_pytestfixturefunction`` attribute (the original under
``__pytest_wrapped__.obj``); it now returns a ``FixtureFunctionDefinition`` object. Both are read.
"""

import inspect
import sys
import types
from dataclasses import dataclass, field

from sandbox_runtime.testers.pytest_marks import Unsupported


class UnknownFixture(Exception):
    """A test asked for an argument no fixture of its file provides."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


@dataclass
class Definition:
    name: str
    function: object  # callable, already bound to the test's instance for a class's fixture
    scope: str
    autouse: bool
    params: object
    key: str = ""  # where a value is kept: the name, or Class::name for a class's fixture


def definition_of(obj) -> Definition | None:
    """The fixture ``obj`` defines, or None if it is not a fixture (checked by type, not by
    asking the object for attributes: a student's object may claim to have any attribute)."""
    fixtures = sys.modules.get("_pytest.fixtures")
    if fixtures is None:
        return None
    newer = getattr(fixtures, "FixtureFunctionDefinition", None)  # pytest >= 8.4
    if newer is not None and isinstance(obj, newer):
        return _definition(obj.name, obj._fixture_function, obj._fixture_function_marker)
    if isinstance(obj, (types.FunctionType, types.MethodType)):  # pytest < 8.4
        marker = getattr(obj, "_pytestfixturefunction", None)
        if isinstance(marker, fixtures.FixtureFunctionMarker):
            function = obj.__pytest_wrapped__.obj
            if isinstance(obj, types.MethodType):
                function = types.MethodType(function, obj.__self__)
            return _definition(marker.name or function.__name__, function, marker)
    return None


def _definition(name: str, function, marker) -> Definition:
    scope = marker.scope if isinstance(marker.scope, str) else "function"  # a callable scope: per test
    return Definition(name, function, scope, bool(marker.autouse), marker.params, key=name)


def argument_names(function) -> list[str]:
    """The arguments pytest would fill in: those without a default (``self`` is already bound)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return []
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [p.name for p in parameters if p.kind in kinds and p.default is inspect.Parameter.empty]


@dataclass
class Scope:
    """Fixture values made for one scope, and the teardowns to run when it ends."""

    values: dict = field(default_factory=dict)
    teardowns: list = field(default_factory=list)

    def close(self) -> BaseException | None:
        """Run the teardowns, newest first; the first error any of them raised, if one did."""
        first = None
        while self.teardowns:
            name, generator = self.teardowns.pop()
            try:
                next(generator)
                raise RuntimeError(f"the fixture {name!r} has more than one yield")
            except StopIteration:
                pass
            except BaseException as exc:  # noqa: BLE001 - reported as the test's failure
                first = first or exc
        self.values.clear()
        return first


class Fixtures:
    """The fixtures of one tester file; ``file_scope`` holds those made once for the file."""

    def __init__(self, module) -> None:
        self.module_definitions = _definitions_in(vars(module).values())
        self.file_scope = Scope()

    def for_instance(self, instance) -> dict[str, Definition]:
        """The fixtures a test sees: its class's (bound to this instance), then the module's."""
        found = dict(self.module_definitions)
        if instance is None:
            return found
        for klass in reversed(type(instance).__mro__):
            for raw in list(vars(klass).values()):
                if definition_of(raw) is not None:  # judged unbound, then bound to the instance
                    definition = definition_of(raw.__get__(instance, type(instance)))
                    if definition is not None:
                        definition.key = f"{klass.__name__}::{definition.name}"
                        found[definition.name] = definition
        return found

    def autouse(self, definitions: dict[str, Definition]) -> list[str]:
        return [name for name, definition in definitions.items() if definition.autouse]

    def values(self, names: list[str], definitions: dict, params: dict, test_scope: Scope) -> dict:
        """The value of each name: a parametrized argument, or a fixture set up for this test."""
        return {name: self._value(name, definitions, params, test_scope, ()) for name in dict.fromkeys(names)}

    def _value(self, name: str, definitions: dict, params: dict, test_scope: Scope, chain: tuple):
        if name in params:
            return params[name]
        definition = definitions.get(name)
        if definition is None:
            raise UnknownFixture(name)
        scope = test_scope if definition.scope == "function" else self.file_scope
        if definition.key in scope.values:
            return scope.values[definition.key]
        if name in chain:
            raise RuntimeError(f"the fixture {name!r} depends on itself: {' -> '.join(chain + (name,))}")
        if definition.params is not None:
            raise Unsupported(f"the fixture {name!r} has params (pytest.fixture(params=...))")
        arguments = {arg: self._value(arg, definitions, params, test_scope, chain + (name,))
                     for arg in argument_names(definition.function)}
        value = definition.function(**arguments)
        if inspect.isgenerator(value):
            generator = value
            try:
                value = next(generator)
            except StopIteration:
                raise RuntimeError(f"the fixture {name!r} did not yield a value") from None
            scope.teardowns.append((name, generator))
        scope.values[definition.key] = value
        return value


def _definitions_in(objects) -> dict[str, Definition]:
    found = {}
    for obj in objects:
        definition = definition_of(obj)
        if definition is not None:
            found[definition.name] = definition
    return found
