"""What the grader prints on the terminal: a progress bar, the class summary, the problems of a
run, and a student's check.

Text that comes from students (submission ids, messages, printed output) is printed as rich
``Text``, never as console markup, and with control characters shown as symbols, so it can
neither restyle the output nor send escape sequences to the terminal.

Every printing function takes an optional ``out`` console (the module's ``console`` by default),
which is how the tests render at a fixed width.
"""

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from rich.cells import cell_len
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from grader.exitcodes import ExitCode
from grader.reporters.wording import (
    ACTIVITY_WORDS,
    OUTCOME_WORDS,
    advisory_worth,
    base_name,
    optional_and_missing,
    plural,
    points,
    score_of,
    visible,
)
from grader.results import ActivityResult, ClassResults, SubmissionResult, TestResult
from grader.summary_table import print_confinement, print_summary, shorten, summary_table  # noqa: F401 (their home was here)

console = Console(highlight=False)
if not console.is_terminal and "COLUMNS" not in os.environ:
    console.width = max(console.width, 160)  # logs and CI: room for a column per activity

# After a score in `grader check`'s last lines: why it is not an ordinary one.
SCORE_NOTE = {"missing": "not handed in", "not_started": "not started: only the starter code",
              "not_loaded": "the file did not load", "waiting": "not checked yet", "grader_error": "incomplete: the grader failed, not your fault"}
MARK = {"passed": ("✓", "green"), "failed": ("✗", "red"), "error": ("✗", "red"), "timeout": ("⏱", "yellow"),
        "skipped": ("–", "dim"), "grader_error": ("!", "bold red")}
OUTPUT_LINES = 10  # lines of a test's printed output shown by `grader check`


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
    the entries of the class folder that were not graded (grader/names.py, submissions.py)."""
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


# --- one student's check (`grader check`) -----------------------------------------------------

def print_check(result: SubmissionResult, base_seed: int = 0, out: Console | None = None) -> None:
    """A student's results: what went wrong first, then going further, what passed, the scores.

    ``base_seed`` is shown at the end when it is not 0; every replay command already has it.
    """
    out = out or console
    if result.status != "graded":
        headline = ("Your folder could not be checked:" if result.status == "unusable"
                    else "The grader failed while checking your folder (this is not your fault):")
        out.print(Text(headline, style="bold red"))
        for message in result.messages:
            _print_block(out, message, indent=2)
        if result.status == "unusable":
            return
    _print_problems(out, result)
    _print_going_further(out, result)
    _print_passed(out, result)
    _print_scores(out, result, base_seed)


def _print_problems(out: Console, result: SubmissionResult) -> None:
    """Problems in activity order; files not handed in come last."""
    heading = Text("\nWhat went wrong", style="bold")
    for activity in result.activities:
        if activity.status not in ("graded", "missing", "not_started", "waiting") or (activity.status == "graded" and activity.note):
            heading = _print_heading(out, heading)
            words = "" if activity.status == "graded" else f": {ACTIVITY_WORDS.get(activity.status, activity.status)}"
            out.print(Text.assemble("  ", ("✗", "red"), " ", (f"{activity.id} {activity.title}", "bold"), words))
            if activity.note:
                _print_block(out, activity.note, indent=6)
        if activity.status in ("graded", "grader_error"):
            for test in activity.tests:
                if not test.advisory and test.outcome != "passed":
                    heading = _print_heading(out, heading)
                    _print_test(out, activity, test, score_of(test.points, test.max_points))
    for activity in result.activities:
        if activity.status in ("missing", "not_started", "waiting") and not optional_and_missing(activity):
            heading = _print_heading(out, heading)
            out.print(Text.assemble("  ", ("–", "dim"), " ", (f"{activity.id} {activity.title}", "bold"),
                                    f", {ACTIVITY_WORDS[activity.status]}",
                                    (f": {visible(activity.note)}" if activity.note else "", "dim")),
                      soft_wrap=True)


def _print_heading(out: Console, heading: Text | None) -> None:
    """Print a section's heading the first time something goes under it."""
    if heading is not None:
        out.print(heading)
    return None


