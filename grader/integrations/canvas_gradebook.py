"""Filling one assignment column of a Canvas gradebook export with the grader's scores.

A teacher downloads the course's gradebook from Canvas (Grades, Export, "Export Entire
Gradebook"): a CSV whose first row is ``Student, ID, SIS User ID, SIS Login ID, Section`` (the
SIS columns only for teachers allowed to see them; ``LastName, FirstName`` instead of ``Student``
when the course splits names; ``Integration ID`` and ``Root Account`` in some schools), then
custom columns, then one column per assignment named ``Title (canvas id)``, then read-only
totals. A row whose first cell holds ``Points Possible`` follows, and in some exports a row of
``Muted`` / ``Manual Posting`` markers; then one row per student. Canvas writes a comma or a
semicolon between cells (a user setting), may start the file with a byte order mark, quotes
cells only when it must, and takes the same file back on import (Grades, Import).

``fill_column`` writes each graded submission's score into one assignment column of the student
it matches and changes nothing else: every other cell, row, quote, line ending and the byte order
mark stay as they were (csv_cells.py), so the import shows exactly one changed column. A cell is
left as it was, never given a made-up 0, when the submission was not graded (``unusable``,
``grader_error``), when Canvas says the student is excused (``EX``) or not assigned this work
(``N/A``), and for every student with no submission; the caller reports all of them.
"""

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from grader.integrations.csv_cells import (
    Record,
    quote_cell,
    read_records,
    replace_cells,
)
from grader.reporters.wording import points
from grader.results.model import ClassResults, SubmissionResult

DEFAULT_MATCH = "SIS Login ID"
CANVAS_ID_KEY = "canvas_user_id"  # grader/intake/model.py's Identity.ids
IDENTITY_COLUMNS = ("Student", "LastName", "FirstName", "ID", "SIS User ID", "SIS Login ID", "Integration ID",
                    "Root Account", "Section")
ASSIGNMENT_HEADER = re.compile(r"^(?P<title>.*\S)\s*\((?P<id>\d+)\)$")
_HIDDEN_ROW = re.compile(r"^\s*(Muted|Manual Posting.*)?\s*$", re.IGNORECASE)  # the markers Canvas's importer skips
_KEEP_CELLS = {"EX": "excused in Canvas", "N/A": "not assigned this work in Canvas"}
_BOM = "\ufeff"


class GradebookError(Exception):
    """The export cannot be used as it is: the message says what, the rule and the fix."""


class ColumnError(GradebookError):
    """A column named on the command line is not in the export."""


@dataclass
class Gradebook:
    """A Canvas export as read: the text, its records, and which rows are students."""

    text: str
    delimiter: str
    header: list[str]
    records: list[Record]
    student_rows: list[int]  # indexes into records
    points_row: int | None

    def assignment_columns(self) -> list[str]:
        return [name for name in self.header if ASSIGNMENT_HEADER.match(name) and name not in IDENTITY_COLUMNS]

    def student_name(self, row: int) -> str:
        values = self.records[row].values
        if self.header[:2] == ["LastName", "FirstName"]:
            return " ".join(part for part in (_cell(values, 1), _cell(values, 0)) if part)
        return _cell(values, 0)


@dataclass
class Filled:
    """What ``fill_column`` did, for the terminal."""

    text: str  # the new file, ready to write as UTF-8
    column: str
    written: list[tuple[str, str, str]] = field(default_factory=list)  # submission, student, score
    unmatched: list[tuple[str, str]] = field(default_factory=list)  # submission, why
    no_submission: list[tuple[str, str]] = field(default_factory=list)  # student, their match value
    not_graded: list[tuple[str, str, str]] = field(default_factory=list)  # submission, student, status
    kept: list[tuple[str, str, str]] = field(default_factory=list)  # submission, student, why the cell was kept


