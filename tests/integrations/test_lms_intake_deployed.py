"""Reading LMS downloads from the grader as deployed (the wheel in a fresh virtual environment,
run from a folder far from the checkout): a Canvas download of three graded and exported into the
gradebook by user id, and a Moodle download into its grading worksheet. Small and Activity 1
only: the round trips of 20 run from the checkout (tests/intake/); this proves the intake ships."""

import csv
import json

from tests.classroom import card_with, reference_text
from tests.intake import make_canvas, make_moodle
from tests.intake.test_canvas_round_trip import COLUMN, canvas_export
from tests.intake.test_moodle_round_trip import worksheet

CARD = reference_text("card.py")
WRONG = card_with({"        return self._suit\n": "        return 'spades'\n"})


def test_a_canvas_download_round_trip_from_the_wheel(installed_grader, tmp_path):
    home = installed_grader.outside / tmp_path.name
    home.mkdir()
    students = [make_canvas.Student("Zoë Ñúñez", 11, {"card.py": CARD}, late=True),
                make_canvas.Student("Bob Smith", 12, {"card.py": WRONG}, resubmitted={"card.py": 1}),
                make_canvas.Student("Bob Smith", 13, {}, zipped="lab.zip", zip_folder="Lab", zip_junk=True)]
    students[2].files = {"card.py": CARD}
    make_canvas.build_download(home, students, unicode_flag=False).rename(home / "submissions.zip")
    (home / "export.csv").write_text(canvas_export(students, []), encoding="utf-8")
    done = installed_grader.grader("grade", "submissions.zip", "--out", "out", "--activity", "A1", cwd=home)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))
    by_user = {s["identity"]["ids"]["canvas_user_id"]: s for s in results["submissions"]}
    assert by_user["11"]["identity"]["late"] is True and by_user["11"]["id"] == "ñúñezzoë"
    exported = installed_grader.grader("export", "canvas", "out/results.json", "--gradebook", "export.csv", "-o", "up.csv",
                                       cwd=home)
    assert exported.returncode == 0, exported.stdout + exported.stderr
    upload = list(csv.reader((home / "up.csv").open(encoding="utf-8")))
    column, ids = upload[0].index(COLUMN), upload[0].index("ID")
    assert {row[ids]: float(row[column]) for row in upload[2:] if row[ids] != "99"} == \
        {user: sub["total"] for user, sub in by_user.items()}


def test_a_moodle_download_round_trip_from_the_wheel(installed_grader, tmp_path):
    home = installed_grader.outside / tmp_path.name
    home.mkdir()
    students = [make_moodle.Student("Zoë Ångström", 101, {"card.py": CARD}),
                make_moodle.Student("Bob Smith", 102, {"card.py": WRONG}, online_text="<p>hi</p>")]
    make_moodle.build_download(home, students).rename(home / "moodle.zip")
    (home / "grades.csv").write_text(worksheet(students), encoding="utf-8")
    done = installed_grader.grader("grade", "moodle.zip", "--out", "out", "--activity", "A1", cwd=home)
    assert done.returncode == 0, done.stdout + done.stderr
    exported = installed_grader.grader("export", "moodle", "out/results.json", "--worksheet", "grades.csv", "-o", "up.csv",
                                       cwd=home)
    assert exported.returncode == 0 and "No Work" in exported.stdout  # participant 999 handed in nothing: a note, not a failure
    rows = {row["Identifier"]: row["Grade"] for row in csv.DictReader((home / "up.csv").open(encoding="utf-8-sig"))}
    assert float(rows["Participant 101"]) > float(rows["Participant 102"]) and rows["Participant 999"] == ""
