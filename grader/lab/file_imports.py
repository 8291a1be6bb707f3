"""Which of the lab's files a student's file imports, so the grader can put them beside it.

Students reuse their earlier work: a ``widget_table.py`` that does ``from widget_cards import
points``, written for an earlier activity. An activity's sandbox holds only the files it
stages, so such a file must be staged too, or the activity fails at import for a reason that
has nothing to do with the file it grades.

The imports are read from the files themselves (their syntax trees, every ``import`` anywhere
in them), never from a list in the rubric that would have to be kept in step with what students
write. What is staged for an imported file is the lab's reference version (the student kit,
which holds none, uses the student's own: grader/kit/own_files.py), so a bug in it costs points
once, in the activity that owns it. Imports of imports count: the file staged for an import may
import others. The file under test is never replaced: it is already staged, as the student's.
"""

import ast
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

from grader.lab.rubric import Activity, Rubric


def imported_modules(path: Path) -> frozenset[str]:
    """The top-level names of the modules the file at ``path`` imports (``imported_names``);
    a file that cannot be read imports nothing here: its own activity reports why."""
    try:
        return imported_names(path.read_bytes())
    except OSError:
        return frozenset()


@lru_cache(maxsize=64)
def imported_names(source: bytes) -> frozenset[str]:
    """The top-level names of the modules a file imports anywhere, found by parsing it, never
    running it (``import a.b`` -> ``a``; ``from a import b`` -> ``a``; relative imports, which
    name no lab file, are skipped). A file that does not parse imports nothing here."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return frozenset()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return frozenset(names)


def lab_files(rubric: Rubric) -> set[str]:
    """Every Python file the lab's activities name: the files they grade, their stand-ins and
    the files their testers run against (a tester's own file, named by choices, is not one)."""
    names = set()
    for activity in rubric.activities:
        names.update(n for n in (*activity.files, *activity.stand_ins, *activity.uses) if "|" not in n)
    return {name for name in names if name.endswith(".py")}


def is_tester(activity: Activity) -> bool:
    """A tester activity's runs stage every lab file a tester may import themselves
    (grader/testers/wrong_versions.py), so its plan stages no import."""
    return bool(activity.uses) or any("|" in entry for entry in activity.files)


def imported_lab_files(rubric: Rubric, staged: dict[str, Path], locate: Callable[[str], Path | None],
                       under_test: Iterable[str] = ()) -> dict[str, Path | None]:
    """The lab files the ``staged`` files (name -> path) import, directly or through one
    another, that are not staged yet: name -> where ``locate`` finds it (None: nowhere).

    ``under_test``: names never located, whatever imports them (the file an activity grades
    is the student's, even when a file staged for an import imports it back).
    """
    known = lab_files(rubric)
    taken = {*staged, *under_test}
    found: dict[str, Path | None] = {}
    queue = list(staged.values())
    while queue:
        for module in sorted(imported_modules(queue.pop())):
            name = f"{module}.py"
            if name in known and name not in taken and name not in found:
                found[name] = path = locate(name)
                if path is not None:
                    queue.append(path)
    return found
