"""A teacher's first run, typed the way people type it: relative paths from the class's own
folder, their own copy of the rubric, a class no one on the team wrote.

One grading of a small class (run from another working folder) backs most tests here:

- ``reference``: the teacher's answer handed in as a student's, Tens bonus included;
- ``guide_style``: written exactly to the AP guide's contracts (are_permutations that assumes the
  same length and no repeats; is_legal that reads each selected card), which must lose nothing;
- ``matches_all``: a Card whose ``matches`` is always True, so a public parametrized test and a
  hidden test fail, and their printed replay commands can be pasted;
- ``broken.zip``: not a zip at all.
"""

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from tests.classroom import card_with, reference_submission, reference_with, write_class

GUIDE_ARE_PERMUTATIONS = '''
def are_permutations(a, b):
    """The guide's premise: same length, no repeated values. So: every value of a is in b."""
    for value in a:
        if value not in b:
            return False
    return True
'''
# The guide's is_legal reads the point value or rank of every selected card.
GUIDE_ELEVENS_IS_LEGAL = '''
    def is_legal(self, selected):
        if len(selected) == 2:
            return self.cards[selected[0]].point_value() + self.cards[selected[1]].point_value() == 11
        if len(selected) == 3:
            ranks = [self.cards[k].rank() for k in selected]
            return "jack" in ranks and "queen" in ranks and "king" in ranks
        return False
'''
GUIDE_THIRTEENS_IS_LEGAL = '''
    def is_legal(self, selected):
        if len(selected) == 1:
            return self.cards[selected[0]].rank() == "king"
        if len(selected) == 2:
            return self.cards[selected[0]].point_value() + self.cards[selected[1]].point_value() == 13
        return False
'''


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def guide_style() -> dict[str, str]:
    files = reference_submission()
    files["shuffler.py"] = reference_with("shuffler.py", {"def are_permutations(": GUIDE_ARE_PERMUTATIONS + "\n\ndef _unused_are_permutations("})
    files["elevens_board.py"] = reference_with("elevens_board.py", {"    def is_legal(": GUIDE_ELEVENS_IS_LEGAL + "\n    def _unused_is_legal("})
    files["thirteens_board.py"] = reference_with("thirteens_board.py", {"    def is_legal(": GUIDE_THIRTEENS_IS_LEGAL + "\n    def _unused_is_legal("})
    return files


@pytest.fixture(scope="module")
def first_run(tmp_path_factory):
    """`cd teacher && grader grade class --out out --rubric my.yaml`, every path relative (in one
    grading process, --jobs 1: which process grades a test changes no grade)."""
    home = tmp_path_factory.mktemp("teacher")
    write_class(home / "class", {
        "reference": reference_submission(),
        "guide_style": guide_style(),
        "matches_all": {"card.py": card_with({"        return (\n": "        return True or (\n"})},
    })
    (home / "class" / "broken.zip").write_bytes(b"PK\x03\x04 this is not really a zip")
    shutil.copyfile(Path(__file__).resolve().parents[2] / "rubrics" / "elevens.yaml", home / "my.yaml")
    elsewhere = home / "somewhere-else"
    elsewhere.mkdir()
    done = run("grade", "class", "--jobs", "1", "--out", "out", "--rubric", "my.yaml", cwd=home)
    results = json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))
    return home, done, {s["id"]: s for s in results["submissions"]}


def test_a_class_with_a_broken_zip_exits_3_and_everyone_else_is_graded(first_run):
    home, done, subs = first_run
    assert done.returncode == ExitCode.BAD_INPUT, done.stdout + done.stderr
    assert subs["broken"]["status"] == "unusable" and "could not be opened as a zip" in subs["broken"]["messages"][0]
    assert all(subs[i]["status"] == "graded" for i in ("reference", "guide_style", "matches_all"))
    rows = {row["id"]: row for row in csv.DictReader((home / "out" / "gradebook.csv").open(encoding="utf-8-sig"))}
    assert rows["broken"]["status"] == "unusable"
    assert "could not be opened as a zip" in (home / "out" / "broken" / "report.md").read_text(encoding="utf-8")


def test_relative_paths_give_the_reference_full_marks_and_bonus_apart(first_run):
    _, _, subs = first_run
    ref = subs["reference"]
    assert ref["total"] == ref["max"] > 150
    assert ref["bonus"] == ref["bonus_max"] > 0  # never added to the total
    assert all(a["status"] == "graded" for a in ref["activities"])


def test_a_submission_written_to_the_guides_contract_loses_nothing(first_run):
    _, _, subs = first_run
    guide = subs["guide_style"]
    assert guide["total"] == guide["max"] == subs["reference"]["max"]
    advisory = [t for a in guide["activities"] for t in a["tests"] if t["advisory"]]
    failed = {t["name"].split("[")[0] for t in advisory if t["outcome"] != "passed"}
    assert failed == {"test_are_permutations_beyond_the_guide", "test_is_legal_is_false_for_an_empty_place"}
    assert all(t["points"] == t["max_points"] == 0 for t in advisory)


