"""How the suite is shared between pytest-xdist workers (`-n auto --dist loadfile`, README).

With ``--dist loadfile`` (or ``loadscope``) each test file goes to one worker, so a
module-scoped fixture that grades a whole class runs once. A session-scoped fixture, though, is
set up once *per worker* that runs any test needing it: tests/labs/six_takes and
tests/labs/up_down_stay each grade a whole made-up class once per session for all of their
files (one to two minutes each), and split over two workers the class would be graded twice. So
a folder whose conftest.py declares a session-scoped fixture goes to one worker whole. Without
xdist, or with another --dist mode, nothing here applies.
"""

import ast
from functools import lru_cache
from pathlib import Path

import pytest


@lru_cache(maxsize=None)
def _shares_session_fixtures(folder: Path) -> bool:
    """Whether ``folder``'s conftest.py defines a ``@pytest.fixture(scope="session")`` that each
    worker would set up again: not when it says ``SHARED_ACROSS_WORKERS = True`` (its fixture
    builds once for all workers, under a file lock)."""
    conftest = folder / "conftest.py"
    if not conftest.is_file():
        return False
    tree = ast.parse(conftest.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "SHARED_ACROSS_WORKERS" for t in node.targets):
            if isinstance(node.value, ast.Constant) and node.value.value is True:
                return False
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call) and any(
                        k.arg == "scope" and isinstance(k.value, ast.Constant) and k.value.value == "session"
                        for k in decorator.keywords):
                    return True
    return False


def session_scope(rootpath: Path, nodeid: str) -> str | None:
    """The folder (relative, as nodeids are) whose session fixtures this test shares, if any."""
    folder = (rootpath / nodeid.split("::", 1)[0]).parent
    while folder != rootpath and rootpath in folder.parents:
        if _shares_session_fixtures(folder):
            return folder.relative_to(rootpath).as_posix()
        folder = folder.parent
    return None


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: unknown, and unused, without it
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadFileScheduling, LoadScopeScheduling

    base = {"loadfile": LoadFileScheduling, "loadscope": LoadScopeScheduling}.get(config.getvalue("dist"))
    if base is None:
        return None  # xdist's own scheduler for the mode asked for

    class SessionFolderScheduling(base):
        """``base``, except that a folder sharing session fixtures is one unit of work."""

        def _split_scope(self, nodeid: str) -> str:
            return session_scope(config.rootpath, nodeid) or super()._split_scope(nodeid)

    return SessionFolderScheduling(config, log)


# The units of work that take longest (CPU seconds of each, its grading processes and sandboxes
# included, measured per file in a whole run with one cgroup per file; each is a whole file, or a
# folder that shares session fixtures), handed out first: a long unit started last leaves the
# other workers idle while one finishes it.
LONGEST_FIRST = (
    "tests/java/test_junit_testers.py", "tests/java/test_java_diagnose.py", "tests/java/test_java_api.py",
    "tests/java/test_java_grading.py", "tests/security/test_java_attacks.py", "tests/suites/test_boards_graded.py",
    "tests/java/test_java_contract.py", "tests/java/test_ap_class.py",
    "tests/corpus/test_corpus_full_marks.py", "tests/kit/test_kit_handout_commands.py",
    "tests/kit/test_kit_grades.py", "tests/diagnosis/test_swap_diagnosis.py", "tests/labs/up_down_stay",
    "tests/labs/six_takes", "tests/integrations/test_python_versions.py", "tests/integrations/test_classroom_deployed.py",
    "tests/cli/test_class_page_says_why.py", "tests/engine/test_containment.py", "tests/cli/test_cli.py",
    "tests/integrations/test_gradescope_deployed.py", "tests/cli/test_filters_and_rubric.py",
    "tests/cli/test_first_contact_status.py", "tests/labs/test_lab_imports.py", "tests/cli/test_first_run.py",
    "tests/labs/test_elevens_golden.py", "tests/security/test_hostile_java_tester.py", "tests/kit/test_kit_in_classroom.py",
    "tests/labs/test_three_labs.py", "tests/cli/test_replays.py", "tests/tools/test_suite_audit.py",
    "tests/security/test_hostile_tester.py",
)


def _rank(nodeid: str) -> int:
    path = nodeid.split("::", 1)[0]
    return next((i for i, prefix in enumerate(LONGEST_FIRST) if path.startswith(prefix)), len(LONGEST_FIRST))


def pytest_collection_modifyitems(items) -> None:
    """Longest units first (stable, so the order is the same on every worker, as xdist needs)."""
    items.sort(key=lambda item: _rank(item.nodeid))
