"""Unit tests of what `grader check --github` writes: the reporter's result, the job summary, the
annotations and their escaping, on the made-up results of tests/reporters/samples.py."""

import base64
import copy
import json

import yaml

from grader.commands.exitcodes import ExitCode
from grader.integrations.github import for_the_log, github_exit_code, publish
from grader.integrations.github.annotations import (
    MAX_ANNOTATIONS,
    annotation_cap,
    annotations,
    escape_data,
    escape_property,
)
from grader.integrations.github.runner_result import (
    MAX_RESULT_BYTES,
    encoded_result,
    runner_result,
)
from grader.integrations.github.summary import MAX_SUMMARY_BYTES, job_summary
from grader.integrations.github.workflow import grading_steps, render_workflow, step_id
from grader.results.model import ActivityResult, SubmissionResult, TestResult
from tests.reporters.samples import ACCENTED, EVIL, sample_results
from tests.classroom import elevens_rubric

KEYS = {"name", "status", "score", "message", "line_no", "filename", "test_code", "execution_time"}


def submission(sub_id: str) -> SubmissionResult:
    return sample_results().submission(sub_id)


def decode(text: str) -> dict:
    return json.loads(base64.b64decode(text).decode("utf-8"))


def test_full_marks_pass_and_scores_add_up_to_the_points():
    result = runner_result(submission(ACCENTED), ["A1"])
    assert result["version"] == 1 and result["status"] == "pass" and result["max_score"] == 15.0
    assert all(set(t) == KEYS for t in result["tests"])
    assert sum(t["score"] for t in result["tests"]) == 15.0
    assert all(t["status"] == "pass" for t in result["tests"])
    # The advisory check worth 0 is left out: it costs nothing and would skew the reporter's table.
    assert not any("hash" in t["name"] for t in result["tests"])


def test_lost_points_fail_and_hidden_tests_show_only_name_and_points():
    result = runner_result(submission(EVIL), ["A1"])
    assert result["status"] == "fail" and sum(t["score"] for t in result["tests"]) == 11.0
    hidden = next(t for t in result["tests"] if "completely_different" in t["name"])
    assert hidden["name"].endswith("(hidden test)") and hidden["status"] == "fail" and hidden["score"] == 0
    assert hidden["message"] == hidden["test_code"] == hidden["filename"] == "" and hidden["line_no"] == 0
    shown = next(t for t in result["tests"] if t["name"].startswith("test_str"))
    assert "expected" in shown["message"] and shown["test_code"].startswith("grader check . --activity A1")
    assert all(t["execution_time"].endswith("s") for t in result["tests"])


def test_an_activity_without_tests_is_one_line_saying_why():
    result = runner_result(submission(EVIL), ["A3"])
    assert result["status"] == "fail" and result["max_score"] == 18.0
    [line] = result["tests"]
    assert line["name"] == "A3 Shuffler: not handed in" and line["score"] == 0 and "case-sensitive" in line["message"]


def test_error_only_when_the_grader_failed():
    assert runner_result(submission("bob"), ["A2"])["status"] == "error"
    assert runner_result(submission("bob"), ["A1"])["status"] == "error"  # the submission's score is incomplete
    assert github_exit_code(submission("bob")) == ExitCode.INTERNAL
    assert github_exit_code(submission(EVIL)) == ExitCode.OK
    crashed = next(t for t in runner_result(submission("bob"), ["A2"])["tests"] if t["name"].startswith("test_2"))
    assert crashed["status"] == "error"
    unusable = runner_result(submission("broken_zip"), [])
    assert unusable["status"] == "fail" and "could not be opened" in unusable["tests"][0]["message"]


def test_every_activity_but_the_bonus_when_none_is_named():
    result = runner_result(submission(EVIL), [])
    assert result["max_score"] == 53.0  # A1 + A2 + A3, the bonus left out
    assert all(t["name"].split()[0] in ("A1", "A2", "A3") for t in result["tests"])
    bonus = runner_result(submission(EVIL), ["bonus-tens"])
    assert bonus["max_score"] == 6.0 and sum(t["score"] for t in bonus["tests"]) == 6.0  # the made-up sample's own bonus


