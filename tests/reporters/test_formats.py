"""Properties of the reports that golden files alone would not guard: widths, encodings, file
modes, the order of sections, and that student text never becomes markup."""

import csv
import io
import json
import os
import re
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest
from rich.console import Console

from grader.terminal.console import print_check, print_run_problems, print_summary, shorten
from grader.reporters import write_run_outputs
from grader.reporters.atomic import write_atomically
from grader.reporters.gradebook_csv import gradebook_text
from grader.reporters.markdown_report import code, fenced, submission_report
from grader.reporters.results_json import FORMAT_VERSION, results_document
from grader.results.model import ACTIVITY_STATES, ActivityResult, ClassResults, SubmissionResult, TestResult
from tests.reporters.samples import ACCENTED, EVIL, WIDE_IDS, sample_results, wide_class


def render(width: int, draw) -> str:
    out = Console(file=io.StringIO(), width=width, color_system=None, highlight=False, force_terminal=False)
    draw(out)
    return out.file.getvalue()


def write_all(results: ClassResults, out_dir: Path) -> None:
    write_run_outputs(results, out_dir)


def one_student(sub_id: str, tests: list[TestResult], note: str = "") -> SubmissionResult:
    score = sum(t.points for t in tests)
    activity = ActivityResult("A1", "Card", "graded", score, 15.0, note=note, tests=tests)
    return SubmissionResult(sub_id, "graded", score, 15.0, [], [activity])


# --- terminal -----------------------------------------------------------------------------

def test_the_class_summary_fits_80_columns_with_13_activities_and_long_ids():
    text = render(80, lambda out: (print_summary(wide_class(), out=out), print_run_problems(wide_class(), out=out)))
    table = text.split("\n  –")[0]
    assert all(len(line) <= 80 for line in text.splitlines()), text
    header = table.splitlines()[1].split()
    assert header == ["student", *[a for a in WIDE_IDS if not a.startswith("bonus")], "total", "bonus"]
    assert "…" in table and "_0_ÉÈ" in table  # ids cut in the middle: the end that differs is kept
    assert "ERR" in table and "–" in table and "unusable" in table
    assert "rounded down" in text  # the caption says why 18.67 shows as 18


def test_without_a_terminal_the_summary_keeps_two_decimals_and_whole_ids():
    text = render(160, lambda out: print_summary(wide_class(), out=out))
    assert "18.67" in text and "student_with_a_really_long_folder_name_0_ÉÈ" in text and "load" in text
    assert "rounded" not in text


def test_the_console_is_wide_in_logs_but_obeys_columns():
    probe = "from grader.terminal.screen import console; print(console.width)"
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    wide = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    narrow = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env={**env, "COLUMNS": "80"}, check=True)
    assert int(wide.stdout) >= 160 and int(narrow.stdout) == 80


def test_shorten_keeps_both_ends_within_the_width():
    assert shorten("abcdefghij", 5) == "ab…ij"
    assert shorten("short", 10) == "short"
    assert shorten("日本語日本語", 5) == "日…語"


def test_run_problems_say_nothing_when_all_went_well():
    clean = ClassResults("elevens", [one_student("ada", [TestResult("test_rank", "passed", 2.0, 2.0)])])
    assert render(80, lambda out: print_run_problems(clean, out=out)) == ""


def test_run_problems_list_unusable_and_grader_failures_with_their_exit_codes():
    text = render(200, lambda out: print_run_problems(sample_results(), out=out))
    unusable, failed = text.split("The grader failed on")
    assert "broken_zip: broken_zip.zip could not be opened" in unusable and "exit code 3" in unusable
    assert failed.startswith(" 1 submission") and "bob:" in failed and "not the students' fault" in failed
    assert "Exit code 70" in failed and "report this with the log" in failed


def test_check_puts_failures_first_then_going_further_then_what_passed():
    text = render(120, lambda out: print_check(sample_results().submission(EVIL), 0, out=out))
    order = [text.index(part) for part in ("What went wrong", "test_str[ace of hearts-1]: wrong answer",
                                           "Going further", "What passed", "Total: 11 / 53")]
    assert order == sorted(order)
    assert "grader check . --activity A1 --test 'test_str[ace of hearts-1]'" in text  # test.replay, as it is
    assert "Bonus: 6 / 6" in text


