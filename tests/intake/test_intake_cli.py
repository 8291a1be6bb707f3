"""`grader grade` and `grader check` on downloads, black-box: a Gradescope export with a
deadline and a rubric's late policy, a Blackboard download exported back, one student of a
Canvas download checked alone, layouts named wrong, and class zips. Activity 1 only, small
classes: these are about reading the download, not about the suites."""

import csv
import json
import subprocess
import sys
import zipfile
from datetime import datetime
from pathlib import Path

import pytest
import yaml

from grader.commands.exitcodes import ExitCode
from tests.classroom import card_with, reference_text
from tests.intake import make_blackboard, make_canvas, make_gradescope
from tests.lab_loader import ROOT

CARD = reference_text("card.py")
WRONG_CARD = card_with({"        return self._suit\n": "        return 'spades'\n"})


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def late_rubric(folder: Path) -> Path:
    rubric = yaml.safe_load((ROOT / "rubrics" / "elevens.yaml").read_text(encoding="utf-8"))
    rubric["late"] = {"per_day": "10%", "max_days": 3}
    path = folder / "late-rubric.yaml"
    path.write_text(yaml.safe_dump(rubric, sort_keys=False), encoding="utf-8")
    return path


def test_a_gradescope_export_with_a_deadline_and_a_late_policy(tmp_path):
    subs = [make_gradescope.Submission(1001, [("Ada Byron", "s1", "ada@x.edu")], {"card.py": CARD},
                                       created_at="2026-12-01 23:00:00.000000000 -0500"),
            make_gradescope.Submission(1002, [("Ben Ng", "s2", "ben@x.edu"), ("Cy Oh", "s3", "cy@x.edu")],
                                       {"card.py": CARD}, created_at="2026-12-03 09:00:00.000000000 -0500")]
    make_gradescope.build_download(tmp_path, subs, name="export.zip")
    rubric = late_rubric(tmp_path)
    done = run("grade", "export.zip", "--out", "out", "--activity", "A1", "--rubric", rubric.name,
               "--deadline", "2026-12-01 23:59", "--timezone", "America/New_York", cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    results = {s["identity"]["ids"]["gradescope_submission_id"]: s
               for s in json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))["submissions"]}
    on_time, late = results["1001"], results["1002"]
    assert on_time["identity"]["late"] is False and on_time["late_penalty"] == {}
    assert late["identity"]["late"] is True and late["late_penalty"]["days"] == 2
    assert late["total"] == round(on_time["total"] * 0.8, 2)  # 2 started days, 10% each
    assert [s["email"] for s in late["identity"]["students"]] == ["ben@x.edu", "cy@x.edu"]
    rows = {row["lms_id"]: row for row in csv.DictReader((tmp_path / "out" / "gradebook.csv").open(encoding="utf-8-sig"))}
    assert rows["1002"]["late"] == "late" and float(rows["1002"]["late_penalty"]) == late["late_penalty"]["points"]
    assert rows["1002"]["email"] == "ben@x.edu; cy@x.edu"
    assert "late −20%" in done.stdout
    report = (tmp_path / "out" / late["id"] / "report.md").read_text(encoding="utf-8")
    assert "Late by 1 day" in report and "20% off" in report
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'class="tag late"' in page


def test_without_a_policy_late_work_is_shown_and_loses_nothing(tmp_path):
    subs = [make_gradescope.Submission(7, [("Ada Byron", "s1", "a@x.edu")], {"card.py": CARD},
                                       created_at="2026-12-05 10:00:00.000000000 +0000")]
    make_gradescope.build_download(tmp_path, subs, name="export.zip")
    done = run("grade", "export.zip", "--out", "out", "--activity", "A1", "--deadline", "2026-12-01T00:00Z", cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stderr
    sub = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))["submissions"][0]
    assert sub["identity"]["late"] is True and sub["late_penalty"]["points"] == 0 and sub["total"] == sub["max"]


