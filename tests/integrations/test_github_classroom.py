"""GitHub Classroom, end to end on this machine: `grader classroom init` writes the workflow, and
each of its grading steps is run as a GitHub runner would run it (tests/integrations/
classroom_roundtrip.py), with GITHUB_OUTPUT and GITHUB_STEP_SUMMARY pointing at files.

Two activities (A1 Card, A2 Deck) keep it fast:

- ``reference``: the teacher's answer, which must earn every point;
- ``buggy``: a Card whose suit() gives the rank, whose point_value() raises ValueError and whose
  matches() is always True (so a hidden test fails too), graded with the teacher's own rubric
  (test_str worth 5 instead of 3); it must get exactly what `grader grade` gives it.
"""

import json
import re

import pytest
import yaml

from grader.commands.exitcodes import ExitCode
from tests.classroom import card_with, elevens_rubric, reference_text, write_class
from tests.integrations.classroom_roundtrip import (
    JOB_ID,
    REPORTER,
    classroom_points,
    grader,
    grading_steps,
    init,
    load_workflow,
    reporter_step,
    run_step,
    student_repo,
)
from tests.lab_loader import ROOT

INSTALL = "git+https://github.com/example-school/elevens-grader@v0.1.0"
STEP_ID = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
BUGGY_CARD = card_with({
    "        return self._suit\n": "        return self._rank\n",
    "        return self._point_value\n": '        raise ValueError("no point value yet")\n',
    "        return (\n": "        return True or (\n",
})
RAISE_LINE = BUGGY_CARD.splitlines().index('        raise ValueError("no point value yet")') + 1


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("reference")
    repo = student_repo(tmp)
    workflow = init(repo, "--install", INSTALL, "--activity", "A1", "--activity", "a2")
    return workflow, [run_step(step, repo, tmp) for step in grading_steps(workflow)]


@pytest.fixture(scope="module")
def buggy(tmp_path_factory):
    home = tmp_path_factory.mktemp("buggy")
    rubric = (ROOT / "rubrics" / "elevens.yaml").read_text(encoding="utf-8")
    assert "{test: test_str, points: 3," in rubric
    (home / "teacher.yaml").write_text(rubric.replace("{test: test_str, points: 3,", "{test: test_str, points: 5,"), encoding="utf-8")
    repo = write_class(home / "class", {"repo": {"card.py": BUGGY_CARD, "deck.py": reference_text("deck.py")}}) / "repo"
    workflow = init(repo, "--install", INSTALL, "--rubric", "../../teacher.yaml", "--activity", "A1", "--activity", "A2")
    runs = [run_step(step, repo, home) for step in grading_steps(workflow)]
    graded = grader("grade", "class", "--out", "out", "--rubric", "teacher.yaml", "--activity", "A1", "--activity", "A2", cwd=home)
    assert graded.returncode == 0, graded.stdout + graded.stderr
    [results] = json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))["submissions"]
    return repo, workflow, runs, results


