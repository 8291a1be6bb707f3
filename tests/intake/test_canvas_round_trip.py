"""The issue's round trip for Canvas, as a teacher runs it: the class downloaded from Canvas
("Download Submissions", one flat zip of 20 students: late, resubmitted, zipped, misnamed,
broken and empty work among them) goes through `grader grade submissions.zip --out out` and
`grader export canvas out/results.json --gradebook canvas-export.csv -o upload.csv` into the
right gradebook rows, with no --match and no --column. Run from another folder with relative
paths. Only Activity 1 is graded: the round trip is about who is who, not about the suites."""

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from tests.classroom import reference_text
from tests.intake.make_canvas import build_download, sample_class

COLUMN = "Elevens lab (77001)"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def canvas_export(students, extra_rows: list[list[str]]) -> str:
    """A gradebook as Canvas exports it: identity columns, the assignment, Points Possible, the
    students (in Canvas's own order, by sortable name), the Test Student."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Student", "ID", "SIS User ID", "SIS Login ID", "Section", COLUMN, "Current Score"])
    writer.writerow(["    Points Possible", "", "", "", "", "166.00", "(read only)"])
    for student in students:
        last, first = student.name.rsplit(" ", 1)[-1], student.name.rsplit(" ", 1)[0]
        writer.writerow([f"{last}, {first}", str(student.user_id), f"S{student.user_id}", f"u{student.user_id}",
                         "Period 3", "", ""])
    for row in extra_rows:
        writer.writerow(row)
    writer.writerow(["Student, Test", "99", "", "", "Period 3", "", ""])
    return out.getvalue()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    home = tmp_path_factory.mktemp("teacher")
    students = sample_class({"card.py": reference_text("card.py")})
    archive = build_download(home, students)
    archive = archive.rename(home / "submissions.zip")
    (home / "canvas-export.csv").write_text(
        canvas_export(students, [["Nobody, Handed-In", "340999", "S340999", "u340999", "Period 3", "", ""]]),
        encoding="utf-8")
    done = run("grade", "submissions.zip", "--out", "out", "--activity", "A1", cwd=home)
    return home, students, done


def test_the_download_is_graded_one_row_per_student(graded):
    home, students, done = graded
    assert done.returncode in (ExitCode.OK, ExitCode.BAD_INPUT), done.stderr  # 3: the broken zip is unusable
    assert "Read as a canvas download" in done.stdout
    results = json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))
    by_user = {s["identity"]["ids"]["canvas_user_id"]: s for s in results["submissions"]}
    # Every student with a file is a submission; the text-box and website ones hand in no file.
    assert set(by_user) >= {str(s.user_id) for s in students if s.files or s.zipped}
    assert by_user["340934"]["identity"]["late"] is True and by_user["340935"]["identity"]["late"] is None
    assert by_user["340934"]["id"] != by_user["340935"]["id"]  # two Bob Smiths, two students
    assert by_user["340936"]["identity"]["superseded"], "Zoë's earlier upload is listed, not graded"
    assert by_user["340937"]["total"] == by_user["340935"]["total"] > 0  # her zip, with a wrapper folder and Mac junk
    assert by_user["340942"]["status"] == "unusable"  # the broken zip
    assert by_user["340938"]["identity"]["name"]  # accents survive the zip


def test_the_gradebook_and_the_terminal_say_who_is_late(graded):
    home, _, done = graded
    rows = list(csv.DictReader((home / "out" / "gradebook.csv").open(encoding="utf-8-sig")))
    late = {row["lms_id"]: row["late"] for row in rows}
    assert late["340934"] == "late" and late["340935"] == ""
    assert "late" in done.stdout.splitlines()[1] or any(line.rstrip().endswith("late") for line in done.stdout.splitlines())
    report = next((home / "out").glob("*/report.md")).read_text(encoding="utf-8")
    assert "From Canvas" in report


def test_export_canvas_fills_the_right_rows_without_matching_by_hand(graded):
    home, students, _ = graded
    done = run("export", "canvas", "out/results.json", "--gradebook", "canvas-export.csv", "-o", "upload.csv", cwd=home)
    # 3: some students are listed (the broken zip, the text-box answer, the student with no submission)
    assert done.returncode == ExitCode.BAD_INPUT, done.stdout + done.stderr
    results = json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))
    expected = {s["identity"]["ids"]["canvas_user_id"]: s for s in results["submissions"]}
    upload = list(csv.reader((home / "upload.csv").open(encoding="utf-8")))
    header = upload[0]
    column, ids = header.index(COLUMN), header.index("ID")
    filled = {row[ids]: row[column] for row in upload[2:]}
    for user_id, sub in expected.items():
        if sub["status"] == "graded":
            assert float(filled[user_id]) == sub["total"], user_id
        else:
            assert filled[user_id] == "", f"{user_id} was not graded and must keep its cell"
    assert filled["340999"] == "" and "Nobody Handed-In" in done.stdout or "Handed-In" in done.stdout
    assert "matched no student" not in done.stdout, done.stdout
