"""Exit codes of the ``grader`` command, the same for every subcommand: how a run picks one, and
how a command leaves with one."""

import sys
from enum import IntEnum
from typing import NoReturn

import click

from grader.results.model import ClassResults, SubmissionResult
from grader.lab.rubric import Rubric


class ExitCode(IntEnum):
    OK = 0  # grading finished; for `check`: every test that ran passed
    TESTS_FAILED = 1  # `check` only: at least one test failed (or nothing could be checked)
    USAGE = 2  # the command line was wrong (click's own code for this)
    BAD_INPUT = 3  # the submissions folder, a submission or an output folder is unusable
    BAD_RUBRIC = 4  # the rubric file is missing or invalid
    INTERNAL = 70  # the grader itself failed; results written so far are kept
    INTERRUPTED = 130  # Ctrl-C; what was finished is saved (grade --resume finishes the rest)


def fail(code: ExitCode, message: str) -> NoReturn:
    """Leave the command: ``grader: <message>`` on standard error, and the exit code."""
    click.echo(f"grader: {message}", err=True)
    sys.exit(code)


def run_exit_code(results: ClassResults) -> ExitCode:
    """`grader grade`: a grader failure outranks a bad submission, which outranks success, so a
    run in which the grader failed can never pass for a normal one."""
    if results.grader_failed:
        return ExitCode.INTERNAL
    if results.unusable:
        return ExitCode.BAD_INPUT
    return ExitCode.OK


def check_exit_code(rubric: Rubric, result: SubmissionResult, require_all: bool, filtered: bool) -> ExitCode:
    """`grader check`: 0 only when every test that counts passed (advisory checks worth 0 do not
    fail it); with ``require_all``, also only when no required activity's files are missing."""
    if result.status == "grader_error":
        return ExitCode.INTERNAL
    counted = [t for a in result.activities for t in a.tests if not t.advisory or rubric.advisory == "graded"]
    if filtered and not any(a.tests for a in result.activities):
        return ExitCode.USAGE  # the --test filter matched no run; the CLI has said so
    if not counted or any(t.outcome != "passed" for t in counted):
        return ExitCode.TESTS_FAILED
    if any(a.status == "not_loaded" for a in result.activities):
        return ExitCode.TESTS_FAILED
    if require_all and any(a.status in ("missing", "not_started") and not rubric.activity(a.id).optional
                           for a in result.activities):
        return ExitCode.TESTS_FAILED
    return ExitCode.OK
