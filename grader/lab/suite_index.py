"""Which suite files a lab has and which test functions each defines, found without importing them.

The rubric is checked against this index when it is loaded, so a typo in a test or suite name
is an error that names the closest real one, instead of a test that silently never runs (or a
rubric entry that silently matches nothing and changes every grade).
"""

import ast
import difflib
from functools import lru_cache
from pathlib import Path

# Must agree with grader/engine/suites.ini (python_files, python_functions).
SUITE_PATTERN = "test_*.py"
TEST_PREFIX = "test_"


def suite_files(suites: Path) -> list[str]:
    """The suite files in a lab's suites folder."""
    return sorted(path.name for path in suites.glob(SUITE_PATTERN))


@lru_cache(maxsize=None)
def suite_tests(suites: Path, suite_file: str) -> tuple[str, ...]:
    """The names of the test functions defined at the top of a suite file, in file order."""
    tree = ast.parse((suites / suite_file).read_text(encoding="utf-8"), filename=suite_file)
    return tuple(node.name for node in tree.body
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(TEST_PREFIX))


def closest(name: str, candidates: list[str] | tuple[str, ...]) -> str:
    """A "did you mean" clause for an error message; empty when nothing is close."""
    found = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.5)
    return f" (did you mean {found[0]!r}?)" if found else ""
