"""Numeric options are checked before anything runs, and a bad value is refused with the value,
the rule and the fix (grader/commands/option_types.py): `--jobs 0` once started a run."""

import subprocess
import sys
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from tests.classroom import reference_text, write_class


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("command, option, value, words", [
    ("grade", "--jobs", "0", "0 is out of range: --jobs is how many grading processes run at once, at least 1. "
                             "Give --jobs 1 to grade one submission at a time, or leave out --jobs for one process per core."),
    ("grade", "--jobs", "-2", "-2 is out of range"),
    ("grade", "--jobs", "two", "'two' is not a whole number; --jobs is how many grading processes run at once, at least 1."),
    ("play", "--port", "70000", "70000 is out of range: --port is a TCP port on 127.0.0.1 (0: a free one), from 0 to 65535. "
                                "Leave out --port to take a free one."),
    ("grade", "--seed", "x", "'x' is not a valid integer"),
])
def test_a_bad_number_is_refused_before_anything_runs(tmp_path, command, option, value, words):
    write_class(tmp_path / "class", {"ann": {"card.py": reference_text("card.py")}})
    args = ["class", "--out", "out"] if command == "grade" else ["--lab-board", "--no-browser"]
    done = run(command, *args, option, value, cwd=tmp_path)
    assert done.returncode == ExitCode.USAGE, done.stdout + done.stderr
    assert words in " ".join(done.stderr.split()), done.stderr
    assert not (tmp_path / "out").exists()
