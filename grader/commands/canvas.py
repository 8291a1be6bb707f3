"""``grader export canvas RESULTS.json --gradebook EXPORT.csv --column "TITLE (ID)" -o UPLOAD.csv``:
the teacher's Canvas gradebook export with one assignment column filled, ready to import back.

The work is done by grader/integrations/canvas_gradebook.py; this module reads the options,
prints what happened and picks the exit code. Every submission that matched no student, every
student with no submission, and every cell left as it was (not graded, excused) is listed, so
nothing is silently missing from the upload. The file is written even then: the listed rows are
simply unchanged. A student who handed nothing in is an ordinary absence, listed as a note with
exit code 0 (a `set -e` script goes on); a submission that matched no student or could not be
graded exits 3, and one the grader failed on 70, so a script looks.
"""

from pathlib import Path

import click

from grader.commands.export import load_results, results_argument
from grader.commands.exitcodes import ExitCode, fail
from grader.integrations.canvas_gradebook import (
    DEFAULT_MATCH,
    ColumnError,
    Filled,
    GradebookError,
    default_match,
    fill_column,
    find_column,
    only_column,
    read_gradebook,
)
from grader.reporters.atomic import write_atomically
from grader.reporters.wording import plural, visible

DEFAULT_OUTPUT = "canvas-upload.csv"
_STATUS_WHY = {"unusable": "the submission could not be graded (see its report)",
               "grader_error": "the grader failed on it, so the score is incomplete (not the student's fault)"}


@click.command("canvas")
@results_argument
@click.option("--gradebook", "gradebook", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The gradebook CSV downloaded from Canvas (Grades, Export, Export Entire Gradebook).")
@click.option("--column", "column", default=None,
              help='The assignment column to fill, as the export names it: "Lab 3 (12345)" (the title alone '
                   "or the number alone also work when they are unique). Needed when the export has several.")
@click.option("--match", "match", default=None,
              help=f"The gradebook column that holds the submission ids (any case; a login's part before @ also matches). "
                   f"Default: ID (Canvas's user id) for a class graded from a Canvas download, else {DEFAULT_MATCH}.")
@click.option("--with-bonus", is_flag=True, help="Add the bonus points to the score (Canvas takes scores above the maximum).")
@click.option("-o", "--output", "path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=f"Where to write the file to import into Canvas (default: {DEFAULT_OUTPUT}).")
def canvas_command(results_file: Path, gradebook: Path, column: str | None, match: str | None, with_bonus: bool,
                   path: Path | None) -> None:
    """Fill one assignment column of a Canvas gradebook export with the scores, for Grades, Import."""
    results = load_results(results_file)
    match = match or default_match(results)
    target = (path or Path(DEFAULT_OUTPUT)).resolve()
    if target == gradebook.resolve():
        fail(ExitCode.USAGE, f"-o {target} is the gradebook export itself. Write to a new file (e.g. -o {DEFAULT_OUTPUT}) "
                              "so the export stays as Canvas gave it.")
    try:
        book = read_gradebook(gradebook.resolve())
        filled = fill_column(book, results, find_column(book, column) if column else only_column(book), match, with_bonus)
    except ColumnError as exc:
        fail(ExitCode.USAGE, str(exc))
    except GradebookError as exc:
        fail(ExitCode.BAD_INPUT, str(exc))
    try:
        write_atomically(target, filled.text)
    except OSError as exc:
        fail(ExitCode.BAD_INPUT, f"cannot write {target} ({exc.strerror}). Give -o a file in a folder you can write to.")
    print_filled(filled, target, match, with_bonus)
    raise SystemExit(exit_code(filled, results))


def print_filled(filled: Filled, target: Path, match: str, with_bonus: bool) -> None:
    score = "total + bonus" if with_bonus else "total (without the bonus)"
    click.echo(f"Filled {visible(filled.column)!r} for {plural(len(filled.written), 'student')} with each "
               f"submission's {score}; every other cell is as Canvas exported it.")
    click.echo(f"Wrote {target}: import it in Canvas with Grades, Import.")
    _section(f"{plural(len(filled.unmatched), 'submission')} matched no student (their scores are not in the file; "
             f"rename the folder to the student's {match}, or choose another --match):",
             [f"{visible(sub)}: {visible(why)}" for sub, why in filled.unmatched])
    _section(f"Note: {plural(len(filled.no_submission), 'student')} in the gradebook had no submission (their cells are unchanged):",
             [f"{visible(name)} ({match} {visible(value)!r})" if value else f"{visible(name)} (no {match})"
              for name, value in filled.no_submission])
    _section(f"{plural(len(filled.not_graded), 'submission')} not graded: cell left as it was, never a made-up 0:",
             [f"{visible(sub)} ({visible(student)}): {_STATUS_WHY.get(status, status)}" for sub, student, status in filled.not_graded])
    _section(f"{plural(len(filled.kept), 'cell')} kept as Canvas has it:",
             [f"{visible(sub)} ({visible(student)}): {visible(why)}" for sub, student, why in filled.kept])


def exit_code(filled: Filled, results) -> ExitCode:
    """70 when the grader failed on a submission (it wins, as in `grader grade`), 3 when a
    submission matched no student or could not be graded (its score is not in the file), else 0:
    a student with no submission, or one Canvas excuses, is a note, not a failure."""
    if any(status == "grader_error" for _, _, status in filled.not_graded) or results.grader_failed:
        return ExitCode.INTERNAL
    if filled.unmatched or filled.not_graded:
        return ExitCode.BAD_INPUT
    return ExitCode.OK


def _section(title: str, lines: list[str]) -> None:
    if not lines:
        return
    click.echo("")
    click.echo(title)
    for line in lines:
        click.echo(f"  - {line}")

