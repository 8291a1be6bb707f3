"""Report formats against golden files.

To refresh them after an intended change of format, run
``ELEVENS_UPDATE_GOLDEN=1 python -m pytest tests/reporters`` and review the diff before committing.
"""

import os
from pathlib import Path

import pytest

from grader.reporters import reporter_manager
from grader.results import ActivityResult, ClassResults, SubmissionResult, TestResult

GOLDEN = Path(__file__).parent / "golden"


def sample_results() -> ClassResults:
    card = ActivityResult("A1", "Card", "graded", 13.0, 15.0, tests=[
        TestResult("test_rank[ace-hearts-1]", "passed", 2.0, 2.0, seed=11),
        TestResult("test_str[ace-hearts-1]", "failed", 0.0, 2.0,
                   "str(Card('ace', 'hearts', 1))\n  expected: 'ace of hearts (point value = 1)'\n  got:      'ace ``` <b>'",
                   seed=12, output="debug: ```\n<script>alert(1)</script>\n"),
    ], hidden_not_run=1)
    deck = ActivityResult("A2", "Deck", "missing", 0.0, 20.0, note="deck.py was not found in your folder.")
    return ClassResults("elevens", [
        SubmissionResult("=cmd|evil", "graded", 13.0, 35.0, [], [card, deck]),
        SubmissionResult("broken_zip", "error", 0.0, 35.0, ["broken_zip.zip could not be opened as a zip"], []),
    ], base_seed=0, sandbox="process", grader_version="test")


@pytest.mark.parametrize("name", ["results.json", "gradebook.csv", "=cmd|evil/report.md"])
def test_report_matches_golden(tmp_path, name):
    reporter_manager().hook.grader_write_reports(results=sample_results(), out_dir=tmp_path)
    produced = (tmp_path / name).read_text(encoding="utf-8")
    golden = GOLDEN / name.replace("/", "__")
    if os.environ.get("ELEVENS_UPDATE_GOLDEN"):
        golden.write_text(produced, encoding="utf-8")
    assert produced == golden.read_text(encoding="utf-8")


def test_student_text_cannot_escape_its_code_block(tmp_path):
    reporter_manager().hook.grader_write_reports(results=sample_results(), out_dir=tmp_path)
    report = (tmp_path / "=cmd|evil" / "report.md").read_text()
    assert "````text\ndebug: ```\n<script>" in report  # fence longer than the student's backticks
    assert "'=cmd|evil" in (tmp_path / "gradebook.csv").read_text()  # no spreadsheet formula
