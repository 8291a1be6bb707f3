"""What ``grade`` and ``check`` make of their arguments: the isolation level, the activities
and tests chosen, the output folder, the class's entries, the shard, the one submission checked.
Each problem becomes the command's usage or bad-input exit (grader/commands/exitcodes.py), worded for the
person who typed the command; the library functions behind them raise instead.
"""

from pathlib import Path

from grader.commands.exitcodes import ExitCode, fail
from grader.reporters import output_names
from grader.lab.rubric import Rubric
from grader.sandbox.launcher import detect
from grader.commands.selection import SelectionError, resolve_activities, resolve_tests
from grader.results.sharding import ShardError, ShardSpec, parse_shard
from grader.intake.class_folder import Entry, Submission, SubmissionsError, class_entries, open_one


def isolation_level(wanted: str) -> str:
    try:
        return detect(wanted)
    except RuntimeError as exc:
        fail(ExitCode.USAGE, str(exc))


def selection(rubric: Rubric, activities, tests) -> tuple[list[str], list[str]]:
    try:
        chosen = resolve_activities(rubric, activities)
        return chosen, resolve_tests(rubric, chosen, tests)
    except SelectionError as exc:
        fail(ExitCode.USAGE, str(exc))


def check_out_dir(out_dir: Path, submissions: Path) -> None:
    """The output folder may sit inside the class folder (it is then never graded), but it must
    not be the class folder itself or inside a student's folder: reports would land among a
    student's files."""
    if out_dir == submissions:
        fail(ExitCode.USAGE, f"--out {out_dir} is the submissions folder itself. Give --out a folder of its own, e.g. {submissions.name}-results.")
    if submissions in out_dir.parents:
        top = submissions / out_dir.relative_to(submissions).parts[0]
        holds_work = top.is_dir() and any(p.suffix.lower() in (".py", ".zip") for p in top.iterdir() if p.is_file())
        if top != out_dir and holds_work:
            fail(ExitCode.USAGE, f"--out {out_dir} is inside the student folder {top.name}. Give --out a folder outside it.")


def class_folder_entries(root: Path, exclude: tuple[Path, ...] = ()) -> list[Entry]:
    try:
        found = class_entries(root, exclude, output_names())
    except SubmissionsError as exc:
        fail(ExitCode.BAD_INPUT, str(exc))
    if not found:
        fail(ExitCode.BAD_INPUT, f"{root} holds no student folders or .zip files. Put one folder or .zip per student in it.")
    return found


def shard_spec(text: str | None) -> ShardSpec | None:
    try:
        return parse_shard(text) if text is not None else None
    except ShardError as exc:
        fail(ExitCode.USAGE, str(exc))


def one_submission(path: Path, scratch: Path, writes: bool) -> Submission:
    """`grader check`'s folder, or a zip unpacked into ``scratch``; its id avoids the output
    folder's names only when reports are written (finding those names imports every reporter)."""
    submission = open_one(path, scratch, output_names() if writes else frozenset())
    if submission.problem:
        fail(ExitCode.BAD_INPUT, submission.problem)
    return submission
