"""A whole submission written to the AP lab's own Java files, graded as a teacher grades it:
no point lost on correct work (issue 28's "done when").

One student, in a ``src/`` project as IDEs make them: the lab's classes (Card, Deck, Shuffler,
Board, ElevensBoard), the AP lab's ThirteensBoard and TensBoard (no playIfPossible), the AP
lab's main-only ElevensSimulation (GAMES_TO_PLAY, I_AM_DEBUGGING, the share won printed), a
JUnit 4 DeckTest and a Jupiter CardTest, and the written answers. Every activity is graded and
each scores its maximum, out of the same maximum a student of the Java starter is graded on.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.java.test_java_contract import ap_style

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "elevens"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

pytestmark = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")


def ap_student(folder: Path) -> None:
    source = folder / "src"
    source.mkdir(parents=True)
    for name in ("Card", "Deck", "Shuffler", "Board", "ElevensBoard"):
        shutil.copyfile(REFERENCE / "java" / f"{name}.java", source / f"{name}.java")
    for name in ("ThirteensBoard", "TensBoard"):
        (source / f"{name}.java").write_text(ap_style(f"{name}.java"), encoding="utf-8")
    shutil.copyfile(FIXTURES / "ap_lab" / "ElevensSimulation.java", source / "ElevensSimulation.java")
    shutil.copyfile(FIXTURES / "junit" / "junit4" / "DeckTest.java", source / "DeckTest.java")
    shutil.copyfile(FIXTURES / "junit" / "jupiter" / "CardTest.java", source / "CardTest.java")
    shutil.copyfile(REFERENCE / "answers.yaml", folder / "answers.yaml")


def test_a_submission_written_to_the_ap_labs_files_loses_no_point(tmp_path):
    ap_student(tmp_path / "class" / "ap_student")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "class", "--out", "out"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=900, env={**os.environ, "TMPDIR": str(scratch)})
    assert done.returncode == 0, done.stdout + done.stderr
    student = json.loads((tmp_path / "out" / "results.json").read_text())["submissions"][0]
    assert student["language"] == "java", student.get("language")
    lost = {a["id"]: (a["status"], a["score"], a["max"], a.get("note", ""),
                      [(t["name"], t["message"]) for t in a["tests"] if t["outcome"] != "passed"])
            for a in student["activities"] if a["status"] != "graded" or a["score"] != a["max"]}
    assert not lost, lost
    assert (student["total"], student["bonus"]) == (student["max"], student["bonus_max"]) and student["max"] > 100
    notes = {a["id"]: a.get("note", "") for a in student["activities"]}
    assert "the AP lab's own files" in notes["A10"] and "the AP lab's own files" in notes["bonus-tens"]
