"""Twelve correct Elevens submissions written from docs/lab.md and the starter alone, by an author
who never saw reference/, get full marks in the teacher's grader and in the student kit (issue 37,
item 2).

They differ in every choice the lab leaves open (private names, how the count is kept, camelCase
aliases, recursion, the Thirteens king's value, tester styles: tests/corpus/python/README.md), so
a point lost here is a check that judges style, a private name or a requirement the guide never
makes, not behaviour. Each failure names the student, the activity, and every failing test with
the message the student would read (tests/corpus/verdicts.py).

The submissions are test data copied from ../shared/corpus/python (CI's clean checkout has no
../shared). When that folder is there, a test below fails if the copy differs from it; refresh
the copy from the checkout's root with

    rm -rf tests/corpus/python && cp -a ../shared/corpus/python tests/corpus/python

Cost, measured in one process on 2 cores shared with other work (load 5 to 10): `grader grade` of
the class 41 to 133 s wall (31 s of CPU in its own processes); each kit `grader check` 5 to 19 s
wall (3 to 4.5 s of CPU), the 12 run one after another, 72 to 145 s in all. A loop in one process
would save only each check's 0.35 s start-up. The wheels are tests/kit's, built once per session.
"""

import filecmp
import functools
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.classroom import lab_rubric
from tests.corpus.verdicts import verdict
from tests.lab_loader import ROOT

CORPUS = Path(__file__).parent / "python"
SHARED = ROOT.parent / "shared" / "corpus" / "python"
REFRESH = "rm -rf tests/corpus/python && cp -a ../shared/corpus/python tests/corpus/python"
STUDENTS = sorted(p.name for p in CORPUS.iterdir() if p.is_dir())


@functools.cache
def rubric_maxima() -> dict[str, float]:
    """The Elevens rubric's maximum of every activity, bonus included, as the grader reads it."""
    rubric = lab_rubric("elevens")
    return {a.id: rubric.max_points(a) for a in rubric.activities}


def by_id(results: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in results["submissions"]}


def tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.splitlines()[-lines:])


def test_the_corpus_copy_holds_twelve_submissions():
    # A copy that lost folders would grade fewer students and still pass the tests below.
    assert len(STUDENTS) == 12 and (CORPUS / "README.md").is_file(), STUDENTS
    for student in STUDENTS:
        assert {"card.py", "deck.py", "board.py", "answers.yaml"} <= {p.name for p in (CORPUS / student).iterdir()}, student


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"{SHARED} is not beside this checkout (a clean CI checkout): "
                                                 "nothing to compare tests/corpus/python with")
def test_the_corpus_copy_is_the_shared_corpus():
    # The copy must not drift from the corpus its README describes; a difference names the
    # files and the one command that refreshes the copy.
    differ: list[str] = []

    def walk(cmp: filecmp.dircmp, where: str) -> None:  # dircmp leaves out __pycache__ and .git
        differ.extend(f"only in {SHARED}/{where}{name}" for name in cmp.left_only)
        differ.extend(f"only in tests/corpus/python/{where}{name}" for name in cmp.right_only)
        _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
        differ.extend(f"differs: {where}{name}" for name in mismatch + errors)
        for name, sub in cmp.subdirs.items():
            walk(sub, f"{where}{name}/")

    walk(filecmp.dircmp(SHARED, CORPUS), "")
    if differ:
        pytest.fail("tests/corpus/python is not a copy of the shared corpus:\n  " + "\n  ".join(differ)
                    + f"\nRefresh it from the checkout's root: {REFRESH}", pytrace=False)


# --- the teacher's grader ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> tuple[subprocess.CompletedProcess, dict[str, Any]]:
    """The whole corpus graded once, as one class, by `grader grade` in a subprocess."""
    out = tmp_path_factory.mktemp("corpus-graded")
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", str(CORPUS), "--out", str(out)],
                          capture_output=True, text=True, timeout=900, cwd=out)
    results_file = out / "results.json"
    assert results_file.is_file(), f"grader grade wrote no results.json (exit {done.returncode}):\n{tail(done.stdout)}\n{tail(done.stderr)}"
    return done, json.loads(results_file.read_text(encoding="utf-8"))


