"""`grader export canvas`: a Canvas gradebook export, as Canvas writes it, with one column filled
and every other byte unchanged.

The fixtures follow what Canvas's own exporter writes (lib/gradebook_exporter.rb in
instructure/canvas-lms): the identity columns, a custom column, assignment columns named
``Title (id)``, read-only totals, an optional ``Manual Posting`` row, the ``    Points Possible``
row, the Test Student, a byte order mark, CRLF line endings and quotes only where needed (or a
semicolon between cells, a user setting).
"""

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.commands.exitcodes import ExitCode
from grader.integrations.canvas_gradebook import (
    GradebookError,
    fill_column,
    find_column,
    parse_gradebook,
)
from grader.integrations.csv_cells import read_records
from grader.reporters.results_json import write_results_json
from grader.results.model import ClassResults, SubmissionResult

COLUMN = "Elevens lab (4242)"
HEADER = ("Student,ID,SIS User ID,SIS Login ID,Section,Notes,Elevens lab (4242),Quiz 1 (4243),Current Score,"
          "Unposted Current Score,Final Score,Unposted Final Score")
# {ada} and the like are the cells the grader fills; everything else must come back byte for byte.
CANVAS_EXPORT = "\r\n".join([
    "\ufeff" + HEADER,
    ",,,,,,Manual Posting,,,,,",
    "    Points Possible,,,,,,53.00,10.00,(read only),(read only),(read only),(read only)",
    '"Lovelace, Ada",101,S001,ada@school.example,Period 1,"likes ""cards"", a lot",{ada},9.50,95.00,95.00,17.92,17.92',
    '"Müller, Chloé",102,S002,chloe.muller,"Period 1 and Period 2",,{chloe},8.00,80.00,80.00,15.09,15.09',
    '"Hopper, Grace",103,S003,ghopper@school.example,Period 2,,EX,10.00,100.00,100.00,100.00,100.00',
    '"Turing, Alan",104,S004,alan,Period 2,,{alan},7.00,70.00,70.00,13.21,13.21',
    '"Hamilton, Margaret",105,S005,mhamilton,Period 2,,,6.00,60.00,60.00,11.32,11.32',
    '"=cmd|\' /C calc\'!A0",106,S006,evil,Period 2,,{evil},,,,,',
    '"Student, Test",107,,b7c1f0e2d4a6,,,,,,,,',
    "",
])


def sub(sub_id: str, total: float, status: str = "graded", bonus: float = 0.0) -> SubmissionResult:
    return SubmissionResult(sub_id, status, total, 53.0, [] if status == "graded" else ["why"], [], bonus=bonus, bonus_max=6.0)


def class_results(*extra: SubmissionResult) -> ClassResults:
    return ClassResults("elevens", [
        sub("ada", 45.0, bonus=3.0),  # the part before @ of her login
        sub(" Chloe.Muller ", 38.5),  # any case, trimmed
        sub("ghopper@school.example", 53.0),  # excused in Canvas: kept
        sub("alan", 0.0, "unusable"),  # no made-up 0
        sub("EVIL", 12.0),
        sub("charles_babbage", 30.0),  # nobody in the gradebook
        *extra,
    ], grader_version="test")


def export(tmp_path: Path, template: str = CANVAS_EXPORT, **cells: str) -> Path:
    values = {"ada": "", "chloe": "", "alan": "", "evil": "", **cells}
    path = tmp_path / "export.csv"
    path.write_bytes(template.format(**values).encode("utf-8"))
    return path


def run(tmp_path: Path, *args: str, results: ClassResults | None = None):
    write_results_json(results or class_results(), tmp_path / "results.json")
    with_paths = ["export", "canvas", str(tmp_path / "results.json"), *args]
    return CliRunner().invoke(main, with_paths, catch_exceptions=False)


