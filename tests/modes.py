"""Grading a class in both isolation modes and comparing, test by test (the equivalence tests).

The warm mode (the default: a worker serves test after test, renewed and audited in between,
sandbox_runtime/warm.py) must give exactly the grades of a fresh fork per test
(``--fresh-process-per-test``). Each lab's tests already grade their class in the default
mode; ``assert_same_in_both_modes`` grades the chosen submissions of that class once more with a
fresh fork per test and compares every submission's status and total, every activity's status and
score, and every test's outcome and message.

Only the activities whose tests run in the two modes differently are graded again: a tester
activity's runs (Activity 5) use their own sandboxes, a fresh fork per run in either mode
(grader/own_tests.py), so grading them twice would cost the most and compare nothing. And each
submission only where the warm run graded it (see ``assert_same_in_both_modes``).
"""

import shutil
from pathlib import Path

from grader.engine.batch import GradeOptions, grade
from grader.lab_imports import is_tester
from grader.submissions import find_submissions


def graded_by_test(results, ids=None, activities=None) -> dict:
    """submission -> what the comparison looks at (see the module docstring)."""
    found = {}
    for sub in results.submissions:
        if ids is not None and sub.id not in ids:
            continue
        kept = [a for a in sub.activities if activities is None or a.id in activities]
        found[sub.id] = {
            "status": sub.status,
            "activities": {a.id: (a.status, a.score) for a in kept},
            "tests": {f"{a.id} {t.name}": (t.outcome, t.message) for a in kept for t in a.tests},
        }
    return found


def assert_same_in_both_modes(warm_results, class_roots: Path | list[Path], scratch: Path, rubric, ids=None) -> int:
    """Grade ``ids`` (default: every submission) of ``class_roots`` (one class folder, or several
    whose submissions the warm results merge) with a fresh fork per test and compare with
    ``warm_results`` (the same submissions graded in the warm mode), in exactly the activities the
    warm run graded for each: a copy of the reference with one file changed is graded (in the warm
    run) only in the activities that stage that file, and a demo student's activities taken from
    the reference's result (``note_same``, tests/classroom.py) were not graded for them at all, so
    grading those again in the fresh mode would compare the reference with itself. Submissions
    graded in the same activities share one fresh grading. Returns the number of test runs compared."""
    roots = [class_roots] if isinstance(class_roots, Path) else list(class_roots)
    testers = {a.id for a in rubric.activities if is_tester(a)}
    wanted = {sub.id: tuple(a.id for a in sub.activities if a.id not in testers and a.id not in set(getattr(sub, "note_same", ()) or ()))
              for sub in warm_results.submissions if ids is None or sub.id in ids}
    groups: dict[tuple[str, ...], set[str]] = {}
    for sub_id, activities in wanted.items():
        if activities:
            groups.setdefault(activities, set()).add(sub_id)
    fresh = {}
    for number, (activities, members) in enumerate(groups.items()):
        root = scratch / f"fresh-class-{number}"
        root.mkdir(parents=True)
        for class_root in roots:
            for entry in class_root.iterdir():
                if (entry.name in members or entry.stem in members) and not (root / entry.name).exists():
                    (shutil.copytree if entry.is_dir() else shutil.copyfile)(entry, root / entry.name)
        work = scratch / f"fresh-work-{number}"
        work.mkdir()
        graded = grade(rubric, find_submissions(root, work), GradeOptions(only_activities=list(activities),
                                                                          fresh_process_per_test=True), work)
        assert sorted(sub.id for sub in graded.submissions) == sorted(members), (members, activities)
        for sub in graded.submissions:
            fresh[sub.id] = graded_by_test(graded, {sub.id}, set(activities))[sub.id]
    compared = 0
    for sub_id, activities in sorted(wanted.items()):
        if not activities:
            continue
        warm = graded_by_test(warm_results, {sub_id}, set(activities))[sub_id]
        cold = fresh[sub_id]
        assert warm["activities"] == cold["activities"], sub_id
        differ = {name: (warm["tests"].get(name), outcome) for name, outcome in cold["tests"].items()
                  if warm["tests"].get(name) != outcome}
        assert not differ, f"{sub_id}: warm vs fresh: {differ}"
        assert sorted(warm["tests"]) == sorted(cold["tests"]), sub_id
        compared += len(cold["tests"])
    assert compared > 0
    return compared