def test_terminal_output_never_carries_a_students_escape_sequences():
    sneaky = one_student("evil\x1b]0;owned\x07", [TestResult("test_rank", "failed", 0.0, 2.0, "got \x1b[2J", output="[red]x[/] :smile:")])
    text = render(120, lambda out: (print_summary(ClassResults("elevens", [sneaky]), out=out), print_check(sneaky, 0, out=out)))
    assert "\x1b" not in text and "\x07" not in text
    assert "[red]x[/] :smile:" in text  # shown as written: not markup, not an emoji code


# --- gradebook.csv ------------------------------------------------------------------------

def test_the_gradebook_starts_with_a_bom_and_round_trips_accents(tmp_path):
    write_all(sample_results(), tmp_path)
    raw = (tmp_path / "gradebook.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and not raw.startswith(b"\xef\xbb\xbf\xef\xbb\xbf")
    with (tmp_path / "gradebook.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = {row["id"]: row for row in csv.DictReader(handle)}
    assert list(next(iter(rows.values()))) == ["id", "A1", "A2", "A3", "bonus-tens", "total", "max", "bonus", "status", "activity_status"]
    assert rows[ACCENTED]["total"] == "53" and rows[ACCENTED]["status"] == "graded"


def test_gradebook_cells_are_numbers_or_empty_and_never_formulas():
    rows = {row["id"]: row for row in csv.DictReader(io.StringIO(gradebook_text(sample_results())))}
    evil = rows["'" + EVIL]  # neutralised: a spreadsheet shows it, never runs it
    assert (evil["A2"], evil["A3"], evil["total"], evil["bonus"]) == ("0", "0", "11", "6")  # not loaded, missing: 0
    assert (rows["bob"]["A2"], rows["bob"]["total"], rows["bob"]["status"]) == ("", "", "grader_error")
    assert (rows["broken_zip"]["A1"], rows["broken_zip"]["total"], rows["broken_zip"]["status"]) == ("", "", "unusable")
    for row in rows.values():
        for column in ("A1", "A2", "A3", "bonus-tens", "total", "max", "bonus"):
            assert row[column] == "" or re.fullmatch(r"\d+(\.\d\d?)?", row[column]), (column, row[column])


@pytest.mark.parametrize("sub_id", ["+1", "-1", "@SUM(A1)", "\tx", "\rx"])
def test_every_formula_start_is_neutralised(sub_id):
    text = gradebook_text(ClassResults("elevens", [one_student(sub_id, [])]))
    assert next(csv.DictReader(io.StringIO(text)))["id"] == "'" + sub_id


# --- results.json ---------------------------------------------------------------------------

def test_results_json_is_version_2_with_every_field(tmp_path):
    write_all(sample_results(), tmp_path)
    document = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert document["format_version"] == FORMAT_VERSION == 2
    assert set(document) == {"format_version"} | {f.name for f in fields(ClassResults)}
    sub = document["submissions"][0]
    assert set(sub) == {f.name for f in fields(SubmissionResult)}
    # `state` is worked out from the other fields (ActivityResult.state) and written for readers.
    assert set(sub["activities"][0]) == {f.name for f in fields(ActivityResult)} | {"state"}
    assert sub["activities"][0]["state"] in ACTIVITY_STATES
    assert set(sub["activities"][0]["tests"][0]) == {f.name for f in fields(TestResult)}
    assert document == json.loads(json.dumps(results_document(sample_results())))


# --- files ----------------------------------------------------------------------------------

@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_every_report_file_gets_ordinary_modes_under_umask_022(tmp_path):
    old = os.umask(0o022)
    try:
        write_all(sample_results(), tmp_path / "out")
    finally:
        os.umask(old)
    written = [p for p in (tmp_path / "out").rglob("*") if p.is_file()]
    subs = len(sample_results().submissions)
    assert len(written) == 3 + 2 * subs  # results.json, gradebook.csv, index.html; report.md and .html each
    assert {oct(p.stat().st_mode & 0o777) for p in written} == {oct(0o644)}


def test_an_atomic_write_leaves_no_temporary_file_even_when_it_fails(tmp_path):
    write_atomically(tmp_path / "a.txt", "one")
    write_atomically(tmp_path / "a.txt", "two")
    with pytest.raises(UnicodeEncodeError):
        write_atomically(tmp_path / "a.txt", "\udcff")
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"] and (tmp_path / "a.txt").read_text() == "two"


# --- report.md ------------------------------------------------------------------------------

def test_a_report_has_no_backslash_escapes():
    report = submission_report(one_student("ada_complete", [TestResult("test_rank[ace-hearts-1]", "passed", 2.0, 2.0)]))
    assert "\\" not in report
    assert report.startswith("# Report: `ada_complete`\n")


def test_a_report_puts_failures_first_then_going_further_then_what_passed():
    report = submission_report(sample_results().submission(EVIL))
    order = [report.index(part) for part in ("## What went wrong", "`test_str[ace of hearts-1]` (0 / 3): wrong answer",
                                             "What the code printed", "--test 'test_str[ace of hearts-1]'", "## Going further", "## What passed",
                                             "`test_suit` (2 / 2)")]
    assert order == sorted(order)
    assert "- Score: **11 / 53**\n- Bonus: 6 / 6\n" in report
    assert "grader check . --activity A1 --test 'test_str[ace of hearts-1]'" in report


def test_the_report_names_hidden_tests_and_marks_them():
    report = submission_report(sample_results().submission(EVIL))
    assert "`test_does_not_match_a_completely_different_card` (0 / 1, hidden test): took too long" in report


def test_reports_say_in_words_when_a_submission_was_not_graded_to_the_end():
    results = sample_results()
    bob = submission_report(results.submission("bob"))
    assert "The grader failed on this submission: the score is incomplete. This is not the student's fault." in bob
    assert "| A2 Deck | 10 / 20 | not graded: the grader failed (not the student's fault) |" in bob
    assert "could not be graded" in submission_report(results.submission("broken_zip"))
    evil = submission_report(results.submission(EVIL))
    assert "| A2 Deck | 0 / 20 | file did not load: 0 points |" in evil


def test_a_note_on_a_graded_activity_is_a_problem_too():
    gated = one_student("ada", [TestResult("test_accepts_correct_decks", "failed", 0.0, 0.0, "rejected a correct Deck")],
                        note="this activity scores 0 because test_accepts_correct_decks failed")
    report = submission_report(gated)
    assert report.index("scores 0 because") < report.index("## What passed")
    assert "scores 0 because" in render(120, lambda out: print_check(gated, 0, out=out))


def test_student_text_never_becomes_markup():
    sub_id = "x\n<script>alert(1)</script>`` *b*"
    test = TestResult("test_str", "failed", 0.0, 2.0, "got: ```\n# heading", output="````\n<img src=x>")
    report = submission_report(one_student(sub_id, [test]))
    first = report.splitlines()[0]
    assert first == "# Report: ```x␊<script>alert(1)</script>`` *b*```"  # one line, one code span
    assert "````text\ngot: ```\n# heading\n````" in report
    assert "`````text\n````\n<img src=x>\n`````" in report


@pytest.mark.parametrize("text, span", [("a`b", "``a`b``"), ("`x", "`` `x ``"), ("x`", "`` x` ``"), ("", '""'),
                                        ("a\rb", "`a␍b`")])
def test_code_spans_hold_any_text(text, span):
    assert code(text) == span


def test_fences_are_longer_than_any_backtick_run_inside():
    assert fenced("a ````` b").startswith("``````text\n")
    assert fenced("windows\r\nline") == "```text\nwindows\nline\n```"


def test_rendered_reports_hold_no_html_or_markup_from_students():
    markdown_it = pytest.importorskip("markdown_it")  # installed with rich
    renderer = markdown_it.MarkdownIt("commonmark").enable("table")
    sub = one_student("a\n<b>x</b> [l](http://e) `` *y*", [
        TestResult("test_str", "failed", 0.0, 2.0, "```\n<script>alert(1)</script>", output="<img src=x onerror=alert(1)>"),
    ], note="<i>gate</i>")
    for report in [submission_report(sub)] + [submission_report(s) for s in sample_results().submissions]:
        html = renderer.render(report)
        assert not re.search(r"<(script|img|b|i|a)[ >]", html), html
    html = renderer.render(submission_report(sub))
    assert html.startswith("<h1>Report: <code>a␊&lt;b&gt;x&lt;/b&gt; [l](http://e) `` *y*</code></h1>")
