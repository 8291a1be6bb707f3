"""The issue's round trip for Moodle: "Download all submissions" (one folder per student and
plugin) graded with `grader grade moodle.zip`, then `grader export moodle results.json
--worksheet grades.csv` fills the assignment's grading worksheet by participant id, read back the
way Moodle's importer reads it (tests/intake/test_moodle_worksheet.py). Activity 1 only."""

import csv
import io
import json
import subprocess
import sys

import pytest

from grader.commands.exitcodes import ExitCode
from tests.classroom import reference_text
from tests.intake.make_moodle import Student, build_download
from tests.intake.test_moodle_worksheet import moodle_reads

NAMES = ["Zoë Ångström", "Bob Smith", "Bob Smith", "Mary-Jane O'Neil", "José Álvarez", "Ann Lee", "Kim Park",
         "Li Wei", "Sam Taylor", "Alex Kim", "Jo March", "Amy Pond", "Rory Williams", "Clara Oswald",
         "Martha Jones", "Donna Noble", "Rose Tyler", "Jack Harkness", "River Song", "Bill Potts"]


def worksheet(students) -> str:
    """The assignment's worksheet as Moodle gives it, one row per participant, plus one who handed in nothing."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["Identifier", "Full name", "Email address", "Status", "Grade", "Maximum Grade",
                     "Grade can be changed", "Last modified (submission)", "Last modified (grade)", "Feedback comments"])
    for s in students:
        writer.writerow([f"Participant {s.id}", s.name, f"p{s.id}@school.edu", "Submitted for grading", "", "166.00",
                         "Yes", "Friday, 20 November 2026, 3:12 PM", "-", ""])
    writer.writerow(["Participant 999", "No Work", "p999@school.edu", "No submission", "", "166.00", "Yes", "-", "-", ""])
    return "\ufeff" + out.getvalue()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    home = tmp_path_factory.mktemp("teacher")
    card = reference_text("card.py")
    students = []
    for number, name in enumerate(NAMES, start=501):
        files = {"card.py": card}
        if number == 503:
            students.append(Student(name, number, {}, zipped="lab.zip", zip_folder="Lab"))
            students[-1].files = {"card.py": card}
        elif number == 504:
            students.append(Student(name, number, {"card.py": card}, online_text="<p>see my file</p>"))
        elif number == 505:
            students.append(Student(name, number, {}, online_text="<p>I forgot the file</p>"))
        else:
            students.append(Student(name, number, files))
    archive = build_download(home, students)
    archive.rename(home / "moodle.zip")
    (home / "grades.csv").write_text(worksheet(students), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "moodle.zip", "--out", "out", "--activity", "A1"],
                          capture_output=True, text=True, cwd=home, timeout=600)
    return home, students, done


def test_the_download_is_graded_one_row_per_participant(graded):
    home, students, done = graded
    assert done.returncode in (ExitCode.OK, ExitCode.BAD_INPUT), done.stderr
    assert "Read as a moodle download" in done.stdout
    results = json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))
    by_id = {s["identity"]["ids"]["moodle_participant_id"]: s for s in results["submissions"]}
    assert set(by_id) == {str(s.id) for s in students}
    assert by_id["502"]["id"] != by_id["503"]["id"]  # two Bob Smiths
    assert by_id["505"]["status"] == "unusable"  # online text only: nothing to grade
    assert by_id["501"]["total"] == by_id["503"]["total"] == by_id["504"]["total"] > 0


def test_export_moodle_fills_the_worksheet_by_participant(graded):
    home, _, _ = graded
    done = subprocess.run([sys.executable, "-m", "grader.cli", "export", "moodle", "out/results.json",
                           "--worksheet", "grades.csv", "-o", "upload.csv"], capture_output=True, text=True, cwd=home,
                          timeout=120)
    assert done.returncode == ExitCode.BAD_INPUT, done.stdout + done.stderr  # 505 and 999 are listed
    results = json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))
    read = moodle_reads((home / "upload.csv").read_text(encoding="utf-8"))
    for sub in results["submissions"]:
        pid = sub["identity"]["ids"]["moodle_participant_id"]
        if sub["status"] == "graded":
            assert float(read[pid]["Grade"]) == sub["total"], pid
        else:
            assert read[pid]["Grade"] == "", pid
    assert read["999"]["Grade"] == "" and "No Work" in done.stdout
