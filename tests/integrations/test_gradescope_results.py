"""The `gradescope` format on the made-up class of tests/reporters/samples.py (every status, a
bonus, an advisory check, text that tries to break Markdown), and `grader export gradescope`."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grader.reporters import output_formats, write_run_outputs
from grader.reporters.gradescope_json import (
    GradescopeOptions,
    OneSubmissionError,
    gradescope_document,
    write_gradescope_json,
)
from grader.reporters.results_json import write_results_json
from grader.results.model import ClassResults
from tests.reporters.samples import ACCENTED, EVIL, sample_results


def submission(sub_id: str):
    return sample_results().submission(sub_id)


def test_the_scores_add_up_to_total_and_bonus_as_extra_credit():
    for sub in sample_results().submissions:
        document = gradescope_document(sub)
        assert sum(t["score"] for t in document["tests"]) == pytest.approx(sub.total + sub.bonus), sub.id


def test_a_bonus_counted_apart_is_worth_nothing_on_gradescope_and_says_what_it_earned():
    sub = submission(EVIL)
    document = gradescope_document(sub, GradescopeOptions(bonus="apart"))
    assert sum(t["score"] for t in document["tests"]) == pytest.approx(sub.total)
    bonus = [t for t in document["tests"] if t["name"].startswith("bonus-tens")]
    assert bonus and all(t["score"] == t["max_score"] == 0 for t in bonus)
    assert "Bonus, counted apart: 3 / 3 points" in bonus[0]["output"]


def test_hidden_tests_get_the_chosen_visibility_and_stay_out_of_the_summary():
    for visibility in ("after_due_date", "after_published", "hidden"):
        document = gradescope_document(submission(EVIL), GradescopeOptions(hidden_visibility=visibility))
        hidden = [t for t in document["tests"] if t["visibility"] != "visible"]
        assert [t["name"] for t in hidden] == ["A1 Card: test_does_not_match_a_completely_different_card"]
        assert hidden[0]["visibility"] == visibility
        assert "completely_different" not in document["output"] and "Hidden tests: 1;" in document["output"]
        assert "Score:" not in document["output"]  # a total would give the hidden result away
    shown = gradescope_document(submission(EVIL), GradescopeOptions(hidden_visibility="visible"))
    assert "Score: **11 / 53**" in shown["output"]


def test_advisory_checks_show_pass_or_fail_and_are_worth_what_the_rubric_says():
    advisory = next(t for t in gradescope_document(submission(EVIL))["tests"] if "going further" in t["name"])
    assert advisory["name"] == "A1 Card: test_hash_agrees_with_matches (going further)"
    assert advisory["status"] == "failed" and advisory["score"] == advisory["max_score"] == 0
    assert "goes further than the lab asks" in advisory["output"]


def test_missing_and_unloaded_files_are_one_entry_each_worth_the_activity():
    tests = {t["name"]: t for t in gradescope_document(submission(EVIL))["tests"]}
    assert not any(name.startswith("A2 Deck: test_") for name in tests)
    unloaded, missing = tests["A2 Deck: the file loads"], tests["A3 Shuffler: handed in"]
    assert (unloaded["score"], unloaded["max_score"], unloaded["status"]) == (0, 20, "failed")
    assert "SyntaxError" in unloaded["output"] and "case-sensitive" in missing["output"]
    optional = {t["name"]: t for t in gradescope_document(submission(ACCENTED))["tests"]}["bonus-tens Tens board (bonus): handed in"]
    assert optional["max_score"] == 0 and "status" not in optional and "no points lost" in optional["output"]


def test_a_grader_failure_and_an_unusable_submission_say_so_first():
    failed = gradescope_document(submission("bob"))
    assert failed["output"].startswith("**The grader failed") and "score" not in failed
    assert any(t["name"] == "A2 Deck: the grader failed" and t["max_score"] == 0 for t in failed["tests"])
    unusable = gradescope_document(submission("broken_zip"))
    assert unusable["score"] == 0 and unusable["tests"] == [] and "could not be opened" in unusable["output"]


def test_student_text_stays_inside_code_blocks():
    failing = next(t for t in gradescope_document(submission(EVIL))["tests"] if t["name"] == "A1 Card: test_str[ace of hearts-1]")
    output = failing["output"]
    # The message and the printed output hold ``` runs: the fences around them are longer.
    assert "````text\n" in output and "<script>" in output.split("````text\n", 2)[2]
    assert "Run it again, alone, in your folder: `grader check . --activity A1 --test 'test_str[ace of hearts-1]'`" in output


def test_it_is_an_export_format_not_written_by_grade(tmp_path):
    found = output_formats()["gradescope"]
    assert not found.in_grade and not output_formats()["prairielearn"].in_grade
    written = write_run_outputs(ClassResults("elevens", [submission(ACCENTED)]), tmp_path)
    assert not any(path.name in ("gradescope.json", "prairielearn.json") for path in written)


def test_several_submissions_are_refused_with_the_fix(tmp_path):
    with pytest.raises(OneSubmissionError, match="hold 4.*--student ID"):
        write_gradescope_json(sample_results(), tmp_path / "results.json")
    assert not (tmp_path / "results.json").exists()


def grader(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=120)


def test_grader_export_gradescope_picks_one_student_from_a_class(tmp_path):
    write_results_json(sample_results(), tmp_path / "class.json")
    several = grader("export", "gradescope", "class.json", cwd=tmp_path)
    assert several.returncode == 2 and "--student" in several.stderr
    same = grader("export", "gradescope", "class.json", "-o", "class.json", "--student", "bob", cwd=tmp_path)
    assert same.returncode == 2 and "destroy" in same.stderr
    unknown = grader("export", "gradescope", "class.json", "--student", "nobody", cwd=tmp_path)
    assert unknown.returncode == 2 and "bob" in unknown.stderr
    done = grader("export", "gradescope", "class.json", "--student", ACCENTED, "--hidden-visibility", "after_published",
                  "-o", "out/results.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    document = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
    assert sum(t["score"] for t in document["tests"]) == 53
    assert {t["visibility"] for t in document["tests"]} == {"visible", "after_published"}
