"""What `grader check` prints for one student: which folder, lab and files it checked, what went
wrong in the activities in progress, one line per activity not started, what passed, the
scores, and the next step.

It is read by a student of 16 on one screen: each failed test says what was called, what was
expected, what came back and a hint, once per cause ("and 8 more like it"), with the command
that runs it again; points are whole or half points (results.json keeps them exact). Text that
comes from students is printed as rich ``Text`` with control characters shown as symbols.
"""

from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from grader.terminal.check_view import CheckView, is_done
from grader.terminal.screen import console
from grader.kit import teacher_checks
from grader.kit.edition import KIT_HEADLINE, is_kit
from grader.reporters.grouping import FailureGroup, alike_names, group_failures
from grader.reporters.wording import (
    ACTIVITY_WORDS,
    alike_worth,
    base_name,
    counted_score,
    in_students_words,
    is_counted_exactly,
    optional_and_missing,
    outcome_words,
    plural,
    run_worth,
    visible,
)
from grader.results.model import ActivityResult, SubmissionResult, TestResult

# After a score in the last lines: why it is not an ordinary one.
SCORE_NOTE = {"missing": "not handed in", "not_loaded": "the file did not load", "waiting": "not checked yet",
              "grader_error": "incomplete: the grader failed, not your fault", "not_started": "not started"}
MARK = {"passed": ("✓", "green"), "failed": ("✗", "red"), "error": ("✗", "red"), "timeout": ("⏱", "yellow"),
        "skipped": ("–", "dim"), "grader_error": ("!", "bold red")}
OUTPUT_LINES = 10  # lines of a test's printed output shown


def print_opening(out: Console, view: CheckView) -> None:
    """``Checking /path/ada (LAB): FILE, FILE``: what is checked, before it runs."""
    files = ", ".join(view.files) if view.files else "none of the lab's files"
    out.print(Text(f"Checking {visible(view.folder)} ({view.lab}): {visible(files)}"), soft_wrap=True)
    if is_kit():
        out.print(Text(KIT_HEADLINE, style="dim"), soft_wrap=True)


@in_students_words
def print_check(result: SubmissionResult, base_seed: int = 0, out: Console | None = None,
                view: CheckView | None = None, one_screen: Callable | None = None) -> None:
    """A student's results: the activities in progress in detail, then those not started and not
    handed in (a line each), going further, what passed, the scores. The next step is printed
    by ``print_next_step``, after anything the lab adds.

    ``one_screen`` prints one screen instead (check_screen.py's ``print_screen``, handed in by
    console.py so that the two modules do not import each other: the first problem, a count of
    the rest, one line each for what is not started and the scores): what `grader check` shows a
    student; `--all` and Classroom's log show everything.
    ``base_seed`` is shown at the end when it is not 0; every replay command already has it.
    """

    out = out or console
    view = view or CheckView()
    if result.status != "graded":
        headline = ("Your folder could not be checked:" if result.status == "unusable"
                    else "The grader failed while checking your folder (this is not your fault):")
        out.print(Text(headline, style="bold red"))
        for message in result.messages:
            _print_block(out, message, indent=2)
        if result.status == "unusable":
            return
    if view.elsewhere:
        out.print(Text("\nNone of the lab's files are in this folder, but they seem to be in a folder inside it. Check that one:",
                       style="bold"))
        out.print(Text(f"  {view.elsewhere}"), soft_wrap=True)
        return
    if one_screen is not None:
        one_screen(out, result, base_seed, view)
        return
    _print_problems(out, result, view)
    _print_not_started(out, result, view)
    _print_going_further(out, result, view)
    _print_passed(out, result, view)
    _print_scores(out, result, base_seed, view)


def print_next_step(out: Console | None, view: CheckView) -> None:

    if view.next_step:
        (out or console).print(Text("\n" + view.next_step, style="bold"), soft_wrap=True)


def _in_progress(activity: ActivityResult, view: CheckView) -> bool:
    return activity.status in ("graded", "grader_error") and activity.id not in view.not_started


