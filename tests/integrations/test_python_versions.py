"""The grader, installed from this checkout's wheel, grades the demo class alike on every Python
it supports (requires-python says 3.10; a possessive regex once made 3.10 grade nothing).

One test per version, each in a venv of that Python with the wheel and its dependencies from the
package registry; a version this machine lacks is skipped, and the skip says why. Lean on
purpose: one venv per version (the running Python's is the shared installed grader), made
without pip (this environment's pip installs into it) and two students of the demo class.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integrations.installed import InstalledGrader, run_checked
from tests.lab_loader import ROOT
from tests.pythons import VERSIONS, interpreter

TWO_STUDENTS = ("ada_complete", "eli_deal_bug")  # every activity right; a Deck bug and work missing
RUNNING = "%d.%d" % sys.version_info[:2]


def demo_class(folder: Path) -> Path:
    for student in TWO_STUDENTS:
        shutil.copytree(ROOT / "examples" / "elevens" / student, folder / student)
    return folder


def graded(grader: InstalledGrader, tmp_path: Path) -> dict[str, tuple[float, list]]:
    """Each student's total and activity scores after `grader grade class --out out`."""
    # One grading process (--jobs 1): which process grades a test changes no grade, and a second
    # one costs a start-up (and, in a new venv, a first compile of every module) per version.
    done = grader.grader("grade", "class", "--out", "out", "--jobs", "1", cwd=demo_class(tmp_path / "class").parent)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
    return {sub["id"]: (sub["total"], [(a["id"], a["score"], a["status"]) for a in sub["activities"]])
            for sub in results["submissions"]}


def venv_with_wheel(python: str, wheel: Path, base: Path) -> InstalledGrader:
    """A venv of ``python`` with ``wheel`` installed; pip is this environment's (--python)."""
    venv = base / "venv"
    run_checked([python, "-m", "venv", "--without-pip", str(venv)])
    run_checked([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet",
                 "--no-compile", str(wheel)])
    (base / "outside").mkdir()
    return InstalledGrader(venv, wheel, base / "outside")


@pytest.fixture(scope="module")
def expected(installed_grader, tmp_path_factory) -> dict[str, tuple[float, list]]:
    """The grades on the Python running the tests."""
    return graded(installed_grader, tmp_path_factory.mktemp("running"))


@pytest.mark.parametrize("version", VERSIONS)
def test_the_installed_grader_grades_the_demo_class_on(version, installed_grader, expected, tmp_path):
    python, why = interpreter(version)
    if python is None:
        pytest.skip(why)
    if version == RUNNING:  # the shared installed grader is this version's venv
        grades = expected
    else:
        grades = graded(venv_with_wheel(python, installed_grader.wheel, tmp_path), tmp_path)
    assert grades == expected
    assert grades["ada_complete"][0] > grades["eli_deal_bug"][0] > 0
    assert all(score > 0 for _, score, status in grades["ada_complete"][1] if status != "missing")
