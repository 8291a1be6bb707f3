"""A student who simply handed nothing in is a note in `grader export canvas`, `moodle` and
`blackboard`, with exit code 0, so a `set -e` script goes on; a score missing from the file (a
submission that matched no row, or could not be graded) still exits 3 (issue 38, item 8)."""

import csv
import io

from click.testing import CliRunner

from grader.cli import main
from grader.commands.exitcodes import ExitCode
from grader.reporters.results_json import write_results_json
from grader.results.model import ClassResults
from tests.integrations.test_canvas_gradebook import COLUMN, export, sub
from tests.intake.test_blackboard_grades import COLUMN as BB_COLUMN
from tests.intake.test_blackboard_grades import download


def run(tmp_path, results: ClassResults, *args: str):
    write_results_json(results, tmp_path / "results.json")
    return CliRunner().invoke(main, ["export", *args[:1], str(tmp_path / "results.json"), *args[1:]], catch_exceptions=False)


def test_canvas_absent_students_are_a_note_with_exit_0(tmp_path):
    # Ada and Chloé handed in; Hopper (excused), Turing, Hamilton and the student named like a formula did not.
    done = run(tmp_path, ClassResults("elevens", [sub("ada", 45.0), sub("chloe.muller", 38.5)]),
               "canvas", "--gradebook", str(export(tmp_path)), "--column", COLUMN, "-o", str(tmp_path / "up.csv"))
    assert done.exit_code == ExitCode.OK, done.output
    assert "Note: 4 students in the gradebook had no submission" in done.output and "Hamilton, Margaret" in done.output


def test_canvas_a_score_missing_from_the_file_still_exits_3(tmp_path):
    for extra in (sub("nobody_here", 3.0), sub("alan", 0.0, "unusable")):
        done = run(tmp_path, ClassResults("elevens", [sub("ada", 45.0), extra]),
                   "canvas", "--gradebook", str(export(tmp_path)), "--column", COLUMN, "-o", str(tmp_path / "up.csv"))
        assert done.exit_code == ExitCode.BAD_INPUT, (extra.id, done.output)


def moodle_worksheet() -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["Identifier", "Full name", "Email address", "Status", "Grade", "Maximum Grade",
                     "Grade can be changed", "Last modified (submission)", "Last modified (grade)", "Feedback comments"])
    writer.writerow(["Participant 101", "Ada L", "a@school.edu", "Submitted for grading", "", "166.00", "Yes", "-", "-", ""])
    writer.writerow(["Participant 999", "No Work", "n@school.edu", "No submission", "", "166.00", "Yes", "-", "-", ""])
    return "\ufeff" + out.getvalue()


def test_moodle_absent_participant_is_a_note_with_exit_0(tmp_path):
    (tmp_path / "grades.csv").write_text(moodle_worksheet(), encoding="utf-8")
    done = run(tmp_path, ClassResults("elevens", [sub("101", 40.0)]),
               "moodle", "--worksheet", str(tmp_path / "grades.csv"), "-o", str(tmp_path / "up.csv"))
    assert done.exit_code == ExitCode.OK, done.output
    assert "Note: left as they were" in done.output and "No Work" in done.output
    unmatched = run(tmp_path, ClassResults("elevens", [sub("101", 40.0), sub("555", 1.0)]),
                    "moodle", "--worksheet", str(tmp_path / "grades.csv"), "-o", str(tmp_path / "up.csv"))
    assert unmatched.exit_code == ExitCode.BAD_INPUT and "Participant 555" in unmatched.output


def test_blackboard_absent_students_are_a_note_with_exit_0(tmp_path):
    (tmp_path / "gc.csv").write_text(download(","), encoding="utf-8")
    done = run(tmp_path, ClassResults("elevens", [sub("bsmith", 40.0)]),
               "blackboard", "--gradebook", str(tmp_path / "gc.csv"), "--column", BB_COLUMN, "-o", str(tmp_path / "up.csv"))
    assert done.exit_code == ExitCode.OK, done.output
    assert "Note: left as they were" in done.output
    broken = run(tmp_path, ClassResults("elevens", [sub("bsmith", 40.0), sub("aobrien", 0.0, "unusable")]),
                 "blackboard", "--gradebook", str(tmp_path / "gc.csv"), "--column", BB_COLUMN, "-o", str(tmp_path / "up.csv"))
    assert broken.exit_code == ExitCode.BAD_INPUT, broken.output
