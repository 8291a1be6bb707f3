"""The student kit gives what the teacher's grader gives on public tests, activity by activity
(issue 38, item 1), for every folder of the golden class (tests/labs/test_elevens_golden.py: the
reference, the shipped demo class examples/elevens, every Buggy and Correct class and every
mutant handed in alone). The twelve corpus submissions get the same comparison in
tests/corpus/test_corpus_full_marks.py, from the gradings that file makes anyway.

One grading per folder per side: the installed teacher's grader grades the class once
(`grader grade --out`), the installed kit runs `grader check --out` once on each folder, and the
two results.json files are compared by tests/kit/agreement.py, which says what is compared and
the exceptions (the testers, A6's answers, a file that could not run at all).

Cost, measured in one process on 2 shared cores: the whole file 95 s wall (72 s of CPU) at load
2, 155 s at load 5, of which about 30 s build the two wheels every test of tests/kit shares; a
kit check takes 0.5 s for a deck.py alone, 3 to 6 s for the whole lab.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from tests.classroom import lab_rubric
from tests.kit.agreement import assert_kit_agrees, check_public_points_are_checks
from tests.labs.test_elevens_golden import build_class
from tests.lab_loader import ROOT

Result = dict[str, Any]


def folder_names() -> list[str]:
    """The id of every folder (or zip) `build_class` writes, read from where it takes them."""
    variants = ROOT / "buggy_variants" / "elevens"
    names = ["reference", *(p.stem for p in (ROOT / "examples" / "elevens").iterdir() if p.is_dir() or p.suffix == ".zip")]
    names += [f"{folder.name}-{file.stem}" for folder in variants.iterdir()
              if folder.is_dir() and folder.name not in ("mutants", "__pycache__") for file in folder.glob("*.py")]
    names += [p.stem for p in (variants / "mutants").glob("*-*.py")]
    return sorted(names)


FOLDERS = folder_names()


@pytest.fixture(scope="module")
def the_class(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("agree") / "class"
    build_class(root)
    return root


@pytest.fixture(scope="module")
def teacher(installed_grader, the_class) -> dict[str, Result]:
    """`grader grade` of the whole class, once: id -> its ``submissions[]`` entry."""
    out = the_class.parent / "teacher"
    done = installed_grader.grader("grade", str(the_class), "--out", str(out), timeout=1800)
    assert (out / "results.json").is_file(), \
        f"grader grade wrote no results.json ({done.returncode}):\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return {s["id"]: s for s in json.loads((out / "results.json").read_text(encoding="utf-8"))["submissions"]}


@pytest.fixture(scope="module")
def kit_checks(kits, the_class) -> dict[str, Result | str]:
    """The kit's `grader check --out` on each folder, once: id -> its one ``submissions[]``
    entry, or the command's exit code and output when it wrote no results.json."""
    kit, checked = kits("elevens"), {}
    for entry in sorted(the_class.iterdir()):
        out = the_class.parent / "kit" / entry.stem
        done = kit.grader("check", str(entry), "--out", str(out))
        results = out / "results.json"
        checked[entry.stem] = (json.loads(results.read_text(encoding="utf-8"))["submissions"][0] if results.is_file()
                               else f"exit {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return checked


def test_every_folder_is_graded_on_both_sides(teacher, kit_checks):
    # A folder left out of either side would make the comparison below pass for nothing.
    assert sorted(teacher) == FOLDERS and sorted(kit_checks) == FOLDERS and len(FOLDERS) > 50, (sorted(teacher), FOLDERS)
    assert all(sub["status"] == "graded" for sub in teacher.values()), [(k, s["messages"]) for k, s in teacher.items()]
    check_public_points_are_checks(lab_rubric("elevens"), list(teacher.values()))


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_kit_gives_the_teachers_public_points(teacher, kit_checks, folder):
    assert_kit_agrees(lab_rubric("elevens"), folder, kit_checks[folder], teacher[folder])
