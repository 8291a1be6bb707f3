"""The three bundled labs side by side, through the command line as a teacher and a student
use it: listed, told apart by the files in a folder, handed out, and checked."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from tests.lab_loader import ROOT


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def test_grader_labs_lists_the_three_with_their_activities():
    done = run("labs")
    assert done.returncode == ExitCode.OK, done.stderr
    heads = [line.split(":")[0] for line in done.stdout.splitlines() if not line.startswith(" ")]
    assert heads == ["elevens", "six-takes", "up-down-stay"] and not done.stderr
    assert "uds_tester.py|test_uds.py" in done.stdout and "takes_table.py" in done.stdout


@pytest.mark.parametrize("lab, student, words", [
    ("up-down-stay", "ada_complete", "132 / 132"),
    ("six-takes", "ada_complete", "119 / 119"),
])
def test_a_students_check_finds_its_lab_from_the_files(tmp_path, lab, student, words):
    # Run from another folder with a relative path and no --lab: the student's folder also
    # holds the given card.py and deck.py, which must not make it look like an Elevens folder.
    shutil.copytree(ROOT / "examples" / lab / student, tmp_path / "mine")
    (tmp_path / "elsewhere").mkdir()
    done = run("check", "../mine", "--hidden", cwd=tmp_path / "elsewhere")
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    assert words in done.stdout.replace("**", ""), done.stdout


def test_a_lab_without_a_handout_of_its_own_hands_out_its_starter(tmp_path):
    done = run("handout", "--lab", "six-takes", "out", cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stderr
    handed = {p.name for p in (tmp_path / "out" / "starter").iterdir()}
    assert {"takes_cards.py", "takes_table.py", "takes_players.py", "card.py", "deck.py"} <= handed


def test_handout_without_lab_names_the_labs(tmp_path):
    done = run("handout", "out", cwd=tmp_path)
    assert done.returncode == ExitCode.USAGE and "elevens, six-takes, up-down-stay" in done.stderr
    assert not (tmp_path / "out").exists()
