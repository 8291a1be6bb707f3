"""GitHub Actions workflow commands: ``::error file=…,line=…::message`` annotations, and a fence
around the student-facing log so nothing a student's code printed is read as a command.

Escaping follows GitHub's rules (actions/toolkit, packages/core/src/command.ts): in the message,
``%``, CR and LF become ``%25``, ``%0D``, ``%0A``; in a property (``file=``, ``title=``) also
``:`` and ``,`` become ``%3A`` and ``%2C``.

GitHub keeps at most 10 error annotations per step and 50 annotations per job, and Classroom's
reporter hands the points over as the job's last two annotations (notices): a job that already
holds 50 loses them, and Classroom records nothing. So each step prints at most a few
(``GRADER_MAX_ANNOTATIONS``, which ``grader classroom init`` sets so that all steps together stay
well under 50; ``DEFAULT_CAP`` without it), then says how many more there were. The most useful
come first: an exception raised on a student's own line before a wrong answer, one note per line
(eight runs failing on the same line are one note), and none for a method the student has not
started: the starter's ``raise NotImplementedError`` is work to do, not a mistake to point at.
"""

import re
import secrets
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

import click

from grader.results.model import ActivityResult, TestResult

MAX_ANNOTATIONS = 10  # GitHub's limit per step, for error annotations
DEFAULT_CAP = 3
CAP_VARIABLE = "GRADER_MAX_ANNOTATIONS"
MAX_MESSAGE = 2000  # characters of a test's message in one annotation
NOT_STARTED = re.compile(r"\braised NotImplementedError\b")


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def error_command(file: str, line: int, title: str, message: str) -> str:
    return f"::error file={escape_property(file)},line={line},title={escape_property(title)}::{escape_data(message)}"


def not_started(test: TestResult) -> bool:
    """Whether ``test`` failed only because the student has not written the method yet."""
    first = test.message.strip().splitlines()[0] if test.message.strip() else ""
    return test.outcome == "error" and bool(NOT_STARTED.search(first))


def annotation_cap(env: Mapping[str, str]) -> int:
    """How many notes this step may print: ``GRADER_MAX_ANNOTATIONS``, never above GitHub's 10."""
    try:
        return max(0, min(MAX_ANNOTATIONS, int(env.get(CAP_VARIABLE, DEFAULT_CAP))))
    except ValueError:
        return DEFAULT_CAP


def annotated_tests(activities: list[ActivityResult]) -> list[tuple[ActivityResult, TestResult]]:
    """Failed tests that count, whose error was raised in the student's own file, not the
    starter's untouched ``NotImplementedError``. Hidden tests are left out: an annotation would
    show their message. Exceptions and timeouts first, then wrong answers, each in test order."""
    found = [(a, t) for a in activities for t in a.tests
             if t.outcome != "passed" and t.file and t.line and t.visibility != "hidden"
             and not (t.advisory and t.max_points == 0) and not not_started(t)]
    return sorted(found, key=lambda pair: pair[1].outcome == "failed")


def annotations(activities: list[ActivityResult], submission_folder: Path, workspace: Path,
                cap: int = DEFAULT_CAP) -> list[str]:
    """The ``::error`` lines to print, one per line of the student's code and at most ``cap``,
    then a plain line for the rest.

    The file is named relative to the repository (``workspace``) so GitHub can attach the note to
    it, even when the student's files sit in a subfolder.
    """
    places: dict[tuple[str, int], list[tuple[ActivityResult, TestResult]]] = {}
    for activity, test in annotated_tests(activities):
        places.setdefault((test.file, test.line), []).append((activity, test))
    lines = []
    for (file, line), failed in list(places.items())[:cap]:
        activity, test = failed[0]
        message = test.message if len(test.message) <= MAX_MESSAGE else test.message[:MAX_MESSAGE] + " … (cut; see the log)"
        if len(failed) > 1:
            message += f"\n({len(failed) - 1} more failed test(s) stopped on this line too.)"
        lines.append(error_command(repository_path(file, submission_folder, workspace), line,
                                   f"{activity.id} {test.name}", message))
    if len(places) > cap:
        lines.append(f"Tests also failed on {len(places) - cap} more line(s) of your files; this step notes only "
                     f"{cap}, so that GitHub keeps every note of the run. The log above has them all.")
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
