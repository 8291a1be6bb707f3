"""Running a student's own tester (Activity 5) against one Deck or Card, in a fresh sandbox.

Every run stages the same folder shape: the student's tester file(s), a ``deck.py`` and a
``card.py``. Only which deck.py or card.py it holds changes (the reference, a second correct
class, a Buggy variant or a mutant), under those same names, so nothing in a path, a file name
or the environment tells the tester which one it has.

How a run ends, for scoring (docs/testers.md):

- *passed*: every tester file ran to its end: a script to its last line, a unittest file
  through its TestCases, a pytest file through its tests (the runner in the sandbox picks the
  style from the file's contents: sandbox_runtime/tester_styles.py);
- *failed*: an assertion or any other exception, or ``sys.exit`` part-way, even with code 0;
- a failure catches a wrong class when it is the tester's own check firing (an AssertionError,
  a failed ``self.assert...``, ``pytest.fail`` or a ``pytest.raises`` that saw nothing), or any
  other error in a tester that has checks of its own (see ``contains_assert``);
- *timeout*: it did not finish. On a correct class that is a rejection; on a wrong class it is
  **not** a catch, because a tester that waits forever has told nobody anything.
"""

import ast
from dataclasses import dataclass
from pathlib import Path

from grader.assets import asset_path
from grader.sandbox import Limits, SandboxSession
from grader.sandbox.errors import SandboxCrashed, SandboxTimeout, StudentError
from grader.sandbox.launcher import Launcher


class PytestUnavailable(RuntimeError):
    """The tester imports pytest and the grader could not provide it: the grader's fault."""


@dataclass(frozen=True)
class TesterRun:
    outcome: str  # passed | failed | timeout
    message: str = ""
    output: str = ""
    by_assertion: bool = False  # it failed with an AssertionError (its own check fired)

    @property
    def passed(self) -> bool:
        return self.outcome == "passed"


def variant_file(folder: str, name: str) -> Path:
    """A class to run the tester against: ``("reference", "deck.py")``, ``("Buggy2", "deck.py")``,
    ``("mutants", "deck-007.py")``."""
    if folder == "reference":
        return asset_path("reference", name)
    return asset_path("buggy_variants", f"{folder}/{name}")


class OwnTests:
    """The student's tester files of one submission, ready to run against any Deck or Card."""

    def __init__(self, tester_files: dict[str, Path], seed: int, limits: Limits) -> None:
        self.tester_files = tester_files
        self.seed = seed
        self.limits = limits
        self.has_assertions = any(contains_assert(path) for path in tester_files.values())
        # Only a tester that mentions pytest runs beside it: forks from the launcher that has
        # pytest loaded cost about 1 ms more each (grader/sandbox/launcher.py).
        self.needs_pytest = any(mentions_pytest(path) for path in tester_files.values())

    def run(self, deck: Path, card: Path) -> TesterRun:
        files = {**self.tester_files, "deck.py": deck, "card.py": card}
        # Only the tester's lines are ever quoted; deck.py and card.py are the lab's classes.
        session = SandboxSession(files, [], self.limits, own=tuple(self.tester_files),
                                 launcher=Launcher.shared(pytest=self.needs_pytest))
        try:
            link = session.worker(self.seed)
            offset = session.output_end()
            for name in sorted(self.tester_files):
                try:
                    reply = link.request({"op": "run_tester", "file": name}, f"running {name}")
                except SandboxTimeout:
                    return TesterRun("timeout", f"{name} did not finish within {self.limits.call_seconds:g} s",
                                     session.output_since(offset)[0])
                except (SandboxCrashed, StudentError) as error:
                    return TesterRun("failed", f"{name}: {error}", session.output_since(offset)[0])
                if reply.get("how") == "no pytest":
                    raise PytestUnavailable(f"{name} imports pytest, but the grader could not provide pytest inside "
                                            f"the sandbox ({reply.get('why') or 'unknown reason'})")
                if not reply.get("passed"):
                    error = reply.get("error") or {}
                    by_assertion = error.get("assertion") is True or error.get("type") == "AssertionError"
                    return TesterRun("failed", describe_failure(name, reply), session.output_since(offset)[0], by_assertion)
            link.finish()
            return TesterRun("passed", "", session.output_since(offset)[0])
        finally:
            session.close()


def contains_assert(path: Path) -> bool:
    """Whether a tester file checks anything itself, found by parsing it (never running it).

    A check is an ``assert`` statement, a unittest ``self.assert...(...)``/``self.fail(...)``,
    or ``pytest.raises``/``pytest.fail`` (also imported by name from pytest). A crash counts
    as catching a wrong class only in a tester that checks something itself: otherwise a file
    that just calls every method would "catch" every class that raises.
    """
    tree = _parse(path)
    if tree is None:
        return False
    from_pytest = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                   and node.module == "pytest" for alias in node.names if alias.name in PYTEST_CHECKS}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            return True
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if func.value.id == "self" and (func.attr.startswith("assert") or func.attr == "fail"):
                return True
            if func.value.id == "pytest" and func.attr in PYTEST_CHECKS:
                return True
        if isinstance(func, ast.Name) and func.id in from_pytest:
            return True
    return False


PYTEST_CHECKS = ("raises", "fail")


def mentions_pytest(path: Path) -> bool:
    """Whether a tester may import pytest: its text names it anywhere (kept simple on purpose:
    a wrong yes costs a little time, a wrong no would cost the student the activity)."""
    try:
        return b"pytest" in path.read_bytes()[:200_000]
    except OSError:
        return False


def _parse(path: Path) -> ast.Module | None:
    try:
        return ast.parse(path.read_bytes()[:200_000])
    except (SyntaxError, ValueError, OSError):
        return None


def describe_failure(name: str, reply: dict) -> str:
    """What went wrong in a tester run, for the student: which test, what, and where."""
    error = reply.get("error", {})
    test = f" in {reply['test']}()" if reply.get("test") else ""
    if reply.get("case"):
        test += f" with the parameters [{reply['case']}]"
    how = reply.get("how")
    if how == "unknown fixture":
        return (f"{name}{test} asks for a fixture named {reply.get('fixture')!r}, which {name} does not define. "
                "The grader runs your tests without pytest's built-in fixtures (tmp_path, capsys, monkeypatch, "
                "request...) and without conftest.py: define the fixture in the same file with @pytest.fixture, "
                "or build what the test needs inside the test")
    if how == "unsupported":
        return (f"{name}{test} uses {reply.get('feature')}, which the grader cannot run: it runs pytest-style tests "
                "with plain fixtures, parametrize, raises, approx, skip and xfail only")
    if how == "no tests":
        return f"{name} has no test that could run (did every test get skipped, or is a TestCase empty?)"
    if how == "unexpected success":
        return f"{name}{test} was marked as expected to fail, but it passed"
    where = next(iter(reversed(error.get("frames", []))), None)
    line = f" at {where['file']} line {where['line']}: {where['code']}" if where else ""
    inside = f" (raised inside {error['inside']})" if error.get("inside") else ""
    if how == "exit":
        return f"{name} stopped early with sys.exit({reply.get('exit_code')}){test}{line}"
    message = f": {error.get('message')}" if error.get("message") else ""
    return f"{name} raised {error.get('type', 'an error')}{message}{test}{line}{inside}"
