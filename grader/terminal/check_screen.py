"""`grader check` on one screen (about 25 lines at 80 columns): what a student reads first.

The full check (grader/terminal/check_output.py, `grader check --all`) lists every failure, every
activity not started, what passed and a table of scores: 50 to 100 lines for a half-done folder,
so the failure that matters and its hint scroll off. This screen keeps what a student of 16 acts
on, in this order:

- the first problem in full (a file that did not load, or a failed test: what was called,
  expected, got, the hint, the command that runs it again; in the first activity with a
  failure, the one whose cause most of them share), then one line counting the rest and
  naming the command that shows them all;
- the activities not handed in, or waiting (kit), on one line, with the first one's reason;
- the activities not started on one line;
- the scores on one line (wrapped at the terminal's width; a row each, as in the full check,
  when `--activity` chose the activities), the total, and the notes under it;
- the next step (printed by check_output.print_next_step, after anything the lab adds).

Text that comes from students goes through the same helpers as the full check (``visible``,
rich ``Text``), so it can neither restyle the output nor send escape sequences.
"""

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from grader.terminal.check_output import (
    SCORE_NOTE,
    _in_progress,
    _print_block,
    _print_scores,
    _print_scores_notes,
    _print_test,
)
from grader.terminal.check_view import CheckView, is_done
from grader.kit import teacher_checks
from grader.reporters.grouping import FailureGroup, group_failures
from grader.reporters.wording import (
    ACTIVITY_WORDS,
    counted,
    optional_and_missing,
    plural,
    run_worth,
    visible,
)
from grader.results.model import ActivityResult, SubmissionResult

MESSAGE_LINES = 10  # screen lines of the first failure's message, its hint kept
OUTPUT_LINES = 4  # lines of what the student's code printed
# After a score on the one-line score list: why it is not an ordinary one (short words).
SHORT_NOTE = {"missing": "not handed in", "not_loaded": "did not load", "waiting": "waiting",
              "grader_error": "incomplete"}
Problem = tuple[ActivityResult, FailureGroup | None]  # an activity's own problem (no group) or a failure


def print_screen(out: Console, result: SubmissionResult, base_seed: int, view: CheckView) -> None:
    """The one-screen check of a graded (or partly graded) submission."""
    problems = _problems(result, view)
    if problems:
        first = _first(problems)
        out.print(Text("\nWhat went wrong", style="bold"))
        _print_problem(out, *first)
        _print_rest(out, first, [p for p in problems if p is not first], view)
    _print_advisory(out, result, view, blank=not problems)
    _print_teachers(out, result, view)
    _print_absent(out, result)
    unstarted = [a.id for a in result.activities if a.id in view.not_started or a.status == "not_started"]
    if unstarted:
        out.print(Text("\nNot started: ", style="bold") + Text(", ".join(unstarted)))
    if view.chosen:  # `--activity`: a few activities, a row each with its title, as the full check shows them
        _print_scores(out, result, base_seed, view)
    else:
        _print_score_line(out, result, view)
        _print_scores_notes(out, result, base_seed)



def _problems(result: SubmissionResult, view: CheckView) -> list[Problem]:
    """What went wrong, in the rubric's order, as the full check lists it: an activity that did
    not load (or that the grader failed on), then each failure once per cause. (A graded
    activity's note is shown above its failure: grader/terminal/check_output.py shows it so too.)"""
    found: list[Problem] = []
    for activity in result.activities:
        if activity.id in view.not_started or activity.status in ("missing", "waiting", "not_started"):
            continue
        if activity.status != "graded":
            found.append((activity, None))
        if _in_progress(activity, view):
            failed = [t for t in activity.tests if not t.advisory and t.outcome != "passed"]
            found += [(activity, group) for group in group_failures(failed)]
    return found


def _first(problems: list[Problem]) -> Problem:
    """The problem to show in full: in the first activity that has one (the rubric's order is
    the order of work), its file not loading, else the cause most of its failures share (the
    first of them on a tie): fixing it fixes the most, e.g. a tester that never asserts."""
    activity = problems[0][0]
    own = [p for p in problems if p[0] is activity]
    if own[0][1] is None:
        return own[0]
    return max(own, key=lambda p: len(p[1].tests) if p[1] is not None else 0)


def _print_problem(out: Console, activity: ActivityResult, group: FailureGroup | None) -> None:
    """The first problem, in full but never longer than a screen's share."""
    if group is None or activity.note:
        words = "" if activity.status == "graded" else f": {ACTIVITY_WORDS.get(activity.status, activity.status)}"
        out.print(Text.assemble("  ", ("✗", "red"), " ", (f"{activity.id} {activity.title}", "bold"), words))
        if activity.note:
            _print_capped(out, activity.note, indent=6)
    if group is None:
        return
    _print_test(out, activity, group.first, run_worth(activity, group.first), output_lines=OUTPUT_LINES,
                block=lambda text, indent: _print_capped(out, text, indent))


