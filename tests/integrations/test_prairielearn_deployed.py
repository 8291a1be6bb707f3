"""PrairieLearn as deployed: the installed wheel's `grader prairielearn grade`, as the question's
entrypoint runs it, writes a results file with a score and a message for every submission:
correct, buggy, empty, unrelated, unloadable (a zip that is not one) and Java; never an exit
without results, which PrairieLearn would record as a grading failure."""

import json

import pytest

from tests.integrations.gradescope_helpers import submission_files, write_files, write_small_rubric
from tests.integrations.test_gradescope_deployed import JAVA_REFERENCE, java_files

KINDS = {
    "correct": (lambda: submission_files("correct"), 1.0),
    "buggy": (lambda: submission_files("buggy"), None),
    "empty": (lambda: {}, None),
    "unrelated": (lambda: {"notes.txt": "my essay\n", "main.py": "print('hello')\n"}, None),
    "unloadable": (lambda: {"submission.zip": "this is not a zip"}, None),
    "java": (lambda: java_files(JAVA_REFERENCE), 1.0),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_submission_gets_a_results_file_with_a_score_and_a_message(installed_grader, tmp_path, kind):
    files, expected = KINDS[kind]
    student = write_files(tmp_path / "grade" / "student", files())
    rubric = write_small_rubric(tmp_path / "rubric.yaml")
    results = tmp_path / "grade" / "results" / "results.json"
    done = installed_grader.grader("prairielearn", "grade", str(student), "--rubric", str(rubric), "-o", str(results))
    assert done.returncode == 0, done.stdout + done.stderr
    document = json.loads(results.read_text(encoding="utf-8"))
    assert isinstance(document["gradable"], bool) and 0 <= document["score"] <= 1
    assert isinstance(document["message"], str) and document["message"]
    assert "failed" not in document["message"] or kind == "buggy", document
    if expected is not None:
        assert document["gradable"] and document["score"] == expected
    if kind in ("empty", "unrelated", "unloadable"):
        assert document["gradable"] is False and document["format_errors"]
    if kind == "buggy":
        assert document["gradable"] and 0 < document["score"] < 1


def test_the_lab_alone_is_enough_and_without_it_the_command_says_what_to_add(installed_grader, tmp_path):
    results = tmp_path / "results.json"
    done = installed_grader.grader("prairielearn", "grade", str(tmp_path), "--lab", "elevens", "-o", str(results))
    assert done.returncode == 0 and json.loads(results.read_text())["gradable"] is False
    refused = installed_grader.grader("prairielearn", "grade", str(tmp_path), "-o", str(tmp_path / "other.json"))
    assert refused.returncode == 2 and "--lab" in refused.stderr