def _print_problems(out: Console, result: SubmissionResult, view: CheckView) -> None:
    """The activities in progress, in the rubric's order, each failure once per cause."""
    heading = Text("\nWhat went wrong", style="bold")
    for activity in result.activities:
        if activity.id in view.not_started or activity.status in ("missing", "waiting", "not_started"):
            continue
        if activity.status != "graded" or activity.note:
            heading = _print_heading(out, heading)
            words = "" if activity.status == "graded" else f": {ACTIVITY_WORDS.get(activity.status, activity.status)}"
            out.print(Text.assemble("  ", ("✗", "red"), " ", (f"{activity.id} {activity.title}", "bold"), words))
            if activity.note:
                _print_block(out, activity.note, indent=6)
        if _in_progress(activity, view):
            failed = [t for t in activity.tests if not t.advisory and t.outcome != "passed"]
            for group in group_failures(failed):
                heading = _print_heading(out, heading)
                _print_group(out, activity, group)


def _print_not_started(out: Console, result: SubmissionResult, view: CheckView) -> None:
    """One line per activity not started, then per activity not handed in."""
    unstarted = [a for a in result.activities if a.id in view.not_started or a.status == "not_started"]
    if unstarted:
        out.print(Text("\nNot started yet", style="bold"))
    for activity in unstarted:
        out.print(Text.assemble("  ", ("–", "dim"), " ", (f"{activity.id} {activity.title}", "bold"),
                                (f": {visible(view.not_started.get(activity.id, 'only the starter code'))}", "dim")))
    absent = [a for a in result.activities if a.status in ("missing", "waiting") and not optional_and_missing(a)]
    heading = Text("\nNot handed in" if all(a.status == "missing" for a in absent) else "\nNot handed in, or not checked yet",
                   style="bold")
    for activity in absent:
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


def _print_group(out: Console, activity: ActivityResult, group: FailureGroup) -> None:
    """A failed test in full, and a line for the others that failed the same way."""
    _print_test(out, activity, group.first, run_worth(activity, group.first))
    if group.alike:
        out.print(Text(f"      … and {len(group.alike)} more like it{alike_worth(group.tests)}: {visible(alike_names(group))}",
                       style="dim"), soft_wrap=True)


def _print_test(out: Console, activity: ActivityResult, test: TestResult, shown_worth: str,
                output_lines: int = OUTPUT_LINES, block=None) -> None:
    """A test run: its outcome, its message, what the student's code printed (``output_lines``
    at most) and the command that runs it again. ``block(text, indent)`` prints the message
    (one screen's check cuts a long one)."""
    block = block or (lambda text, indent: _print_block(out, text, indent))
    symbol, style = MARK.get(test.outcome, ("?", ""))
    hidden = ", hidden test" if test.visibility == "hidden" else ""
    out.print(Text.assemble("  ", (symbol, style), " ", (f"{activity.id} ", "bold"), (visible(test.name), "bold"),
                            f": {outcome_words(test.outcome)} ({shown_worth}{hidden})"), soft_wrap=True)
    if test.outcome == "passed":
        return
    block(test.message, 6)
    if test.output.strip():
        out.print(Text("      your code printed:", style="dim"))
        lines = test.output.rstrip().splitlines()
        _print_block(out, "\n".join(lines[:output_lines]), indent=8)
        if len(lines) > output_lines:
            out.print(Text(f"        … and {plural(len(lines) - output_lines, 'more line')}", style="dim"))
    if test.replay:
        out.print(Text("      Run this test again on its own:", style="dim"))
        out.print(Text(f"        {visible(test.replay)}"), soft_wrap=True)


def _print_going_further(out: Console, result: SubmissionResult, view: CheckView) -> None:
    """The extra checks (advisory) of the activities in progress: failures once per cause."""
    heading = Text("\nGoing further", style="bold") + Text(": extra checks, worth 0 points unless your teacher grades them")
    for activity in result.activities:
        advisory = [t for t in activity.tests if t.advisory] if _in_progress(activity, view) else []
        for group in group_failures([t for t in advisory if t.outcome != "passed"]):
            heading = _print_heading(out, heading)
            _print_group(out, activity, group)
        for test in advisory:
            if test.outcome == "passed":
                heading = _print_heading(out, heading)
                _print_test(out, activity, test, run_worth(activity, test))