def test_the_grader_grades_the_corpus_as_twelve_students_without_an_error(graded):
    done, results = graded
    assert sorted(by_id(results)) == STUDENTS, sorted(by_id(results))
    assert done.returncode == 0, f"grader grade exited with {done.returncode}:\n{tail(done.stdout)}\n{tail(done.stderr)}"


@pytest.mark.parametrize("student", STUDENTS)
def test_the_grader_gives_full_marks(graded, student):
    _, results = graded
    sub = by_id(results).get(student)
    assert sub is not None, f"{student} is not in results.json"
    problem = verdict(sub, "the teacher's grader (grader grade)", rubric_maxima())
    if problem:  # the report alone: what was lost, where, and the messages the student would read
        pytest.fail(problem, pytrace=False)


# --- the student kit --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def kit_checked(kits, tmp_path_factory) -> dict[str, tuple[subprocess.CompletedProcess, dict[str, Any] | None]]:
    """Each corpus folder copied and checked by the installed Elevens kit, as a student does it:
    `grader check` run in the folder itself; ``--out`` adds its results.json."""
    kit, base = kits("elevens"), tmp_path_factory.mktemp("corpus-kit")
    checked = {}
    for student in STUDENTS:
        folder, out = base / "students" / student, base / "out" / student
        shutil.copytree(CORPUS / student, folder)
        done = kit.grader("check", "--out", str(out), cwd=folder)
        results = out / "results.json"
        checked[student] = (done, json.loads(results.read_text(encoding="utf-8")) if results.is_file() else None)
    return checked


@pytest.mark.parametrize("student", STUDENTS)
def test_the_kit_gives_full_marks(kit_checked, student):
    done, results = kit_checked[student]
    assert results is not None, f"the kit's grader check wrote no results.json (exit {done.returncode}):\n{tail(done.stdout)}\n{tail(done.stderr)}"
    (sub,) = results["submissions"]  # named after the folder it was run in: the student
    # Out of the kit's own maxima (its public tests; A6's answers are the teacher's to check), but
    # every activity of the rubric must be there and graded: "not checked yet" is a shortfall.
    problem = verdict(sub, "the student kit (grader check)", dict.fromkeys(rubric_maxima()))
    if problem:
        pytest.fail(problem, pytrace=False)
    assert sub["max"] > 0, f"{student}: the kit's maximum is {sub['max']}"
    assert done.returncode == 0, f"{student}: full marks, but grader check exited with {done.returncode}:\n{tail(done.stdout)}"


@pytest.mark.parametrize("student", STUDENTS)
def test_the_kit_gives_the_teachers_public_points(graded, kit_checked, student):
    # Issue 38, item 1, from the two gradings above (tests/kit/agreement.py says what is compared
    # and the exceptions); tests/kit/test_kit_agrees_with_grader.py does it for the golden class.
    from tests.kit.agreement import assert_kit_agrees, check_public_points_are_checks

    _, results = graded
    done, kit = kit_checked[student]
    check_public_points_are_checks(lab_rubric("elevens"), results["submissions"])
    assert_kit_agrees(lab_rubric("elevens"), student, kit["submissions"][0] if kit else tail(done.stdout),
                      by_id(results)[student])


def test_no_corpus_file_ships_in_the_graders_or_the_kits_wheel(installed_grader, kits):
    # Test data stays out of what is installed: tests/ is no package (pyproject.toml), and no
    # corpus file reaches either wheel under any name.
    corpus = {p.read_bytes() for p in CORPUS.rglob("*") if p.is_file() and p.stat().st_size > 200}
    for wheel in (installed_grader.wheel, kits("elevens").wheel):
        with zipfile.ZipFile(wheel) as archive:
            shipped = [n for n in archive.namelist() if "corpus" in n or archive.read(n) in corpus]
        assert not shipped, f"{wheel.name} holds corpus files: {shipped}"
