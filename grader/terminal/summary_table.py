"""The class summary `grader grade` prints: one row per student, one column per activity.

Every kind of result has its own look, explained by a legend under the table, so a teacher can
tell at a glance work not handed in (``–``) from work not started (``start``: only the starter
code), a file that did not load (``load``), a score of 0 (``0``), a score earned with a test that
ran out of time (``↻`` after it: an endless loop, most often), a score earned by a file named
otherwise (``*`` after it: Widget.py graded as widget.py) and the grader's own failure (``ERR``).

Text from students (submission ids) is printed as rich ``Text``, never as markup, with control
characters shown as symbols (console.py's rule).
"""

from dataclasses import dataclass

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from grader.reporters.handed_in import late_tag
from grader.reporters.wording import plural, points, visible
from grader.results.model import ActivityResult, ClassResults, SubmissionResult
from grader.terminal.screen import console

# Summary cells for an activity without a score, and a narrower set for when the table must shrink.
CELL = {"missing": "–", "not_started": "start", "not_loaded": "load", "grader_error": "ERR", "waiting": "wait"}
NARROW_CELL = {**CELL, "not_loaded": "✗", "not_started": "○"}
CELL_STYLE = {"missing": "dim", "not_started": "dim", "not_loaded": "yellow", "grader_error": "bold red", "waiting": "dim"}
# Marks after a score (as on index.html, html/parts.py), and their style.
SUFFIX = {"timed_out": "↻", "misnamed": "*"}
SUFFIX_STYLE = {"timed_out": "yellow", "misnamed": "cyan"}
MEANING = {
    "missing": "not handed in",
    "not_started": "not started: only the starter code, unchanged (0 points)",
    "not_loaded": "the file did not load (0 points)",
    "timed_out": "after a score: a test ran out of time (an endless loop, most often)",
    "misnamed": "after a score: a file's name differed from the lab's only by letter case, _ or -; graded under the lab's name",
    "grader_error": "the grader failed: score incomplete (not the student's fault)",
    "unusable": "the submission could not be opened",
    "waiting": "not checked yet: waits for another activity (student kit)",
}

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
            symbol = SUFFIX.get(status) or layout.cells.get(status, status)
            out.print(Text.assemble(f"  {symbol:<8}  ", (meaning, "dim")))
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


MIN_ID_WIDTH = 16  # below this, scores lose decimals before ids lose more letters
# Tried in turn until the table fits.
LAYOUTS = ((2, CELL), (1, CELL), (0, CELL), (0, NARROW_CELL))


def summary_table(results: ClassResults, width: int) -> tuple[Table, SummaryLayout]:
    """The summary table for a console ``width`` cells wide, and the layout that made it fit."""
    regular, bonus = _activity_ids(results)
    lateness = any(sub.identity.get("late") is not None for sub in results.submissions)
    headers = [*regular, "total", *(["bonus"] if bonus else []), *(["late"] if lateness else [])]
    ids = [visible(sub.id) for sub in results.submissions]
    for decimals, cells in LAYOUTS:
        rows = [_row(sub, regular, bonus, decimals, cells) + ([_late_cell(sub)] if lateness else [])
                for sub in results.submissions]
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


def _late_cell(sub: SubmissionResult) -> Text:
    """``late`` (with the penalty taken, if any), ``on time``, or nothing when the download does
    not say: lateness is always in view, a penalty only when the rubric states one."""
    tag = late_tag(sub)
    return Text(tag, style="yellow" if tag.startswith("late") else "dim")


def _cell(activity: ActivityResult | None, decimals: int, symbols: dict[str, str]) -> Text:
    if activity is None:
        return Text("")
    if activity.status == "graded":
        cell = Text(points(activity.score, decimals))
        for state, shown in (("timed_out", activity.timed_out), ("misnamed", bool(activity.renamed))):
            if shown:
                cell.append(SUFFIX[state], style=SUFFIX_STYLE[state])
        return cell
    return Text(symbols.get(activity.status, "?"), style=CELL_STYLE.get(activity.status, ""))


def _bonus_cell(sub: SubmissionResult, activities: list[ActivityResult], decimals: int,
                symbols: dict[str, str]) -> Text:
    """One cell for every bonus activity: the bonus points, or the symbol of what went wrong."""
    statuses = {a.status for a in activities}
    for status in ("grader_error", "graded", "not_loaded", "not_started", "missing"):
        if status in statuses:
            if status == "graded":
                return Text(f"{points(sub.bonus, decimals)}/{points(sub.bonus_max, decimals)}")
            return Text(symbols[status], style=CELL_STYLE[status])
    return Text("")


def _statuses_shown(results: ClassResults) -> set[str]:
    shown = {a.status for sub in results.submissions for a in sub.activities}
    shown |= {s for sub in results.submissions for a in sub.activities if a.status == "graded"
              for s, on in (("timed_out", a.timed_out), ("misnamed", bool(a.renamed))) if on}
    return shown | {sub.status for sub in results.submissions}


def _has_fractions(results: ClassResults) -> bool:
    values = [a.score for sub in results.submissions for a in sub.activities]
    values += [v for sub in results.submissions for v in (sub.total, sub.max, sub.bonus)]
    return any(round(v, 2) != int(v) for v in values)
