"""What ``grader check --github`` adds to a normal check, inside a GitHub Actions step:

- ``result=<base64 JSON>`` appended to ``$GITHUB_OUTPUT``, for Classroom's reporter
  (runner_result.py says what it holds), and ``total=``, the exact running total the next step
  reads from ``GRADER_TOTAL_BEFORE`` (exact_total.py);
- a Markdown summary appended to ``$GITHUB_STEP_SUMMARY`` (summary.py);
- ``::error`` annotations on the student's own lines (annotations.py);
- an exit code that is 0 whenever grading worked, whatever the points: a step that failed
  would stop the job before the reporter runs, and Classroom would record nothing.
"""

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path

import click

from grader.commands.exitcodes import ExitCode
from grader.integrations.github.annotations import annotation_cap, annotations
from grader.integrations.github.exact_total import TOTAL_VARIABLE, parse_total
from grader.integrations.github.runner_result import (
    step_outputs,
    included_activities,
    relative_rubric,
)
from grader.integrations.github.summary import job_summary
from grader.results.model import SubmissionResult


class GitHubOutputError(OSError):
    """A file GitHub named in the environment cannot be written; the message says which."""


def for_the_log(result: SubmissionResult) -> SubmissionResult:
    """``result`` with what hidden tests said (message, printed output, replay) taken out, for
    the step's log, which the student reads. Names and points stay."""
    def quiet(test):
        return dataclasses.replace(test, message="", output="", replay="") if test.visibility == "hidden" else test

    activities = [dataclasses.replace(a, tests=[quiet(t) for t in a.tests]) for a in result.activities]
    return dataclasses.replace(result, activities=activities)


def publish(result: SubmissionResult, chosen: list[str], submission_folder: Path, rubric_source: str = "",
            env: Mapping[str, str] | None = None) -> None:
    """Write the result, the summary and the annotations where GitHub reads them.

    ``chosen`` are the ``--activity`` ids ([] for every activity but the bonus ones).
    Outside GitHub Actions (no ``GITHUB_OUTPUT``) it says so and writes nothing.
    """
    env = os.environ if env is None else env
    workspace = Path(env.get("GITHUB_WORKSPACE") or Path.cwd())
    activities = included_activities(result, chosen)
    for line in annotations(activities, submission_folder, workspace, annotation_cap(env)):
        click.echo(line)
    output = env.get("GITHUB_OUTPUT")
    if output:
        shown = relative_rubric(rubric_source, workspace) if rubric_source else ""
        encoded, total = step_outputs(result, chosen, rubric_source, shown, parse_total(env.get(TOTAL_VARIABLE)))
        _append(output, "GITHUB_OUTPUT", f"result={encoded}\ntotal={total}\n")
    else:
        click.echo("grader: --github: GITHUB_OUTPUT is not set (this is not a GitHub Actions step), "
                   "so no result was written for GitHub Classroom.", err=True)
    summary = env.get("GITHUB_STEP_SUMMARY")
    if summary:
        _append(summary, "GITHUB_STEP_SUMMARY", job_summary(result, activities))


def github_exit_code(result: SubmissionResult) -> ExitCode:
    """0 unless the grader failed (70): lost points are in the result, not in the exit code."""
    return ExitCode.INTERNAL if result.status == "grader_error" else ExitCode.OK


def _append(path: str, name: str, text: str) -> None:
    try:
        with open(path, "a", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        raise GitHubOutputError(f"--github: the file ${name} names ({path}) cannot be written ({exc.strerror}). "
                                "Run `grader check --github` only as a step of a GitHub Actions workflow, "
                                f"or point {name} at a file you can write") from None