def test_round_trip_changes_only_the_chosen_cells_byte_for_byte(tmp_path):
    gradebook = export(tmp_path)
    done = run(tmp_path, "--gradebook", str(gradebook), "--column", COLUMN, "-o", str(tmp_path / "upload.csv"))
    expected = CANVAS_EXPORT.format(ada="45", chloe="38.5", alan="", evil="12").encode("utf-8")
    assert (tmp_path / "upload.csv").read_bytes() == expected
    assert gradebook.read_bytes() == CANVAS_EXPORT.format(ada="", chloe="", alan="", evil="").encode("utf-8")
    assert done.exit_code == ExitCode.BAD_INPUT  # someone is listed below
    assert "Filled 'Elevens lab (4242)' for 3 students" in done.output
    assert "charles_babbage: no student has SIS Login ID 'charles_babbage'" in done.output
    assert "Hamilton, Margaret (SIS Login ID 'mhamilton')" in done.output
    assert "alan (Turing, Alan): the submission could not be graded" in done.output and "never a made-up 0" in done.output
    assert "ghopper@school.example (Hopper, Grace): excused in Canvas (EX)" in done.output
    assert "Test" not in done.output  # Canvas's Test Student is nobody's grade


def test_the_upload_reads_as_the_export_with_one_column_changed(tmp_path):
    gradebook = export(tmp_path, ada="12", chloe="EX")
    run(tmp_path, "--gradebook", str(gradebook), "--column", "elevens LAB", "--with-bonus", "-o", str(tmp_path / "up.csv"))
    before = list(csv.reader(io.StringIO(gradebook.read_text(encoding="utf-8-sig"), newline="")))
    after = list(csv.reader(io.StringIO((tmp_path / "up.csv").read_text(encoding="utf-8-sig"), newline="")))
    changed = {(r, c) for r, row in enumerate(before) for c, cell in enumerate(row) if after[r][c] != cell}
    assert changed == {(3, 6), (8, 6)}  # Ada (45 + 3 bonus), and the formula-looking student's cell
    assert after[3][6] == "48" and after[4][6] == "EX" and after[8][0] == before[8][0]
    assert [len(row) for row in after] == [len(row) for row in before]


def test_semicolons_lastname_firstname_and_lf_without_a_bom(tmp_path):
    template = "\n".join([
        "LastName;FirstName;ID;SIS Login ID;Section;Elevens lab (4242);Current Score",
        "    Points Possible;;;;;53,00;(read only)",
        "Lovelace;Ada;101;ada@school.example;Period 1;{ada};95,00",
        '"Müller; Jr";Chloé;102;chloe.muller;P1;"{chloe}";80,00',
        "Student;Test;107;xyz;;;",
        "",
    ])
    gradebook = export(tmp_path, template)
    done = run(tmp_path, "--gradebook", str(gradebook), "--column", "4242", "-o", str(tmp_path / "up.csv"),
               results=ClassResults("elevens", [sub("ada", 45.25), sub("chloe.muller", 7.0)]))
    assert done.exit_code == ExitCode.OK, done.output
    assert (tmp_path / "up.csv").read_bytes() == template.format(ada="45.25", chloe="7").encode("utf-8")


def test_a_missing_column_lists_the_assignment_columns_and_the_closest(tmp_path):
    gradebook = export(tmp_path)
    done = run(tmp_path, "--gradebook", str(gradebook), "--column", "Elevens Lab (4224)", "-o", str(tmp_path / "up.csv"))
    assert done.exit_code == ExitCode.USAGE
    assert "no assignment column 'Elevens Lab (4224)'" in done.output
    assert "The closest is 'Elevens lab (4242)'" in done.output
    assert "Assignment columns: 'Elevens lab (4242)', 'Quiz 1 (4243)'." in done.output
    assert not (tmp_path / "up.csv").exists()


def test_a_missing_match_column_and_an_output_over_the_export_are_refused(tmp_path):
    gradebook = export(tmp_path)
    done = run(tmp_path, "--gradebook", str(gradebook), "--column", COLUMN, "--match", "SIS Logon ID", "-o", str(tmp_path / "u.csv"))
    assert done.exit_code == ExitCode.USAGE and "did you mean 'SIS Login ID'?" in done.output
    done = run(tmp_path, "--gradebook", str(gradebook), "--column", COLUMN, "-o", str(gradebook))
    assert done.exit_code == ExitCode.USAGE and "is the gradebook export itself" in done.output