def test_init_writes_the_workflow_classroom_looks_for(tmp_path):
    done = grader("classroom", "init", "--lab", "elevens", "--install", INSTALL, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    workflow = load_workflow(tmp_path)
    assert set(workflow["on"]) == {"push", "repository_dispatch", "workflow_dispatch"}  # as Classroom's own, and by hand
    assert workflow["permissions"] == {"checks": "write", "actions": "read", "contents": "read"}
    job = workflow["jobs"][JOB_ID]
    assert job["if"] == "github.actor != 'github-classroom[bot]'" and job["runs-on"] == "ubuntu-latest"
    steps = job["steps"]
    assert steps[0]["uses"] == "actions/checkout@v4"
    assert steps[1]["uses"] == "actions/setup-python@v5"
    assert tuple(int(n) for n in steps[1]["with"]["python-version"].split(".")) >= (3, 10)
    assert INSTALL in steps[2]["run"] and "pip install" in steps[2]["run"]
    grading = grading_steps(workflow)
    rubric = elevens_rubric()
    activities = [a.id for a in rubric.activities if not a.is_bonus]  # the bonus only when asked for
    assert [s["run"] for s in grading] == [f"grader check --activity {a} --github --lab elevens" for a in activities]
    assert all(STEP_ID.match(s["id"]) for s in grading) and len({s["id"] for s in grading}) == len(grading)
    reporter = reporter_step(workflow)
    assert steps[-1] is reporter and reporter["uses"] == REPORTER
    assert reporter["with"]["runners"] == ",".join(s["id"] for s in grading)
    assert reporter["env"] == {f"{s['id'].upper().replace('-', '_')}_RESULTS": f"${{{{steps.{s['id']}.outputs.result}}}}"
                               for s in grading}


def test_init_never_replaces_a_workflow_without_force(tmp_path):
    assert grader("classroom", "init", "--lab", "elevens", "--install", INSTALL, "--activity", "A1", cwd=tmp_path).returncode == 0
    path = tmp_path / ".github" / "workflows" / "classroom.yml"
    path.write_text("# the teacher's own edits\n")
    again = grader("classroom", "init", "--lab", "elevens", "--install", INSTALL, cwd=tmp_path)
    assert again.returncode == ExitCode.USAGE and "--force" in again.stderr
    assert path.read_text() == "# the teacher's own edits\n"
    forced = grader("classroom", "init", "--lab", "elevens", "--install", INSTALL, "--force", cwd=tmp_path)
    assert forced.returncode == 0 and "run-autograding-tests" in path.read_text()


@pytest.mark.parametrize("args, code, words", [
    (["no-such-folder"], ExitCode.USAGE, "is not a folder"),  # the student kit (no --install)
    (["--install", ""], ExitCode.USAGE, "--install is empty"),
    (["--install", INSTALL, "--activity", "A7"], ExitCode.USAGE, "no activity 'A7'"),
    (["--install", INSTALL, "--rubric", "nowhere.yaml"], ExitCode.BAD_RUBRIC, "cannot be read"),
    (["--install", INSTALL, "no-such-folder"], ExitCode.USAGE, "is not a folder"),
])
def test_init_says_what_is_wrong(tmp_path, args, code, words):
    done = grader("classroom", "init", "--lab", "elevens", *args, cwd=tmp_path)
    assert done.returncode == code and words in done.stderr, done.stderr
    assert not (tmp_path / ".github").exists()


def test_the_reference_earns_every_point_of_the_activities(reference):
    workflow, runs = reference
    rubric = elevens_rubric()
    assert [r.step_id for r in runs] == ["a1", "a2"]
    assert reporter_step(workflow)["with"]["runners"] == "a1,a2"
    for run in runs:
        assert run.returncode == 0, run.stdout + run.stderr
        assert run.result["status"] == "pass" and run.result["version"] == 1
    expected = rubric.max_points(rubric.activity("A1")) + rubric.max_points(rubric.activity("A2"))
    total, most = classroom_points([r.result for r in runs])
    assert round(total, 2) == most == expected


def test_a_buggy_card_gets_exactly_what_grade_gives_it_and_the_steps_still_pass(buggy):
    _, _, runs, graded = buggy
    by_activity = {a["id"]: a for a in graded["activities"]}
    for run, activity_id in zip(runs, ("A1", "A2")):
        assert run.returncode == 0, run.stdout + run.stderr  # lost points never fail the step
        assert round(sum(t["score"] for t in run.result["tests"]), 2) == by_activity[activity_id]["score"]
        assert run.result["max_score"] == by_activity[activity_id]["max"]
    a1 = runs[0].result
    assert a1["status"] == "fail" and a1["max_score"] == 17  # the teacher's rubric: test_str is worth 5
    assert runs[1].result["status"] == "pass"  # A2 grades the student's deck beside the reference card


def test_the_copied_rubric_is_the_one_the_steps_use(buggy):
    repo, workflow, runs, _ = buggy
    assert (repo / ".github" / "grader" / "rubric.yaml").read_text() == (repo.parents[1] / "teacher.yaml").read_text()
    assert all(s["run"].endswith("--github --rubric .github/grader/rubric.yaml") for s in grading_steps(workflow))
    replays = [t["test_code"] for t in runs[0].result["tests"] if t["test_code"]]
    assert replays and all(r.endswith("--rubric .github/grader/rubric.yaml") for r in replays)


def test_an_error_raised_in_the_students_card_is_annotated_on_its_line(buggy):
    _, _, runs, _ = buggy
    annotations = [line for line in runs[0].stdout.splitlines() if line.startswith("::error ")]
    assert annotations and all(line.startswith(f"::error file=card.py,line={RAISE_LINE},title=A1 test_point_value[")
                               for line in annotations)
    assert "ValueError: no point value yet" in annotations[0] and "%0A" in annotations[0]
    point_value = [t for t in runs[0].result["tests"] if t["name"].startswith("test_point_value")]
    assert all(t["filename"] == "card.py" and t["line_no"] == RAISE_LINE for t in point_value)


def test_hidden_tests_show_their_name_and_points_only(buggy):
    _, _, runs, graded = buggy
    [secret] = [t for a in graded["activities"] for t in a["tests"] if t["visibility"] == "hidden" and t["outcome"] != "passed"]
    assert secret["message"]
    [hidden] = [t for t in runs[0].result["tests"] if t["name"].startswith(secret["name"])]
    assert hidden["name"] == f"{secret['name']} (hidden test)" and hidden["score"] == 0 and hidden["message"] == ""
    message_line = secret["message"].splitlines()[0]
    assert message_line not in runs[0].stdout and message_line not in runs[0].summary
    assert secret["name"] in runs[0].stdout  # its name is in the log


def test_the_summary_is_a_table_of_points(buggy):
    _, _, runs, graded = buggy
    summary = runs[0].summary
    a1 = graded["activities"][0]
    assert "| Activity | Points | Tests passed | Status |" in summary
    assert re.search(rf"^\| A1 Card \| {a1['score']:g} / 17 \|", summary, re.M), summary
    assert "Hint: suit() should give back" in summary


def test_the_log_is_the_normal_check_with_commands_off_around_it(buggy):
    _, _, runs, _ = buggy
    lines = runs[0].stdout.splitlines()
    token = lines[0].removeprefix("::stop-commands::")
    assert lines[0].startswith("::stop-commands::") and len(token) == 32 and f"::{token}::" in lines
    assert "What went wrong" in runs[0].stdout and "Scores" in runs[0].stdout


def test_github_grades_whole_activities_so_test_is_refused(tmp_path):
    done = grader("check", "--github", "--lab", "elevens", "--activity", "A1", "--test", "test_rank", cwd=tmp_path)
    assert done.returncode == ExitCode.USAGE and "--test" in done.stderr


def test_the_repository_has_a_ci_workflow_that_proves_the_template():
    for name in ("ci.yml", "classroom-template.yml"):
        workflow = yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))
        assert workflow["jobs"]
    text = (ROOT / ".github" / "workflows" / "classroom-template.yml").read_text(encoding="utf-8")
    assert "tests.integrations.classroom_roundtrip" in text and REPORTER in text
