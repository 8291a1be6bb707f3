"""Running a pytest-style tester without pytest's runner: collect its tests, call each one.

pytest itself cannot run here (it reads configuration, plugins and files, and rewrites asserts
on import); its public pieces can, because the launcher imported them (pytest_preload.py). So
the file is imported as a module, and its tests are collected the way pytest collects them:
top-level functions named ``test*`` and methods named ``test*`` of ``Test*`` classes without
``__init__`` (a fresh instance per test), in the order the file defines them. Each test gets its
parametrize cases (pytest_marks.py) and its fixtures (pytest_fixtures.py); skip, skipif and
xfail marks and ``pytest.skip()``/``pytest.xfail()`` count as not failing. xunit-style
``setup_module``/``setup_class``/``setup_method``/``setup_function`` (and their teardowns) run
as in pytest. It stops at the first failing test, as the lab's testers do (the class and module
teardowns are then not run: the worker ends with the file; fixture teardowns still run).
"""

import inspect
import sys

from sandbox_runtime.testers import pytest_marks
from sandbox_runtime.wire.failures import tester_failure as failure
from sandbox_runtime.testers.pytest_fixtures import Fixtures, Scope, UnknownFixture, argument_names, definition_of
from sandbox_runtime.testers.pytest_marks import Unsupported


class _Stop(Exception):
    """A test failed: ``result`` is the reply for the whole file."""

    def __init__(self, result: dict) -> None:
        super().__init__()
        self.result = result


def collect(module) -> list[tuple[str, type | None, str]]:
    """Every test as (label, class or None, attribute name), in the file's order."""
    unittest = sys.modules.get("unittest")
    tests = []
    for name, obj in list(vars(module).items()):
        if name.startswith("test") and inspect.isfunction(obj) and definition_of(obj) is None:
            tests.append((name, None, name))
        elif name.startswith("Test") and inspect.isclass(obj) and obj.__init__ is object.__init__:
            if unittest is not None and issubclass(obj, unittest.TestCase):
                continue
            for attr in dict.fromkeys(attr for klass in obj.__mro__[:-1] for attr in vars(klass)):
                raw = inspect.getattr_static(obj, attr)
                if attr.startswith("test") and (isinstance(raw, (staticmethod, classmethod))
                                                or inspect.isfunction(raw) and definition_of(raw) is None):
                    tests.append((f"{name}.{attr}", obj, attr))
    return tests


def run(module, staging_dir: str) -> dict:
    """Run every test of an imported pytest-style module; the reply for the whole file."""
    fixtures = Fixtures(module)
    counts = {"tests": 0, "skipped": 0}
    try:
        _xunit(module, "setup_module", module)
        current_class = None
        for label, cls, attr in collect(module):
            if cls is not current_class:
                if current_class is not None:
                    _xunit(current_class, "teardown_class")
                current_class = cls
                if cls is not None:
                    _xunit(cls, "setup_class")
            _run_test(module, label, cls, attr, fixtures, counts, staging_dir)
        if current_class is not None:
            _xunit(current_class, "teardown_class")
        _xunit(module, "teardown_module", module)
    except _Stop as stop:
        fixtures.file_scope.close()
        return {**stop.result, **counts}
    except BaseException as exc:  # noqa: BLE001 - an error in module or class setup/teardown
        fixtures.file_scope.close()
        return {**failure(exc, staging_dir), **counts}
    problem = fixtures.file_scope.close()
    if problem is not None:
        return {**failure(problem, staging_dir), **counts}
    if counts["tests"] == 0:
        return {"passed": False, "how": "no tests", **counts}
    return {"passed": True, "how": "ran to the end", **counts}


def _run_test(module, label: str, cls, attr: str, fixtures: Fixtures, counts: dict, staging_dir: str) -> None:
    function = getattr(cls, attr) if cls is not None else getattr(module, attr)
    marks = pytest_marks.marks_of(function, cls, module)
    try:
        cases = pytest_marks.expand(marks)
    except Unsupported as exc:
        raise _Stop({"passed": False, "how": "unsupported", "feature": str(exc), "test": label}) from None
    except BaseException as exc:  # noqa: BLE001 - a parametrize the student got wrong
        raise _Stop({**failure(exc, staging_dir), "test": label}) from None
    for case in cases:
        counts["tests"] += 1
        outcome = _run_case(module, cls, attr, case, marks, fixtures, staging_dir)
        if outcome == "skipped":
            counts["skipped"] += 1
        elif outcome is not None:
            raise _Stop({**outcome, "test": label, **({"case": case.id} if case.ids else {})})


def _run_case(module, cls, attr: str, case, marks: list, fixtures: Fixtures, staging_dir: str) -> dict | str | None:
    """None if the case passed (or failed as an xfail mark expected), "skipped", or the failure reply."""
    pytest = sys.modules.get("pytest")
    all_marks = case.marks + marks
    decision = pytest_marks.decide(all_marks, vars(module))
    if decision is not None and decision[0] == "skip":
        return "skipped"
    xfail = decision[1] if decision is not None else None
    if xfail is not None and xfail.kwargs.get("run", True) is False:
        return "skipped"
    owner = module if cls is None else None  # the instance, once made: xunit hooks live there
    test = None
    scope = Scope()
    problem = None
    try:
        if owner is None:
            owner = cls()
        test = getattr(owner, attr)
        _xunit(owner, "setup_function" if cls is None else "setup_method", test)
        definitions = fixtures.for_instance(None if cls is None else owner)
        names = fixtures.autouse(definitions) + pytest_marks.fixture_names(all_marks) + argument_names(test)
        arguments = fixtures.values(names, definitions, case.params, scope)
        result = test(**{name: arguments[name] for name in argument_names(test)})
        if inspect.iscoroutine(result):
            result.close()
            raise Unsupported("async def tests (they need a plugin such as pytest-asyncio)")
    except UnknownFixture as missing:
        problem = {"passed": False, "how": "unknown fixture", "fixture": missing.name}
    except Unsupported as exc:
        problem = {"passed": False, "how": "unsupported", "feature": str(exc)}
    except BaseException as exc:  # noqa: BLE001 - the test failing is what we are here to see
        if pytest is not None and isinstance(exc, (pytest.skip.Exception, pytest.xfail.Exception)):
            problem = "skipped"  # pytest.skip(), or pytest.xfail(): an expected failure
        elif xfail is not None and _expected(exc, xfail):
            problem = "xfailed"
        else:
            problem = failure(exc, staging_dir)
    finally:
        if test is not None:
            try:
                _xunit(owner, "teardown_function" if cls is None else "teardown_method", test)
            except BaseException as exc:  # noqa: BLE001
                problem = problem if isinstance(problem, dict) else failure(exc, staging_dir)
        torn = scope.close()
        if torn is not None and not isinstance(problem, dict):
            problem = failure(torn, staging_dir)
    if problem == "xfailed":
        return None
    if problem is None and xfail is not None and xfail.kwargs.get("strict"):
        return {"passed": False, "how": "unexpected success"}
    return problem


def _expected(exc: BaseException, xfail) -> bool:
    raises = xfail.kwargs.get("raises")
    return raises is None or isinstance(exc, raises)


def _xunit(owner, name: str, *argument) -> None:
    """Call an xunit-style setup/teardown if the file defines one (with its argument, if it
    takes one, as pytest allows both)."""
    function = vars(owner).get(name) if inspect.ismodule(owner) else getattr(owner, name, None)
    if not callable(function):
        return
    try:
        takes = len(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        takes = 0
    function(*argument[:takes])
