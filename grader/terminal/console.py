"""What the grader prints on the terminal: a progress bar, the class summary, the problems of a
run, and a student's check.

Text that comes from students (submission ids, messages, printed output) is printed as rich
``Text``, never as console markup, and with control characters shown as symbols, so it can
neither restyle the output nor send escape sequences to the terminal.

Every printing function takes an optional ``out`` console (screen.py's ``console`` by default),
which is how the tests render at a fixed width.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from grader.commands.exitcodes import ExitCode
from grader.reporters.wording import plural, visible
from grader.results.model import ClassResults, SubmissionResult
from grader.terminal.screen import console
from grader.terminal.summary_table import print_confinement, print_summary, shorten, summary_table  # noqa: F401 (their home was here)


@contextmanager
def progress_bar(total: int) -> Iterator:
    with Progress(TextColumn("grading"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task("grading", total=total)
        yield lambda _sub_id: progress.advance(task)


def print_run_problems(results: ClassResults, out: Console | None = None) -> None:
    """After the summary: the submissions that could not be graded, and the grader's failures.

    Prints nothing when every submission was graded to the end.
    """
    out = out or console
    if results.unusable:
        count = len(results.unusable)
        out.print(Text(f"\n{plural(count, 'submission')} could not be graded because of what was handed in:",
                       style="bold yellow"))
        _print_list(out, results.unusable)
        code = f"exit code {int(ExitCode.BAD_INPUT)}"
        if results.grader_failed:
            code = f"alone, this gives exit code {int(ExitCode.BAD_INPUT)}; the grader's failure below gives {int(ExitCode.INTERNAL)}"
        out.print(f"Ask for {'it' if count == 1 else 'them'} again (for example, a new zip) and grade again ({code}).")
    if results.grader_failed:
        count = len(results.grader_failed)
        out.print(Text(f"\nThe grader failed on {plural(count, 'submission')}: "
                       f"{'its score is' if count == 1 else 'their scores are'} incomplete. "
                       "This is not the students' fault.", style="bold red"))
        _print_list(out, results.grader_failed)
        out.print(f"Exit code {int(ExitCode.INTERNAL)}. Please report this with the log (everything the grader "
                  "printed) and results.json.")


def print_name_notes(notes: list[str], out: Console | None = None) -> None:
    """After the summary: the submissions graded under another id than their folder's name, and
    the entries of the class folder that were not graded (grader/intake/names.py, submissions.py)."""
    out = out or console
    if notes:
        out.print(Text("\nNames to look at (every submission with a name below was still graded, unless it says not):",
                       style="bold yellow"))
        for note in notes:
            out.print(Text.assemble("  ", visible(note)))


def _print_list(out: Console, submissions: Iterable[SubmissionResult]) -> None:
    for sub in submissions:
        reason = "; ".join(m.strip() for m in sub.messages) or "no reason given"
        out.print(Text.assemble("  ", (visible(sub.id), "bold"), ": ", visible(reason)))


# --- one student's check (`grader check`): grader/terminal/check_output.py ---------------------------

def print_check(result: SubmissionResult, base_seed: int = 0, out: Console | None = None, view=None,
                everything: bool = True) -> None:
    """A student's check (grader/terminal/check_output.py, imported only by `grader check`): everything,
    or one screen (``everything=False``, grader/terminal/check_screen.py)."""
    from grader.terminal.check_output import print_check as show

    one_screen = None
    if not everything:
        from grader.terminal.check_screen import print_screen as one_screen
    show(result, base_seed, out or console, view, one_screen)