def test_a_blackboard_download_goes_back_to_the_grade_center(tmp_path):
    students = [make_blackboard.Student("Ada Byron", "abyron", {"card.py": CARD}),
                make_blackboard.Student("Zoë Núñez", "znunez", {"card.py": WRONG_CARD}),
                make_blackboard.Student("Twice Over", "twice", attempts=[
                    make_blackboard.Attempt({"card.py": WRONG_CARD}, when=datetime(2024, 9, 16, 20, 0)),
                    make_blackboard.Attempt({"card.py": CARD}, when=datetime(2024, 9, 16, 21, 0))])]
    make_blackboard.build_download(tmp_path, students, zip_name="bb.zip")
    done = run("grade", "bb.zip", "--out", "out", "--activity", "A1", cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))["submissions"]
    by_user = {s["identity"]["ids"]["blackboard_username"]: s for s in results}
    assert by_user["twice"]["total"] == by_user["abyron"]["total"] > by_user["znunez"]["total"]  # the latest attempt
    assert by_user["twice"]["identity"]["superseded"]
    column = "Lab 3 [Total Pts: 166 Score] |88001"
    done = run("export", "blackboard", "out/results.json", "--column", column, "-o", "upload.csv", cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    rows = list(csv.DictReader((tmp_path / "upload.csv").open(encoding="utf-8-sig")))
    assert {row["Username"]: float(row[column]) for row in rows} == {u: s["total"] for u, s in by_user.items()}


def test_one_student_of_a_download_is_checked_alone_and_replays_name_the_download(tmp_path):
    students = [make_canvas.Student("Bob Smith", 340934, {"card.py": CARD}),
                make_canvas.Student("Bob Smith", 340935, {"card.py": WRONG_CARD}),
                make_canvas.Student("Ann Lee", 340936, {"card.py": CARD})]
    make_canvas.build_download(tmp_path, students).rename(tmp_path / "canvas.zip")
    asked = run("check", "canvas.zip", "--activity", "A1", cwd=tmp_path)
    assert asked.returncode == ExitCode.USAGE and "--student" in asked.stderr and "3 students" in asked.stderr
    done = run("check", "canvas.zip", "--student", "340935", "--activity", "A1", "--hidden", cwd=tmp_path)
    assert done.returncode != ExitCode.OK and "test_suit" in done.stdout, done.stdout + done.stderr
    assert "--student" in done.stdout and "--from canvas" in done.stdout  # every replay names this student
    typo = run("check", "canvas.zip", "--student", "Ann Leee", cwd=tmp_path)
    assert typo.returncode == ExitCode.USAGE and "Ann Lee" in typo.stderr


def test_a_layout_named_wrong_says_which_layouts_exist(tmp_path):
    make_canvas.build_download(tmp_path, [make_canvas.Student("Bob Smith", 1, {"card.py": CARD})]).rename(tmp_path / "c.zip")
    done = run("grade", "c.zip", "--out", "out", "--from", "moodle", cwd=tmp_path)
    assert done.returncode == ExitCode.BAD_INPUT
    assert "does not look like a moodle download" in done.stderr and "--from canvas" in done.stderr


def test_a_zip_of_student_folders_is_a_class(tmp_path):
    with zipfile.ZipFile(tmp_path / "class.zip", "w") as archive:
        archive.writestr("period3/ada/card.py", CARD)
        archive.writestr("period3/ben/card.py", WRONG_CARD)
    done = run("grade", "class.zip", "--out", "out", "--activity", "A1", cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stderr
    rows = {row["id"] for row in csv.DictReader((tmp_path / "out" / "gradebook.csv").open(encoding="utf-8-sig"))}
    assert rows == {"ada", "ben"}


@pytest.mark.parametrize("content", [b"not a zip at all", b"PK\x03\x04 truncated"])
def test_a_broken_download_is_one_line(tmp_path, content):
    (tmp_path / "download.zip").write_bytes(content)
    done = run("grade", "download.zip", "--out", "out", cwd=tmp_path)
    assert done.returncode == ExitCode.BAD_INPUT and "Traceback" not in done.stderr
    assert "could not be opened as a zip" in done.stderr


def test_a_deadline_for_a_plain_class_folder_is_refused(tmp_path):
    (tmp_path / "class" / "ada").mkdir(parents=True)
    (tmp_path / "class" / "ada" / "card.py").write_text(CARD, encoding="utf-8")
    done = run("grade", "class", "--out", "out", "--deadline", "2026-12-01", cwd=tmp_path)
    assert done.returncode == ExitCode.USAGE and "carry times" in done.stderr