def _print_test(out: Console, activity: ActivityResult, test: TestResult, worth: str) -> None:
    symbol, style = MARK.get(test.outcome, ("?", ""))
    hidden = ", hidden test" if test.visibility == "hidden" else ""
    out.print(Text.assemble("  ", (symbol, style), " ", (f"{activity.id} ", "bold"), (visible(test.name), "bold"),
                            f": {OUTCOME_WORDS.get(test.outcome, test.outcome)} ({worth}{hidden})"), soft_wrap=True)
    if test.outcome == "passed":
        return
    _print_block(out, test.message, indent=6)
    if test.output.strip():
        out.print(Text("      your code printed:", style="dim"))
        lines = test.output.rstrip().splitlines()
        _print_block(out, "\n".join(lines[:OUTPUT_LINES]), indent=8)
        if len(lines) > OUTPUT_LINES:
            out.print(Text(f"        … and {plural(len(lines) - OUTPUT_LINES, 'more line')}", style="dim"))
    if test.replay:
        seed = f"seed {test.seed}. " if test.seed is not None else ""
        out.print(Text(f"      {seed}Run this test again on its own:", style="dim"))
        out.print(Text(f"        {test.replay}"), soft_wrap=True)


def _print_going_further(out: Console, result: SubmissionResult) -> None:
    found = [(a, t) for a in result.activities if a.status in ("graded", "grader_error") for t in a.tests if t.advisory]
    if not found:
        return
    out.print(Text("\nGoing further", style="bold") + Text(": extra checks, worth 0 points unless your teacher grades them"))
    for activity, test in found:
        _print_test(out, activity, test, advisory_worth(test))


def _print_passed(out: Console, result: SubmissionResult) -> None:
    groups: dict[tuple[str, str], list[TestResult]] = {}
    for activity in result.activities:
        for test in activity.tests:
            if not test.advisory:
                groups.setdefault((activity.id, base_name(test.name)), []).append(test)
    passed = [(key, runs) for key, runs in groups.items() if any(t.outcome == "passed" for t in runs)]
    if not passed:
        return
    out.print(Text("\nWhat passed", style="bold"))
    for (activity_id, name), runs in passed:
        ok = sum(t.outcome == "passed" for t in runs)
        if len(runs) == 1:
            label, count = runs[0].name, ""
        else:
            label, count = name, f" ({'all ' if ok == len(runs) else f'{ok} of '}{len(runs)} runs)"
        out.print(Text.assemble("  ", ("✓", "green"), f" {activity_id} ", visible(label), count), soft_wrap=True)


def _print_scores(out: Console, result: SubmissionResult, base_seed: int) -> None:
    out.print(Text("\nScores", style="bold"))
    width = max((cell_len(f"{a.id} {a.title}") for a in result.activities), default=0)
    for activity in result.activities:
        name = f"{activity.id} {activity.title}"
        shown = score_of(activity.score, activity.max)
        if activity.status != "graded":
            shown += f"  ({SCORE_NOTE.get(activity.status, activity.status)})"
        out.print(Text(f"  {name}{' ' * (width - cell_len(name))}  {shown}"))
    hidden = sum(a.hidden_not_run for a in result.activities)
    which = " (public tests)" if hidden else ""
    total = f"\nTotal{which}: {score_of(result.total, result.max)}"
    if result.status == "grader_error":
        total += " (incomplete)"
    out.print(Text(total, style="bold") + Text(f"    Bonus: {score_of(result.bonus, result.bonus_max)}"
                                             if result.bonus_max else ""))
    if hidden:
        out.print(Text(f"{hidden} hidden test(s) were not run: your teacher's grade can differ.", style="dim"))
    if base_seed:
        out.print(Text(f"Base seed {base_seed}.", style="dim"))


def _print_block(out: Console, text: str, indent: int) -> None:
    """Student text, line by line, indented, never wrapped (so commands stay copyable)."""
    for line in text.rstrip().splitlines():
        out.print(Text(" " * indent + visible(line, keep_newlines=True)), soft_wrap=True)
