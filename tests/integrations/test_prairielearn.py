"""The `prairielearn` format: through `grader check --hidden --out` and `grader export
prairielearn` on a correct and a non-importing submission, as docs/integrations.md tells a
PrairieLearn course to do, and on the made-up class for the statuses a real run rarely gives."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grader.reporters.prairielearn_json import prairielearn_document
from tests.integrations.gradescope_helpers import (
    submission_files,
    write_files,
    write_small_rubric,
)
from tests.reporters.samples import ACCENTED, EVIL, sample_results


def grader(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def prairielearn_results(tmp_path: Path, kind: str) -> dict:
    """Grade one submission of ``kind`` and export it for PrairieLearn, as a course's entrypoint would."""
    rubric = write_small_rubric(tmp_path / "rubric.yaml")
    write_files(tmp_path / "student", submission_files(kind))
    check = grader("check", "student", "--hidden", "--rubric", str(rubric), "--out", "out", cwd=tmp_path)
    assert check.returncode in (0, 1), check.stderr
    export = grader("export", "prairielearn", "out/results.json", "-o", "results/results.json", cwd=tmp_path)
    assert export.returncode == 0, export.stderr
    return json.loads((tmp_path / "results" / "results.json").read_text(encoding="utf-8"))


def test_a_correct_submission_scores_1(tmp_path):
    document = prairielearn_results(tmp_path, "correct")
    assert document["gradable"] is True and document["score"] == 1.0
    assert sum(t["points"] for t in document["tests"]) == pytest.approx(35.0)
    assert sum(t["max_points"] for t in document["tests"]) == pytest.approx(35.0)
    for test in document["tests"]:
        assert {"name", "points", "max_points", "message", "output"} <= set(test)
    hidden = [t for t in document["tests"] if "hidden test" in t["name"]]
    assert hidden and all(t["output"] == "" and "details are not shown" in t["message"] for t in hidden)
    assert not any("test_constructor_pairs" in t["name"] for t in document["tests"])  # a hidden test's name


def test_a_submission_where_nothing_imports_is_not_gradable(tmp_path):
    document = prairielearn_results(tmp_path, "broken")
    assert document["gradable"] is False and "score" not in document
    assert len(document["format_errors"]) == 2 and all("SyntaxError" in e for e in document["format_errors"])


def test_a_file_that_imports_is_graded_even_when_another_does_not(tmp_path):
    document = prairielearn_results(tmp_path, "not_importing")
    assert document["gradable"] is True and document["score"] == pytest.approx(20 / 35, abs=1e-4)
    card = next(t for t in document["tests"] if t["name"] == "A1 Card: the file did not load")
    assert card["points"] == 0 and card["max_points"] == 15 and "SyntaxError" in card["message"]


def test_the_bonus_makes_up_for_lost_points_but_never_passes_1():
    evil = prairielearn_document(sample_results().submission(EVIL))  # 11 / 53, bonus 6
    assert evil["score"] == pytest.approx(17 / 53, abs=1e-4)
    full = sample_results().submission(ACCENTED)
    full.bonus = 6.0
    assert prairielearn_document(full)["score"] == 1.0


def test_unusable_and_grader_failures_are_not_gradable_and_say_whose_fault():
    results = sample_results()
    unusable = prairielearn_document(results.submission("broken_zip"))
    assert unusable["gradable"] is False and "could not be opened" in unusable["format_errors"][0]
    failed = prairielearn_document(results.submission("bob"))
    assert failed["gradable"] is False and "not the student's fault" in failed["format_errors"][0]