def test_matching_on_canvas_ids_and_ambiguous_logins(tmp_path):
    template = CANVAS_EXPORT.replace("alan,Period 2", "ada@other.example,Period 2")
    gradebook = export(tmp_path, template)
    done = run(tmp_path, "--gradebook", str(gradebook), "--column", COLUMN, "-o", str(tmp_path / "u.csv"))
    assert "ada: matches 2 students (Lovelace, Ada, Turing, Alan) by the part before @" in done.output
    results = ClassResults("elevens", [sub("101", 40.0), sub("102", 41.0), sub("0102", 1.0)])
    done = run(tmp_path, "--gradebook", str(gradebook), "--column", COLUMN, "--match", "id", "-o", str(tmp_path / "u.csv"),
               results=results)
    assert "0102: no student has ID '0102'" in done.output
    rows = list(csv.reader(io.StringIO((tmp_path / "u.csv").read_text(encoding="utf-8-sig"), newline="")))
    assert (rows[3][6], rows[4][6]) == ("40", "41")


def test_two_submissions_for_one_student_fill_nothing_for_either(tmp_path):
    book = parse_gradebook(CANVAS_EXPORT.format(ada="", chloe="", alan="", evil=""))
    filled = fill_column(book, ClassResults("elevens", [sub("Alan", 5.0), sub("alan", 6.0), sub("mhamilton@x", 9.0),
                                                       sub("mhamilton", 8.0)]), COLUMN)
    assert {s for s, _ in filled.unmatched} == {"Alan", "alan", "mhamilton@x"}  # the whole login wins over its part
    assert [(s, score) for s, _, score in filled.written] == [("mhamilton", "8")]


def test_a_grader_failure_exits_70_and_leaves_the_cell_empty(tmp_path):
    gradebook = export(tmp_path)
    results = ClassResults("elevens", [sub("alan", 20.0, "grader_error")])
    done = run(tmp_path, "--gradebook", str(gradebook), "--column", COLUMN, "-o", str(tmp_path / "u.csv"), results=results)
    assert done.exit_code == ExitCode.INTERNAL
    assert "not the student's fault" in done.output
    assert (tmp_path / "u.csv").read_bytes() == gradebook.read_bytes()


@pytest.mark.parametrize("content, expected", [
    ("id,A1,total\r\nada,15,15\r\n".encode("utf-8-sig"), "does not look like a Canvas gradebook export"),
    (CANVAS_EXPORT.format(ada="", chloe="", alan="", evil="").lstrip("\ufeff").encode("cp1252"), 'save it as "CSV UTF-8"'),
])
def test_a_file_that_is_not_a_canvas_export_says_what_to_download(tmp_path, content, expected):
    (tmp_path / "export.csv").write_bytes(content)
    done = run(tmp_path, "--gradebook", str(tmp_path / "export.csv"), "--column", COLUMN, "-o", str(tmp_path / "u.csv"))
    assert done.exit_code == ExitCode.BAD_INPUT and expected in done.output


def test_read_only_and_unknown_columns_are_refused_in_the_library():
    book = parse_gradebook(CANVAS_EXPORT.format(ada="", chloe="", alan="", evil="").replace(",53.00,", ",(read only),"))
    with pytest.raises(GradebookError, match="read-only"):
        find_column(book, COLUMN)
    assert find_column(book, "Quiz 1") == "Quiz 1 (4243)"


def test_records_keep_their_spans_through_quotes_and_line_breaks():
    text = 'a,"b ""q"", c","multi\r\nline"\r\n,\n"x"'
    records = read_records(text, ",")
    assert [r.values for r in records] == [["a", 'b "q", c', "multi\r\nline"], ["", ""], ["x"]]
    assert [text[s:e] for s, e in records[0].spans] == ["a", '"b ""q"", c"', '"multi\r\nline"']


def test_the_command_runs_as_a_program_from_another_folder(tmp_path):
    export(tmp_path)
    write_results_json(class_results(), tmp_path / "results.json")
    (tmp_path / "work").mkdir()
    done = subprocess.run([sys.executable, "-m", "grader.cli", "export", "canvas", "../results.json", "--gradebook",
                           "../export.csv", "--column", COLUMN], capture_output=True, text=True, cwd=tmp_path / "work", timeout=120)
    assert done.returncode == ExitCode.BAD_INPUT, done.stderr
    assert (tmp_path / "work" / "canvas-upload.csv").read_bytes().startswith("\ufeffStudent,ID".encode("utf-8"))
