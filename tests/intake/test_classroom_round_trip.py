"""The issue's Classroom case, black-box: a folder of clones as `gh classroom clone
student-repos` leaves it, graded with `--deadline`: each student at their last commit at or
before it, the commit in every output, late work reported (graded instead with --late-grade),
and no clone touched. Activity 1 only: the commits differ in card.py."""

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from tests.classroom import card_with, reference_text
from tests.intake.make_classroom import Clone, Commit, build_clones, clone_state

CARD = reference_text("card.py")
WRONG = card_with({"        return self._suit\n": "        return 'spades'\n"})
DEADLINE = ["--deadline", "2026-12-01 23:59", "--timezone", "Europe/Paris"]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


@pytest.fixture(scope="module")
def clones(tmp_path_factory):
    home = tmp_path_factory.mktemp("teacher")
    students = [
        Clone("ada", [Commit("2026-12-01T20:00:00+01:00", {"card.py": CARD}, "finished")],
              uncommitted={"card.py": WRONG}),  # an edit never committed is not her hand-in
        Clone("zoë-müller", [Commit("2026-12-01T12:00:00+01:00", {"card.py": WRONG}, "first go"),
                             Commit("2026-12-02T08:00:00+01:00", {"card.py": CARD}, "fixed, late")]),
        Clone("jean-luc", [Commit("2026-12-02T10:00:00-05:00", {"card.py": CARD}, "only late")]),
    ]
    root = build_clones(home, students, assignment="elevens")
    return home, root, {c.username: clone_state(root / f"elevens-{c.username}") for c in students}


def graded(home: Path, root: Path, *extra: str) -> tuple[subprocess.CompletedProcess, dict]:
    out = home / ("late" if extra else "due")
    done = run("grade", root.name, "--out", out.name, "--activity", "A1", *DEADLINE, *extra, cwd=home)
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    return done, {s["identity"]["ids"]["github_username"]: s for s in results["submissions"]}


def test_each_clone_is_graded_at_its_last_commit_before_the_deadline(clones):
    home, root, before = clones
    done, subs = graded(home, root)
    assert done.returncode == ExitCode.BAD_INPUT, done.stdout + done.stderr  # jean-luc has no on-time work
    ada, zoe, jean = subs["ada"], subs["zoë-müller"], subs["jean-luc"]
    assert ada["total"] > zoe["total"]  # ada's commit, not her working tree; zoë's first go, not her late fix
    assert ada["identity"]["commit"]["subject"] == "finished" and zoe["identity"]["commit"]["subject"] == "first go"
    assert zoe["identity"]["late"] is False and zoe["identity"]["late_work"]["commits"] == 1
    assert jean["status"] == "unusable" and "deadline" in jean["messages"][0]
    rows = {row["lms_id"]: row for row in csv.DictReader((home / "due" / "gradebook.csv").open(encoding="utf-8-sig"))}
    assert rows["ada"]["commit"] == ada["identity"]["commit"]["hash"]
    report = (home / "due" / zoe["id"] / "report.md").read_text(encoding="utf-8")
    assert "Work after the deadline, not graded: 1 commit" in report
    for username, state in before.items():  # the clones are as they were
        assert clone_state(root / f"elevens-{username}") == state, username


def test_late_grade_grades_the_latest_commit_and_marks_it_late(clones):
    home, root, _ = clones
    done, subs = graded(home, root, "--late-grade")
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    zoe, jean = subs["zoë-müller"], subs["jean-luc"]
    assert zoe["identity"]["late"] is True and zoe["identity"]["commit"]["subject"] == "fixed, late"
    assert jean["status"] == "graded" and jean["identity"]["late"] is True
    assert zoe["total"] == subs["ada"]["total"] and zoe["late_penalty"]["points"] == 0  # no policy: shown, not taken
    assert "late" in done.stdout


def test_one_clone_is_checked_at_the_deadline(clones):
    home, root, _ = clones
    done = run("check", root.name, "--student", "zoë-müller", "--activity", "A1", "--hidden", *DEADLINE, cwd=home)
    assert done.returncode != ExitCode.OK and "test_suit" in done.stdout, done.stdout + done.stderr
    assert "--deadline" in done.stdout  # the replay names the same deadline
