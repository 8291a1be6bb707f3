"""Running a student's own tester (Activity 5) against one Deck or Card, in a fresh sandbox.

Every run stages the same folder shape: the student's tester file(s), a ``deck.py`` and a
``card.py``. Only which deck.py or card.py it holds changes (the reference, a second correct
class, a Buggy variant or a mutant), under those same names, so nothing in a path, a file name
or the environment tells the tester which one it has.

How a run ends, for scoring (docs/testers.md):

- *passed*: every tester file ran to its end (a script to its last line, a pytest-style file
  through every ``test*`` function);
- *failed*: an assertion or any other exception, or ``sys.exit`` part-way, even with code 0;
- a failure catches a wrong class when it is an AssertionError, or any other error in a tester
  that has assert statements of its own (see ``contains_assert``);
- *timeout*: it did not finish. On a correct class that is a rejection; on a wrong class it is
  **not** a catch, because a tester that waits forever has told nobody anything.
"""

import ast
from dataclasses import dataclass
from pathlib import Path

from grader.assets import asset_path
from grader.sandbox import Limits, SandboxSession
from grader.sandbox.errors import SandboxCrashed, SandboxTimeout, StudentError


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

    def run(self, deck: Path, card: Path) -> TesterRun:
        files = {**self.tester_files, "deck.py": deck, "card.py": card}
        session = SandboxSession(files, [], self.limits)
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
                if not reply.get("passed"):
                    by_assertion = reply.get("error", {}).get("type") == "AssertionError"
                    return TesterRun("failed", describe_failure(name, reply), session.output_since(offset)[0], by_assertion)
            link.finish()
            return TesterRun("passed", "", session.output_since(offset)[0])
        finally:
            session.close()


def contains_assert(path: Path) -> bool:
    """Whether a tester file has any assert statement, found by parsing it (never running it).

    A crash counts as catching a wrong class only in a tester that checks something itself:
    otherwise a file that just calls every method would "catch" every class that raises.
    """
    try:
        tree = ast.parse(path.read_bytes()[:200_000])
    except (SyntaxError, ValueError, OSError):
        return False
    return any(isinstance(node, ast.Assert) for node in ast.walk(tree))


def describe_failure(name: str, reply: dict) -> str:
    error = reply.get("error", {})
    where = next(iter(reversed(error.get("frames", []))), None)
    line = f" at {where['file']} line {where['line']}: {where['code']}" if where else ""
    test = f" in {reply['test']}()" if reply.get("test") else ""
    if reply.get("how") == "exit":
        return f"{name} stopped early with sys.exit({reply.get('exit_code')}){test}{line}"
    message = f": {error.get('message')}" if error.get("message") else ""
    return f"{name} raised {error.get('type', 'an error')}{message}{test}{line}"