def read_gradebook(path: Path) -> Gradebook:
    """The Canvas export at ``path``, or a GradebookError saying why it cannot be used."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise GradebookError(f"cannot read the gradebook {path} ({exc.strerror}). Give --gradebook the CSV file "
                             "Canvas downloaded (Grades, Export, Export Entire Gradebook).") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GradebookError(f"{path} is not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start}). Canvas "
                             "exports UTF-8: download the gradebook again, or if you edited it in Excel, save it "
                             "as \"CSV UTF-8\".") from None
    return parse_gradebook(text, str(path))


def parse_gradebook(text: str, name: str = "the gradebook") -> Gradebook:
    start = 1 if text.startswith(_BOM) else 0
    for delimiter in (",", ";"):
        records = read_records(text, delimiter, start)
        if records and _is_header(records[0].values):
            break
    else:
        first = text[start:].splitlines()[0][:80] if text[start:].strip() else "(nothing)"
        raise GradebookError(f"{name} does not look like a Canvas gradebook export: its first line should start with "
                             f"Student, ID, ... (or LastName, FirstName, ID), but it is {first!r}. Download it from "
                             "Canvas: Grades, Export, Export Entire Gradebook, and give that file unchanged.")
    header = [value.strip() for value in records[0].values]
    student_rows, points_row = [], None
    for index, record in enumerate(records[1:], start=1):
        first = _cell(record.values, 0)
        if "Points Possible" in first:
            points_row = index
        elif all(_HIDDEN_ROW.match(value) for value in record.values):
            continue  # a blank line, or the Muted / Manual Posting row
        elif not _is_test_student(header, record.values):
            student_rows.append(index)
    return Gradebook(text, delimiter, header, records, student_rows, points_row)


def find_column(book: Gradebook, wanted: str) -> str:
    """The assignment column ``--column`` names: its whole header (any case), its title alone, or
    its Canvas id alone; a ColumnError listing the assignment columns otherwise."""
    columns = book.assignment_columns()
    key = _key(wanted)
    for candidates in ([c for c in columns if _key(c) == key],
                       [c for c in columns if _key(ASSIGNMENT_HEADER.match(c)["title"]) == key],
                       [c for c in columns if ASSIGNMENT_HEADER.match(c)["id"] == key.strip("()")]):
        if len(candidates) == 1:
            column = candidates[0]
            break
        if len(candidates) > 1:
            raise ColumnError(f"--column {wanted!r} names {len(candidates)} assignments: {_listing(candidates)}. "
                              "Give the whole column header, with the number in brackets.")
    else:
        close = difflib.get_close_matches(wanted, columns, n=1, cutoff=0.4)
        hint = f" The closest is {close[0]!r}." if close else ""
        listed = _listing(columns) if columns else "none (is this the right course?)"
        raise ColumnError(f"the gradebook has no assignment column {wanted!r}.{hint} Assignment columns: {listed}. "
                          "Give --column one of them exactly as the export's first row has it; create the "
                          "assignment in Canvas first if it is not there.")
    index = book.header.index(column)
    if book.points_row is not None and "read only" in _cell(book.records[book.points_row].values, index):
        raise ColumnError(f"the column {column!r} is read-only in Canvas (its Points Possible cell says so): "
                          "an import would ignore it. Choose an assignment column.")
    return column


def find_match_column(book: Gradebook, wanted: str) -> int:
    """The index of the column submission ids are matched against."""
    for index, name in enumerate(book.header):
        if _key(name) == _key(wanted):
            return index
    present = [name for name in book.header if name in IDENTITY_COLUMNS and name != "Section"]
    close = difflib.get_close_matches(wanted, present, n=1, cutoff=0.4)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise ColumnError(f"the gradebook has no column {wanted!r} to match submissions with{hint}. Columns that "
                      f"identify a student here: {_listing(present)}. Give --match one of them.")


def fill_column(book: Gradebook, results: ClassResults, column: str, match: str = DEFAULT_MATCH,
                with_bonus: bool = False) -> Filled:
    """The gradebook with ``column`` filled from ``results``, and what was done."""
    target, by = book.header.index(column), find_match_column(book, match)
    filled = Filled(book.text, column)
    matched, filled.unmatched = match_submissions(book, by, results.submissions)
    changes: dict[tuple[int, int], str] = {}
    for sub in results.submissions:
        row = matched.get(sub.id)
        if row is None:
            continue
        student, record = book.student_name(row), book.records[row]
        if target >= len(record.spans):
            filled.kept.append((sub.id, student, "the row is shorter than the header; fix the file in Canvas"))
            continue
        current = record.values[target].strip()
        if sub.status != "graded":
            filled.not_graded.append((sub.id, student, sub.status))
        elif current.upper() in _KEEP_CELLS:
            filled.kept.append((sub.id, student, f"{_KEEP_CELLS[current.upper()]} ({current})"))
        else:
            score = points(sub.total + (sub.bonus if with_bonus else 0.0))
            start, end = record.spans[target]
            changes[(start, end)] = quote_cell(score, book.delimiter, quoted=book.text.startswith('"', start) and end > start)
            filled.written.append((sub.id, student, score))
    taken = set(matched.values())
    filled.no_submission = [(book.student_name(row), _cell(book.records[row].values, by))
                            for row in book.student_rows if row not in taken]
    filled.text = replace_cells(book.text, changes)
    return filled


def match_submissions(book: Gradebook, by: int, submissions: list[SubmissionResult]) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """Which student row each submission is, matching its id to column ``by``: trimmed and in any
    case, first the whole value, then (for e-mail-like logins) the part before ``@`` on either
    side. A submission that matches no row, or several, or a row another one matched as well, is
    left out with the reason."""
    whole: dict[str, list[int]] = {}
    local: dict[str, list[int]] = {}
    for row in book.student_rows:
        value = _key(_cell(book.records[row].values, by))
        if value:
            whole.setdefault(value, []).append(row)
            local.setdefault(_local(value), []).append(row)
    claims: dict[int, list[tuple[str, bool]]] = {}  # row -> (submission, matched on the whole value)
    unmatched: list[tuple[str, str]] = []
    column = book.header[by]
    for sub in submissions:
        shown_key = match_value(sub, column)
        key = _key(shown_key)
        rows, exact = whole.get(key, []), True
        if not rows:
            rows, exact = local.get(_local(key), []), False
        if len(rows) == 1:
            claims.setdefault(rows[0], []).append((sub.id, exact))
        elif rows:
            names = ", ".join(book.student_name(r) for r in rows)
            unmatched.append((sub.id, f"matches {len(rows)} students ({names}) by the part before @; rename it to the whole {column}"))
        else:
            unmatched.append((sub.id, f"no student has {column} {shown_key.strip()!r}"))
    matched: dict[str, int] = {}
    for row, claimants in claims.items():
        best = [sub_id for sub_id, exact in claimants if exact] or [sub_id for sub_id, _ in claimants]
        if len(best) == 1:
            matched[best[0]] = row
        others = [sub_id for sub_id, _ in claimants if sub_id not in matched]
        for sub_id in others:
            rivals = ", ".join(repr(s) for s, _ in claimants if s != sub_id)
            unmatched.append((sub_id, f"{book.student_name(row)} is matched by {rivals} as well; keep one submission per student"))
    return matched, unmatched


def match_value(sub: SubmissionResult, column: str) -> str:
    """What a submission is matched by: the Canvas user id its download gave (grader/intake/)
    when matching on Canvas's ``ID`` column, else its id (the folder's name)."""
    canvas_id = sub.identity.get("ids", {}).get(CANVAS_ID_KEY, "") if sub.identity else ""
    return canvas_id if canvas_id and _key(column) == "id" else sub.id


def default_match(results: ClassResults) -> str:
    """``ID`` (Canvas's user id) when the class came from a Canvas download, whose every student
    carries it; else DEFAULT_MATCH, which the teacher names folders after."""
    ids = [sub.identity.get("ids", {}).get(CANVAS_ID_KEY) for sub in results.submissions if sub.identity]
    return "ID" if ids and all(ids) else DEFAULT_MATCH


def only_column(book: Gradebook) -> str:
    """The assignment column when the export holds exactly one, for a command without --column."""
    columns = book.assignment_columns()
    if len(columns) != 1:
        listed = _listing(columns) if columns else "none (is this the right course?)"
        raise ColumnError(f"the gradebook has {len(columns)} assignment columns, so say which to fill with --column: "
                          f"{listed}.")
    return columns[0]


def _is_header(values: list[str]) -> bool:
    """The test Canvas's own importer applies to the first row."""
    values = [value.strip() for value in values]
    return ((len(values) > 3 and "Student" in values[0] and "ID" in values[1])
            or (len(values) > 4 and values[0] == "LastName" and values[1] == "FirstName" and "ID" in values[2]))


def _is_test_student(header: list[str], values: list[str]) -> bool:
    """Canvas's "Test Student" (from Student View) is in every export; it is nobody's grade."""
    if header[:2] == ["LastName", "FirstName"]:
        return (_cell(values, 0), _cell(values, 1)) == ("Student", "Test")
    return _cell(values, 0) == "Student, Test"


def _cell(values: list[str], index: int) -> str:
    return values[index].strip() if index < len(values) else ""


def _key(text: str) -> str:
    return text.strip().casefold()


def _local(key: str) -> str:
    return key.split("@", 1)[0]


def _listing(names: list[str]) -> str:
    return ", ".join(repr(name) for name in names)