def test_a_passed_test_scoring_0_because_of_a_gate_is_not_a_pass():
    gated = ActivityResult("A5", "Deck tester", "graded", 0.0, 4.0, note="this activity scores 0 because test_gate failed", tests=[
        TestResult("test_gate", "failed", 0.0, 2.0, "rejects a correct Deck"),
        TestResult("test_other", "passed", 0.0, 2.0),
    ])
    result = runner_result(SubmissionResult("s", "graded", 0.0, 4.0, [], [gated]), ["A5"])
    other = result["tests"][1]
    assert other["status"] == "fail" and other["score"] == 0 and "test_gate" in other["message"]


def test_a_huge_message_is_cut_so_the_result_fits_an_environment_variable():
    huge = "x" * 400_000
    tests = [TestResult(f"test_{n}", "failed", 0.0, 1.0, huge) for n in range(40)]
    result = SubmissionResult("s", "graded", 0.0, 40.0, [], [ActivityResult("A1", "Card", "graded", 0.0, 40.0, tests=tests)])
    text = encoded_result(result, ["A1"])
    assert len(text) <= MAX_RESULT_BYTES
    data = decode(text)
    assert data["max_score"] == 40.0 and len(data["tests"]) == 40
    summary = job_summary(result, result.activities)
    assert len(summary.encode()) <= MAX_SUMMARY_BYTES and "cut" in summary


def test_the_rubric_path_in_replays_is_the_one_in_the_repository(tmp_path):
    test = TestResult("test_str", "failed", 0.0, 3.0, "no",
                      replay=f"grader check . --activity A1 --test test_str --rubric {tmp_path}/.github/grader/rubric.yaml")
    result = SubmissionResult("s", "graded", 0.0, 3.0, [], [ActivityResult("A1", "Card", "graded", 0.0, 3.0, tests=[test])])
    data = runner_result(result, ["A1"], f"{tmp_path}/.github/grader/rubric.yaml", ".github/grader/rubric.yaml")
    assert data["tests"][0]["test_code"] == "grader check . --activity A1 --test test_str --rubric .github/grader/rubric.yaml"


def test_the_summary_is_a_table_and_student_text_cannot_escape_its_code_block():
    summary = job_summary(submission(EVIL), submission(EVIL).activities[:3])
    assert "| Activity | Points | Tests passed | Status |" in summary and "| A1 Card | 11 / 15 |" in summary
    # The message holds ``` : its fence is longer, so it stays one code block.
    assert "````text" in summary
    assert "Card.matches did not return" not in summary  # a hidden test's message
    assert "(hidden test, 0 / 1)" in summary


def test_workflow_command_escaping():
    assert escape_data("50% done\r\nnext") == "50%25 done%0D%0Anext"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"


def test_annotations_only_for_failures_in_the_students_own_lines_one_per_line(tmp_path):
    raised = [TestResult(f"test_{n}", "error", 0.0, 1.0, f"boom {n}\n::warning::x", file="card.py", line=7) for n in range(12)]
    tests = [*raised, TestResult("test_h", "error", 0.0, 1.0, "secret", visibility="hidden", file="card.py", line=9),
             TestResult("test_w", "failed", 0.0, 1.0, "wrong answer")]
    activity = ActivityResult("A1", "Card", "graded", 0.0, 14.0, tests=tests)
    lines = annotations([activity], tmp_path / "src", tmp_path)
    assert lines == ["::error file=src/card.py,line=7,title=A1 test_0::boom 0%0A::warning::x"
                     "%0A(11 more failed test(s) stopped on this line too.)"]
    assert not any("secret" in line for line in lines)


def test_annotations_put_exceptions_first_skip_the_untouched_starter_and_stop_at_the_cap(tmp_path):
    starter = [TestResult(f"test_s{n}", "error", 0.0, 1.0, "Card('ace', 'hearts', 1) raised NotImplementedError: "
                          "Card.__init__ (Activity 1) at card.py line 7", file="card.py", line=7 + n) for n in range(5)]
    wrong = [TestResult(f"test_w{n}", "failed", 0.0, 1.0, f"expected {n}", file="deck.py", line=20 + n) for n in range(3)]
    raised = [TestResult(f"test_e{n}", "error", 0.0, 1.0, f"IndexError {n}", file="deck.py", line=40 + n) for n in range(2)]
    activity = ActivityResult("A2", "Deck", "graded", 0.0, 10.0, tests=[*starter, *wrong, *raised])
    lines = annotations([activity], tmp_path, tmp_path, cap=3)
    assert [line.split("::")[1] for line in lines[:3]] == ["error file=deck.py,line=40,title=A2 test_e0",
                                                           "error file=deck.py,line=41,title=A2 test_e1",
                                                           "error file=deck.py,line=20,title=A2 test_w0"]
    assert len(lines) == 4 and "2 more line(s)" in lines[3] and not lines[3].startswith("::")
    assert not any("NotImplementedError" in line for line in lines)
    assert annotation_cap({}) == 3 and annotation_cap({"GRADER_MAX_ANNOTATIONS": "40"}) == MAX_ANNOTATIONS
    assert annotation_cap({"GRADER_MAX_ANNOTATIONS": "2"}) == 2 and annotation_cap({"GRADER_MAX_ANNOTATIONS": "x"}) == 3