def _print_passed(out: Console, result: SubmissionResult, view: CheckView) -> None:
    """An activity whose tests all passed is one line; the others list what passed in them."""
    lines: list[Text] = []
    for activity in result.activities:
        if not _in_progress(activity, view):
            continue
        counted = [t for t in activity.tests if not t.advisory]
        tests = len({base_name(t.name) for t in counted})
        if is_done(activity) and tests > 1:  # one test (a --test replay) is named below
            words = teacher_checks.passed_words(activity) or f"all {tests} tests passed"  # the kit's format-only checks
            lines.append(Text.assemble("  ", ("✓", "green"), " ", (f"{activity.id} {activity.title}", "bold"), f": {words}"))
            continue
        groups: dict[str, list[TestResult]] = {}
        for test in counted:
            groups.setdefault(base_name(test.name), []).append(test)
        for name, runs in groups.items():
            ok = sum(t.outcome == "passed" for t in runs)
            if not ok:
                continue
            label, count = (runs[0].name, "") if len(runs) == 1 else (name, f" ({'all ' if ok == len(runs) else f'{ok} of '}{len(runs)} runs)")
            lines.append(Text.assemble("  ", ("✓", "green"), f" {activity.id} ", visible(label), count))
    if lines:
        out.print(Text("\nWhat passed", style="bold"))
        for line in lines:
            out.print(line, soft_wrap=True)


def _print_scores(out: Console, result: SubmissionResult, base_seed: int, view: CheckView) -> None:
    out.print(Text("\nScores", style="bold"))
    width = max((cell_len(f"{a.id} {a.title}") for a in result.activities), default=0)
    for activity in result.activities:
        name = f"{activity.id} {activity.title}"
        shown = counted_score(activity.score, activity.max)
        status = "not_started" if activity.id in view.not_started else activity.status
        if status != "graded":
            shown += f"  ({SCORE_NOTE.get(status, status)})"
        shown += teacher_checks.score_words(activity)  # in a kit: points only the teacher gives
        out.print(Text(f"  {name}{' ' * (width - cell_len(name))}  {shown}"))
    _print_scores_notes(out, result, base_seed, blank=True)


def _print_scores_notes(out: Console, result: SubmissionResult, base_seed: int, blank: bool = False) -> None:
    """The total and the bonus, then what a reader must know about them (the teacher's points
    in a kit, half points, hidden tests not run, the seed)."""
    hidden = sum(a.hidden_not_run for a in result.activities)
    which = " (public tests)" if hidden else ""
    total = ("\n" if blank else "") + f"Total{which}: {counted_score(result.total, result.max)}"
    if result.status == "grader_error":
        total += " (incomplete)"
    out.print(Text(total, style="bold") + Text(f"    Bonus: {counted_score(result.bonus, result.bonus_max)}"
                                             if result.bonus_max else ""))
    if teacher_line := teacher_checks.total_line(result):
        out.print(Text(teacher_line, style="dim"))
    values = [v for a in result.activities for v in (a.score, a.max)] + [result.total, result.bonus]
    if not all(is_counted_exactly(v) for v in values):
        out.print(Text("Points are shown in half points, rounded down; the exact ones are in your teacher's results.",
                       style="dim"))
    if hidden:
        out.print(Text(f"{plural(hidden, 'hidden test')} {'was' if hidden == 1 else 'were'} not run here: "
                       "your teacher's grade can differ.", style="dim"))
    if base_seed:
        out.print(Text(f"Base seed {base_seed}.", style="dim"))


def _print_block(out: Console, text: str, indent: int) -> None:
    """Student text, line by line, indented, never wrapped (so commands stay copyable)."""
    for line in text.rstrip().splitlines():
        out.print(Text(" " * indent + visible(line, keep_newlines=True)), soft_wrap=True)
