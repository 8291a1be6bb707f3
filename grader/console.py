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
from dataclasses import dataclass

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text

from grader.exitcodes import ExitCode
from grader.reporters.wording import plural, points, visible
from grader.results import ActivityResult, ClassResults, SubmissionResult

console = Console(highlight=False)
if not console.is_terminal and "COLUMNS" not in os.environ:
    console.width = max(console.width, 160)  # logs and CI: room for a column per activity

# Summary cells for an activity without a score, and a narrower set for when the table must shrink.
CELL = {"missing": "–", "not_loaded": "load", "grader_error": "ERR", "waiting": "wait"}
NARROW_CELL = {**CELL, "not_loaded": "✗"}
CELL_STYLE = {"missing": "dim", "not_loaded": "yellow", "grader_error": "bold red", "waiting": "dim"}
MEANING = {
    "missing": "not handed in",
    "not_loaded": "the file did not load (0 points)",
    "grader_error": "the grader failed: score incomplete (not the student's fault)",
    "unusable": "the submission could not be opened",
    "waiting": "not checked yet: waits for another activity (student kit)",
}
MIN_ID_WIDTH = 16  # below this, scores lose decimals before ids lose more letters


@contextmanager
def progress_bar(total: int) -> Iterator:
    with Progress(TextColumn("grading"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task("grading", total=total)
        yield lambda _sub_id: progress.advance(task)


# --- the class summary (`grader grade`) -------------------------------------------------------

def print_summary(results: ClassResults, out: Console | None = None) -> None:
    """The class table: one row per student, one column per activity, total/max and the bonus.

    Bonus activities share one ``bonus`` column. The table fits the console's width: scores
    lose decimals (rounded down), then ``load`` becomes ``✗``, and long ids are cut in the
    middle with an ellipsis, before anything wraps. A legend under it explains the symbols.
    """
    out = out or console
    table, layout = summary_table(results, out.width)
    out.print(table)
    shown = _statuses_shown(results)
    for status, meaning in MEANING.items():
        if status in shown:
            out.print(Text.assemble(f"  {layout.cells.get(status, status):<8}  ", (meaning, "dim")))
    if layout.decimals < 2 and _has_fractions(results):
        out.print(Text("Scores are rounded down to fit the terminal; gradebook.csv has them exact.", style="dim"))
    out.print(Text(f"Sandbox level: {results.sandbox}; base seed {results.base_seed}.", style="dim"))
    print_confinement(results.confinement, out)


def print_confinement(confinement: dict, out: Console | None = None) -> None:
    """What student code ran with, in one line, and any warning in full (loud: the teacher's
    secrets may be at stake)."""
    from grader.sandbox.confinement import Confinement

    out = out or console
    if not confinement:
        return
    out.print(Text(Confinement(**confinement).summary(), style="dim"))
    for warning in confinement.get("warnings", []):
        out.print(Text(f"Warning: {warning}", style="bold red"))


@dataclass
class SummaryLayout:
    """How the summary table fits its width: decimals shown, cell symbols, width of the ids."""

    decimals: int
    cells: dict[str, str]
    id_width: int


# Tried in turn until the table fits.
LAYOUTS = ((2, CELL), (1, CELL), (0, CELL), (0, NARROW_CELL))


def summary_table(results: ClassResults, width: int) -> tuple[Table, SummaryLayout]:
    """The summary table for a console ``width`` cells wide, and the layout that made it fit."""
    regular, bonus = _activity_ids(results)
    headers = [*regular, "total", *(["bonus"] if bonus else [])]
    ids = [visible(sub.id) for sub in results.submissions]
    for decimals, cells in LAYOUTS:
        rows = [_row(sub, regular, bonus, decimals, cells) for sub in results.submissions]
        widths = [max([cell_len(h)] + [cell_len(row[i].plain) for row in rows]) for i, h in enumerate(headers)]
        room = width - sum(widths) - len(widths)  # one space between columns
        if room >= MIN_ID_WIDTH:
            break
    longest = max((cell_len(i) for i in ids), default=0)
    layout = SummaryLayout(decimals, cells, max(cell_len("student"), min(room, longest)))
    table = Table(title=f"{results.lab}: {plural(len(results.submissions), 'submission')}", box=box.SIMPLE_HEAD,
                  show_edge=False, pad_edge=False, padding=0)
    table.add_column("student", no_wrap=True, overflow="ellipsis")
    for header in headers:
        table.add_column(header, justify="right", no_wrap=True)
    for sub_id, row in zip(ids, rows):
        table.add_row(Text(shorten(sub_id, layout.id_width)), *row)
    return table, layout


def shorten(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal cells with an ellipsis in the middle.

    The middle, because ids often differ only at the start (``smith_jo``) or only at the end
    (an LMS export's ``..._4411``): ``smith_j…_4411`` keeps both.
    """
    if cell_len(text) <= width:
        return text
    if width < 3:
        return _take(text, width - 1) + "…" if width else ""
    head = _take(text, width // 2)
    tail = _take(text[::-1], width - 1 - cell_len(head))[::-1]
    return f"{head}…{tail}"


def _take(text: str, room: int) -> str:
    """The longest start of ``text`` that fits ``room`` terminal cells."""
    taken, used = [], 0
    for char in text:
        used += cell_len(char)
        if used > room:
            break
        taken.append(char)
    return "".join(taken)


def _activity_ids(results: ClassResults) -> tuple[list[str], list[str]]:
    regular: list[str] = []
    bonus: list[str] = []
    for sub in results.submissions:
        for activity in sub.activities:
            column = bonus if activity.bonus else regular
            if activity.id not in column:
                column.append(activity.id)
    return regular, bonus


def _row(sub: SubmissionResult, regular: list[str], bonus: list[str], decimals: int,
         symbols: dict[str, str]) -> list[Text]:
    by_id = {a.id: a for a in sub.activities}
    cells = [_cell(by_id.get(activity_id), decimals, symbols) for activity_id in regular]
    if sub.status == "unusable":
        total = Text("unusable", style="yellow")
    elif sub.status == "grader_error":
        total = Text("ERR", style="bold red")
    else:
        total = Text(f"{points(sub.total, decimals)}/{points(sub.max, decimals)}", style="bold")
    cells.append(total)
    if bonus:
        cells.append(_bonus_cell(sub, [by_id[b] for b in bonus if b in by_id], decimals, symbols))
    return cells


def _cell(activity: ActivityResult | None, decimals: int, symbols: dict[str, str]) -> Text:
    if activity is None:
        return Text("")
    if activity.status == "graded":
        return Text(points(activity.score, decimals))
    return Text(symbols.get(activity.status, "?"), style=CELL_STYLE.get(activity.status, ""))


def _bonus_cell(sub: SubmissionResult, activities: list[ActivityResult], decimals: int,
                symbols: dict[str, str]) -> Text:
    """One cell for every bonus activity: the bonus points, or the symbol of what went wrong."""
    statuses = {a.status for a in activities}
    for status in ("grader_error", "graded", "not_loaded", "missing"):
        if status in statuses:
            if status == "graded":
                return Text(f"{points(sub.bonus, decimals)}/{points(sub.bonus_max, decimals)}")
            return Text(symbols[status], style=CELL_STYLE[status])
    return Text("")


def _statuses_shown(results: ClassResults) -> set[str]:
    shown = {a.status for sub in results.submissions for a in sub.activities}
    return shown | {sub.status for sub in results.submissions}


def _has_fractions(results: ClassResults) -> bool:
    values = [a.score for sub in results.submissions for a in sub.activities]
    values += [v for sub in results.submissions for v in (sub.total, sub.max, sub.bonus)]
    return any(round(v, 2) != int(v) for v in values)


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


# --- one student's check (`grader check`): grader/check_output.py ---------------------------

def print_check(result: SubmissionResult, base_seed: int = 0, out: Console | None = None, view=None) -> None:
    """A student's check (grader/check_output.py, imported only by `grader check`)."""
    from grader.check_output import print_check as show

    show(result, base_seed, out or console, view)
