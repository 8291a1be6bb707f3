"""The Classroom workflow has a job-level time limit, and a step's summary says only what is true
of the grader that ran: the student kit has no hidden tests to run "only here" (issue 38)."""

import yaml

from grader.integrations.github import summary
from grader.integrations.github.workflow import JOB_ID, STEP_MINUTES, grading_steps, render_workflow
from tests.classroom import elevens_rubric
from tests.reporters.samples import sample_results


def test_the_job_has_a_time_limit_of_its_own():
    steps = grading_steps(list(elevens_rubric().activities))
    job = yaml.safe_load(render_workflow(steps, "./kit.whl", "test", kit=True))["jobs"][JOB_ID]
    assert isinstance(job["timeout-minutes"], int)
    # Enough for the install and every step's usual seconds; far below GitHub's 6 hours, and the
    # job stops before the steps' own limits could add up.
    assert 10 <= job["timeout-minutes"] <= 60 and job["timeout-minutes"] < STEP_MINUTES * len(steps)


def test_the_kits_summary_does_not_promise_hidden_tests(monkeypatch):
    result = sample_results().submissions[0]
    monkeypatch.setattr(summary, "is_kit", lambda: True)
    in_kit = summary.job_summary(result, result.activities)
    assert "run only here" not in in_kit and "public tests only" in in_kit and "hidden tests" in in_kit
    monkeypatch.setattr(summary, "is_kit", lambda: False)
    full = summary.job_summary(result, result.activities)
    assert "hidden tests run only here and in your teacher's grading" in full