def test_shares_add_up_to_what_each_activity_shows(first_run):
    _, _, subs = first_run
    for sub in subs.values():
        for activity in sub["activities"]:
            if activity["status"] == "graded" and not any(t["outcome"] == "skipped" for t in activity["tests"]):
                assert round(sum(t["max_points"] for t in activity["tests"]), 2) == activity["max"], activity["id"]
            assert round(sum(t["points"] for t in activity["tests"]), 2) == activity["score"], activity["id"]
    rank_runs = [t for a in subs["reference"]["activities"] for t in a["tests"] if t["name"].startswith("test_rank[")]
    assert sorted(t["points"] for t in rank_runs) == [0.5, 0.5, 0.5, 0.5]


def test_every_printed_replay_command_works_when_pasted(first_run):
    home, _, subs = first_run
    failing = [t for a in subs["matches_all"]["activities"] for t in a["tests"] if t["outcome"] != "passed"]
    hidden = [t for t in failing if t["visibility"] == "hidden"]
    parametrized = [t for t in failing if "[" in t["name"]]
    assert hidden and parametrized
    for test in (hidden[0], parametrized[0]):
        assert "--rubric" in test["replay"] and str(home / "my.yaml") in test["replay"]
        replay = subprocess.run(test["replay"].replace("grader ", f"{sys.executable} -m grader.cli ", 1), shell=True,
                                capture_output=True, text=True, cwd=home / "class" / "matches_all", timeout=300)
        assert replay.returncode == ExitCode.TESTS_FAILED, replay.stdout + replay.stderr
        assert test["name"] in replay.stdout
        assert replay.stdout.count("test_") <= 3, replay.stdout  # that one test, not the activity


def test_the_output_folder_inside_the_class_is_never_graded(tmp_path):
    write_class(tmp_path / "class", {"ann": {"card.py": card_with({})}})
    for _ in range(2):
        done = run("grade", "class", "--out", "class/results", "--activity", "a1", cwd=tmp_path)
        assert done.returncode == ExitCode.OK, done.stderr
        ids = [s["id"] for s in json.loads((tmp_path / "class" / "results" / "results.json").read_text())["submissions"]]
        assert ids == ["ann"]
    later = run("grade", "class", "--out", "elsewhere", "--activity", "A1", cwd=tmp_path)
    assert [s["id"] for s in json.loads((tmp_path / "elsewhere" / "results.json").read_text())["submissions"]] == ["ann"], later.stderr


@pytest.mark.parametrize("out", ["class", "class/ann/out"])
def test_the_output_folder_cannot_be_the_class_or_inside_a_students_folder(tmp_path, out):
    write_class(tmp_path / "class", {"ann": {"card.py": card_with({})}})
    done = run("grade", "class", "--out", out, cwd=tmp_path)
    assert done.returncode == ExitCode.USAGE and "--out" in done.stderr


PLANTED_FAULT = "import os\nif 'GRADER_LIFELINE_FD' in os.environ:\n    os._exit(99)  # the grading process dies at start\n"


def test_a_grader_failure_exits_70_and_cannot_pass_for_a_normal_run(tmp_path):
    write_class(tmp_path / "class", {"ann": {"card.py": card_with({})}})
    (tmp_path / "plant").mkdir()
    (tmp_path / "plant" / "sitecustomize.py").write_text(PLANTED_FAULT)
    env = {**__import__("os").environ, "PYTHONPATH": str(tmp_path / "plant")}
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "class", "--out", "out", "--activity", "A1"],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert done.returncode == ExitCode.INTERNAL, done.stdout + done.stderr
    assert "grader failed" in (done.stdout + done.stderr).lower()
    sub = json.loads((tmp_path / "out" / "results.json").read_text())["submissions"][0]
    assert sub["status"] == "grader_error" and "not the student's fault" in " ".join(sub["messages"])


def test_the_reports_are_readable_by_the_teachers_group_and_the_summary_fits_80_columns(first_run, tmp_path):
    home, done, _ = first_run
    for name in ("results.json", "gradebook.csv", "reference/report.md"):
        assert (home / "out" / name).stat().st_mode & 0o044 == 0o044, name  # group and others may read
    assert (home / "out" / "gradebook.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    env = {**__import__("os").environ, "COLUMNS": "80"}
    narrow = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "class", "--jobs", "1", "--out", str(tmp_path / "narrow"),
                             "--activity", "A1"], capture_output=True, text=True, cwd=home, env=env, timeout=300)
    summary = [line for line in narrow.stdout.splitlines() if not line.startswith("Wrote ")]  # a path may be long
    assert summary and max(len(line) for line in summary) <= 80, narrow.stdout


def test_text_no_file_can_hold_does_not_stop_the_reports(tmp_path):
    # A lone surrogate cannot be written as UTF-8; a student can still put one in an error.
    lone = card_with({"        return self._suit\n": "        raise ValueError('bad \\ud800 suit')\n"})
    write_class(tmp_path / "class", {"sam": {"card.py": lone}})
    done = run("grade", "class", "--out", "out", "--activity", "A1", cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stderr
    text = (tmp_path / "out" / "results.json").read_text(encoding="utf-8")
    assert "bad \\\\ud800 suit" in text
    assert "bad \\ud800 suit" in (tmp_path / "out" / "sam" / "report.md").read_text(encoding="utf-8")