def _print_rest(out: Console, shown: Problem, rest: list[Problem], view: CheckView) -> None:
    """``… and 8 more like it and 3 more failing checks (A2, A4). All of them: grader check … --all``."""
    alike = len(shown[1].alike) if shown[1] is not None else 0
    others = sum(len(group.tests) if group is not None else 1 for _, group in rest)
    if not alike and not others:
        return
    parts = [f"{alike} more like it"] if alike else []
    if others:
        where = list(dict.fromkeys(activity.id for activity, _ in rest))
        parts.append(f"{others} more failing check{'s' if others != 1 else ''} ({', '.join(where)})")
    out.print(Text(f"  … and {' and '.join(parts)}. All of them: ", style="dim") + Text(visible(_all(view))),
              soft_wrap=True)


def _print_advisory(out: Console, result: SubmissionResult, view: CheckView, blank: bool) -> None:
    """One line for the extra checks (worth 0 points) that failed, if any did."""
    failed = [t for a in result.activities if _in_progress(a, view) for t in a.tests
              if t.advisory and t.outcome != "passed"]
    if failed:
        out.print(Text(("\n" if blank else "") + "Going further: ", style="bold")
                  + Text(f"{plural(len(failed), 'extra check')} (worth 0 points) failed: ", style="dim")
                  + Text(visible(_all(view))), soft_wrap=True)


def _print_teachers(out: Console, result: SubmissionResult, view: CheckView) -> None:
    """In a kit, an activity done whose every test is the teacher's (written answers): what its
    ``0/0`` means, on one line."""
    for activity in result.activities:
        if _in_progress(activity, view) and is_done(activity) and (words := teacher_checks.passed_words(activity)):
            out.print(Text.assemble("\n", ("✓", "green"), " ", (f"{activity.id} {activity.title}", "bold"), f": {words}"))


def _print_absent(out: Console, result: SubmissionResult) -> None:
    """Activities not handed in, then those waiting (the kit): their ids on one line, and the
    first one's reason in full (a misnamed file says what to rename)."""
    for status, heading in (("missing", "Not handed in"), ("waiting", "Not checked yet")):
        absent = [a for a in result.activities if a.status == status and not optional_and_missing(a)]
        if not absent:
            continue
        ids = f": {', '.join(a.id for a in absent)}" if len(absent) > 1 else ""
        out.print(Text(f"\n{heading}", style="bold") + Text(ids))
        first = absent[0]
        out.print(Text.assemble("  ", ("–", "dim"), " ", (f"{first.id} {first.title}", "bold"),
                                f", {ACTIVITY_WORDS[status]}", (f": {visible(first.note)}" if first.note else "", "dim")),
                  soft_wrap=True)


def _print_score_line(out: Console, result: SubmissionResult, view: CheckView) -> None:
    """``Scores: A1 14/14 · A2 14/16 · A4 6/11``, wrapped at the console's width between
    activities, never inside one. Activities not started are on their own line above."""
    entries = []
    for activity in result.activities:
        status = "not_started" if activity.id in view.not_started else activity.status
        if status == "not_started" or optional_and_missing(activity):
            continue
        shown = f"{activity.id} {counted(activity.score)}/{counted(activity.max, maximum=True)}"
        if status != "graded":
            shown += f" ({SHORT_NOTE.get(status, SCORE_NOTE.get(status, status))})"
        shown += teacher_checks.score_words(activity).replace("  (", " (")  # in a kit: points only the teacher gives
        entries.append(shown)
    if not entries:
        return
    lines, line = [], "Scores:"
    for entry in entries:
        joined = f"{line} {entry}" if line == "Scores:" else f"{line} · {entry}"
        if cell_len(joined) > out.width and line.strip() not in ("Scores:", ""):
            lines.append(line + " ·")
            line = "       " + entry
        else:
            line = joined
    lines.append(line)
    out.print(Text("\nScores:", style="bold") + Text(lines[0][len("Scores:"):]))
    for line in lines[1:]:
        out.print(Text(line))


def _print_capped(out: Console, text: str, indent: int) -> None:
    """Student text as the full check prints it, cut to MESSAGE_LINES screen lines; the hint
    (the last lines, from ``Hint:``) is always kept: it is what a student acts on."""
    lines = text.rstrip().splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip().startswith("Hint:")]
    body, hint = (lines[:starts[-1]], lines[starts[-1]:]) if starts else (lines, [])
    room = MESSAGE_LINES - sum(_screen_lines(out, line, indent) for line in hint)
    kept: list[str] = []
    for line in body:
        room -= _screen_lines(out, line, indent)
        if room < 1 and len(kept) < len(body) - 1:  # keep a line for "… N more lines"
            break
        kept.append(line)
    _print_block(out, "\n".join(kept), indent)
    if len(kept) < len(body):
        out.print(Text(" " * indent + f"… {plural(len(body) - len(kept), 'more line')} (grader check --all)", style="dim"))
    if hint:
        _print_block(out, "\n".join(hint), indent)


def _screen_lines(out: Console, line: str, indent: int) -> int:
    return max(1, -(-(indent + cell_len(visible(line))) // max(out.width, 1)))


def _all(view: CheckView) -> str:
    return view.all_command or "grader check --all"
