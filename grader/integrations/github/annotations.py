"""GitHub Actions workflow commands: ``::error file=…,line=…::message`` annotations, and a fence
around the student-facing log so nothing a student's code printed is read as a command.

Escaping follows GitHub's rules (actions/toolkit, packages/core/src/command.ts): in the message,
``%``, CR and LF become ``%25``, ``%0D``, ``%0A``; in a property (``file=``, ``title=``) also
``:`` and ``,`` become ``%3A`` and ``%2C``. GitHub shows at most 10 error annotations per step,
so we print at most ``MAX_ANNOTATIONS`` and then say how many more there were.
"""

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

import click

from grader.results import ActivityResult, TestResult

MAX_ANNOTATIONS = 10
MAX_MESSAGE = 2000  # characters of a test's message in one annotation


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def error_command(file: str, line: int, title: str, message: str) -> str:
    return f"::error file={escape_property(file)},line={line},title={escape_property(title)}::{escape_data(message)}"


def annotated_tests(activities: list[ActivityResult]) -> list[tuple[ActivityResult, TestResult]]:
    """Failed tests that count, whose error was raised in the student's own file. Hidden tests
    are left out: an annotation would show their message."""
    return [(a, t) for a in activities for t in a.tests
            if t.outcome != "passed" and t.file and t.line and t.visibility != "hidden" and not (t.advisory and t.max_points == 0)]


def annotations(activities: list[ActivityResult], submission_folder: Path, workspace: Path) -> list[str]:
    """The ``::error`` lines to print, at most ``MAX_ANNOTATIONS``, then a plain line for the rest.

    The file is named relative to the repository (``workspace``) so GitHub can attach the note to
    it, even when the student's files sit in a subfolder.
    """
    found = annotated_tests(activities)
    lines = []
    for activity, test in found[:MAX_ANNOTATIONS]:
        message = test.message if len(test.message) <= MAX_MESSAGE else test.message[:MAX_MESSAGE] + " … (cut; see the log)"
        lines.append(error_command(repository_path(test.file, submission_folder, workspace), test.line,
                                   f"{activity.id} {test.name}", message))
    if len(found) > MAX_ANNOTATIONS:
        lines.append(f"{len(found) - MAX_ANNOTATIONS} more test(s) failed inside your files; GitHub shows only "
                     f"{MAX_ANNOTATIONS} notes per step, so read the log above for the others.")
    return lines


def repository_path(file: str, submission_folder: Path, workspace: Path) -> str:
    """``file`` (relative to the student's folder) as a path relative to the repository root."""
    try:
        return (submission_folder / file).resolve().relative_to(workspace.resolve()).as_posix()
    except ValueError:
        return PurePosixPath(file).as_posix()


@contextmanager
def commands_off(active: bool = True) -> Iterator[None]:
    """Between these two lines GitHub reads no workflow command, so a student's printed text
    (``::error::``, ``::add-mask::`` …) in the log stays text. The token is random, made after
    the student's code ran, so that code cannot print the line that turns commands back on.
    With ``active`` false it does nothing (a plain `grader check`)."""
    if not active:
        yield
        return
    token = secrets.token_hex(16)
    click.echo(f"::stop-commands::{token}")
    try:
        yield
    finally:
        click.echo(f"::{token}::")