def test_the_log_keeps_hidden_tests_names_only():
    quiet = for_the_log(submission(EVIL))
    hidden = next(t for t in quiet.activities[0].tests if t.visibility == "hidden")
    assert hidden.message == hidden.output == hidden.replay == "" and hidden.points == 0 and hidden.max_points == 1
    assert submission(EVIL).activities[0].tests[6].message  # the original is untouched


def test_publish_appends_one_line_and_a_summary(tmp_path, capsys):
    output, summary = tmp_path / "out", tmp_path / "summary.md"
    output.write_text("earlier=1\n")
    env = {"GITHUB_OUTPUT": str(output), "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_WORKSPACE": str(tmp_path)}
    publish(submission(EVIL), ["A1"], tmp_path, env=env)
    lines = output.read_text().splitlines()
    assert lines[0] == "earlier=1" and len(lines) == 3 and lines[1].startswith("result=")
    assert lines[2] == "total=1100 11.0"  # EVIL's A1: 11 of 15, for the next step's GRADER_TOTAL_BEFORE
    assert decode(lines[1].split("=", 1)[1])["max_score"] == 15.0
    assert summary.read_text().startswith("## Grader: A1 Card")
    publish(submission(EVIL), ["A1"], tmp_path, env={})
    assert "GITHUB_OUTPUT is not set" in capsys.readouterr().err


def test_step_ids_are_letters_and_digits_so_the_reporters_variable_name_is_unambiguous():
    taken: set[str] = set()
    assert [step_id(i, taken) for i in ("A1", "A5b", "bonus-tens", "bonus_tens", "9x")] == \
        ["a1", "a5b", "bonustens", "bonustens2", "activity9x"]


def test_the_rendered_workflow_names_every_step_for_the_reporter():
    rubric = elevens_rubric()
    steps = grading_steps(list(rubric.activities), ".github/grader/rubric.yaml")
    data = yaml.safe_load(render_workflow(steps, "git+https://example.org/g.git@v1 ; echo no", "test"))
    job = data["jobs"]["run-autograding-tests"]
    install = next(s for s in job["steps"] if s.get("name") == "Install the grader")
    assert install["run"].endswith("'git+https://example.org/g.git@v1 ; echo no'")  # quoted for the shell
    reporter = job["steps"][-1]
    assert reporter["with"]["runners"].split(",") == [s.step_id for s in steps]
    assert reporter["env"] == {f"{s.step_id.upper()}_RESULTS": f"${{{{steps.{s.step_id}.outputs.result}}}}" for s in steps}
    assert "BONUSTENS_RESULTS" in reporter["env"]


def test_the_results_given_are_never_changed():
    """Writing for GitHub never changes the results it was given (other outputs use them after)."""
    before = submission(EVIL)
    kept = copy.deepcopy(before)
    encoded_result(before, [])
    job_summary(before, before.activities)
    for_the_log(before)
    assert before == kept


def test_runs_of_one_test_are_one_line_so_full_marks_add_up_exactly_as_javascript_adds():
    # 2 points over 3 runs are 0.67 + 0.67 + 0.66; added as floats, 160 such points overshoot.
    runs = [TestResult(f"test_rank[{n}]", "passed", p, p) for n, p in enumerate([0.67, 0.67, 0.66])]
    activities = [ActivityResult(f"A{k}", "Card", "graded", 2.0, 2.0, tests=runs) for k in range(80)]
    result = SubmissionResult("s", "graded", 160.0, 160.0, [], activities)
    total = 0.0
    for test in runner_result(result, [])["tests"]:  # the reporter's own order and arithmetic
        total += test["score"]
    assert total == 160.0
    assert runner_result(result, ["A1"])["tests"][0]["name"] == "test_rank (3 of 3 runs passed)"
