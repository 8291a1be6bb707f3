"""The grading worksheet a teacher uploads to a Moodle assignment, filled with the grader's scores.

Moodle's assignment has a feedback type "Offline grading worksheet" (assignfeedback_offline):
"Download grading worksheet" gives a CSV of the grading table, and "Upload grading worksheet"
reads one back. What the importer needs (mod/assign/feedback/offline/importgradeslib.php and
locallib.php ``process_import_grades``; the columns come from mod/assign/gradingtable.php in
download mode, their names from mod/assign/lang/en/assign.php):

- a header row; the importer finds three columns by their exact names in the site's language:
  ``Identifier`` (whose cells read ``Participant 12345``: the word, then the participant id the
  submissions download uses too), ``Grade`` and ``Last modified (grade)``; without all three
  it refuses the file ("Moodle could not read the uploaded worksheet"). Every other column
  (``Full name``, ``Email address``, ``Status``, ``Maximum Grade``, ``Grade can be changed``,
  ``Last modified (submission)``, ``Feedback comments``, ...) is for people, except the
  feedback columns, which it imports too;
- every row has as many cells as the header (Moodle's csv_import_reader refuses the file
  otherwise); a byte order mark and \\r\\n line ends are accepted;
- a Grade is written as Moodle formats numbers for the site's language (``8.50``, or ``8,50``
  where the decimal separator is a comma), and is read back the same way;
- a row is left as it is in Moodle when its Grade is empty, negative, above the assignment's
  maximum, equal to the grade Moodle has, locked ("Grade can be changed" says No), or when
  Moodle's grade was changed more than a minute after the row's ``Last modified (grade)`` (a
  grade edited in Moodle after the worksheet was downloaded wins, unless the teacher ticks
  "Allow updating records that have been modified more recently in Moodle than in the spreadsheet").

``fill_worksheet`` writes scores into the Grade column of a downloaded worksheet and changes no
other byte (csv_cells.py): not the dates, not the feedback, not the quoting. A participant the
grader has no score for keeps an empty cell, never a 0, and is reported; so is a score for a
participant id the worksheet does not have. ``new_worksheet`` makes the smallest file the
importer accepts, for a teacher who has no downloaded worksheet at hand.

The gradebook's own "Import > CSV file" (grade/import/csv) is a different importer: its
mapping page (grade/import/grade_import_form.php, ``grade_import_mapping_form``) matches a
column against a user's id, username, ID number or email address, so it cannot use
"Participant 12345" (an id that exists only inside the assignment); it needs a column of email
addresses (or usernames, or ID numbers) and a column the teacher maps to the assignment's grade
item, and it writes to the gradebook, not to the assignment's grading table
(https://docs.moodle.org/en/Grade_import).
"""

import csv
import io
import math
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone

from grader.integrations.csv_cells import Record, quote_cell, read_records, replace_cells

_BOM = "\ufeff"
_DELIMITERS = (",", ";", "\t", ":")  # the separators Moodle's upload form offers
_PARTICIPANT = re.compile(r"(\d+)\s*$")
_MAX_DECIMALS = 5  # Moodle keeps grades as decimal(10,5)


class WorksheetError(ValueError):
    """The worksheet cannot be filled as it is: the message says what, the rule and the fix."""


@dataclass(frozen=True)
class Columns:
    """The column names Moodle writes and looks for, in the site's language (English here;
    a site in another language writes its own, e.g. German ``ID`` and ``Bewertung``)."""

    identifier: str = "Identifier"
    participant: str = "Participant "  # the words before the number in an Identifier cell
    full_name: str = "Full name"
    status: str = "Status"
    no_submission: str = "No submission"  # how a Status cell starts when nothing was handed in
    grade: str = "Grade"
    maximum: str = "Maximum Grade"
    scale: str = "Scale"
    can_change: str = "Grade can be changed"
    no: str = "No"
    modified: str = "Last modified (grade)"


ENGLISH = Columns()


@dataclass
class FillResult:
    """What ``fill_worksheet`` did, for the terminal."""

    text: str  # the new worksheet, to be written as UTF-8
    written: list[tuple[str, str, str]] = field(default_factory=list)  # participant id, full name, Grade cell
    unmatched: list[str] = field(default_factory=list)  # participant ids scored but not in the worksheet
    # participant id, full name, Moodle's status: left as they were, with no made-up 0
    without_score: list[tuple[str, str, str]] = field(default_factory=list)
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # participant id, full name, why


def fill_worksheet(text: str, scores: dict[str, float], columns: Columns = ENGLISH) -> FillResult:
    """``text`` (a downloaded grading worksheet) with ``scores`` ({participant id: points}) in
    its Grade column, every other byte unchanged. A participant id may be given as ``12345`` or
    as the worksheet writes it (``Participant 12345``)."""
    start = 1 if text.startswith(_BOM) else 0
    delimiter, records = _read(text, start, columns)
    header = [cell.strip() for cell in records[0].values]
    where = {name: index for index, name in enumerate(header)}  # the last of a name, as Moodle's importer takes it
    if columns.maximum not in where and columns.scale in where:
        raise WorksheetError(f"This worksheet has a {columns.scale!r} column: the assignment is graded on a scale, "
                             "and the grader's scores are points. Set the assignment's grade type to Point (Edit "
                             "settings, Grade) and download the worksheet again.")
    wanted = {_participant(key) or str(key): value for key, value in scores.items()}
    comma = _uses_decimal_comma(records[1:], [where[c] for c in (columns.grade, columns.maximum) if c in where])
    decimals = _decimals(records[1:], where.get(columns.maximum))
    result = FillResult(text)
    changes: dict[tuple[int, int], str] = {}
    seen: set[str] = set()
    for record in records[1:]:
        values = record.values
        number = _participant(_cell(values, where[columns.identifier]))
        if not number:
            continue  # a blank line, or a row that is no participant's
        seen.add(number)
        name = _cell(values, where.get(columns.full_name))
        if number not in wanted:
            result.without_score.append((number, name, _cell(values, where.get(columns.status))))
            continue
        score = float(wanted[number])
        why = _why_not(values, score, where, columns, len(header), comma)
        if why:
            result.skipped.append((number, name, why))
            continue
        span = record.spans[where[columns.grade]]
        cell = _number(score, decimals, comma)
        changes[span] = quote_cell(cell, delimiter, quoted=text[span[0]:span[1]].startswith('"'))
        result.written.append((number, name, cell))
    result.unmatched = sorted((key for key in wanted if key not in seen), key=_sort_key)
    result.text = replace_cells(text, changes)
    return result


def new_worksheet(rows: list[tuple[str, str, float | None, float]], modified: datetime | None = None,
                  decimal_comma: bool = False) -> str:
    """A worksheet Moodle's "Upload grading worksheet" accepts, one row per (participant id,
    full name, grade, maximum); a grade of None leaves the cell empty (Moodle then keeps what
    it has). ``Last modified (grade)`` is ``modified`` (default: now), written as ISO 8601,
    which PHP's strtotime reads: a grade changed in Moodle after that moment is kept unless the
    teacher ticks "Allow updating records that have been modified more recently in Moodle than
    in the spreadsheet". ``decimal_comma`` for a site whose language writes 8,50."""
    stamp = (modified or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([ENGLISH.identifier, ENGLISH.full_name, ENGLISH.grade, ENGLISH.maximum, ENGLISH.modified])
    problems = []
    for participant, name, grade, maximum in rows:
        number = _participant(participant)
        if not number:
            problems.append(f"{participant!r} is no participant id (the number after 'Participant')")
            continue
        if grade is not None and not (0 <= grade <= maximum):
            problems.append(f"participant {number} ({name}): {grade} is outside 0 to {maximum}, which Moodle skips")
            continue
        cell = "" if grade is None else _number(grade, 2, decimal_comma)
        writer.writerow([f"{ENGLISH.participant}{number}", name, cell, _number(maximum, 2, decimal_comma), stamp])
    if problems:
        raise WorksheetError("The worksheet was not written: " + "; ".join(problems) + ".")
    return out.getvalue()


def _read(text: str, start: int, columns: Columns) -> tuple[str, list[Record]]:
    """The delimiter whose header holds the importer's three columns, and the records."""
    needed = (columns.identifier, columns.grade, columns.modified)
    for delimiter in _DELIMITERS:
        records = read_records(text, delimiter, start)
        if records and all(name in [cell.strip() for cell in records[0].values] for name in needed):
            return delimiter, records
    first = text[start:].splitlines()[0][:200] if text[start:].strip() else "nothing"
    raise WorksheetError(f"The worksheet's first line is {first!r}, but Moodle's importer needs the columns "
                         f"{', '.join(repr(n) for n in needed)} (it refuses a file without them). Download the "
                         "worksheet again (the assignment's grading page, Download grading worksheet); on a site "
                         "in another language, give the column names it uses.")


def _participant(value) -> str:
    """The participant id in ``12345``, ``Participant 12345`` or ``Teilnehmer/in12345``; "" if none."""
    match = _PARTICIPANT.search(str(value).strip())
    return str(int(match[1])) if match else ""


def _sort_key(number: str) -> tuple[int, str]:
    return (int(number), number) if number.isdigit() else (math.inf, number)


def _cell(values: list[str], index: int | None) -> str:
    return values[index].strip() if index is not None and index < len(values) else ""


def _why_not(values: list[str], score: float, where: dict[str, int], columns: Columns, width: int,
             comma: bool) -> str:
    """Why Moodle's importer would skip this score (so the cell is left as it is), or ""."""
    if len(values) < width:
        return "its row has fewer cells than the header, which Moodle's importer refuses"
    if not math.isfinite(score) or score < 0:
        return f"the score {score} is not a grade Moodle takes"
    if score == 0 and _cell(values, where.get(columns.status)).startswith(columns.no_submission):
        return "Moodle says there is no submission, and a 0 is not written for work never handed in"
    if _cell(values, where.get(columns.can_change)) == columns.no:
        return "Moodle says its grade cannot be changed (locked or overridden in the gradebook)"
    maximum = _parse_number(_cell(values, where.get(columns.maximum)), comma)
    if maximum is not None and score > maximum + 1e-9:
        return f"the score {score:g} is above the assignment's maximum {maximum:g}, which Moodle's importer skips"
    return ""


def _uses_decimal_comma(records: list[Record], indexes: list[int]) -> bool:
    """Whether the worksheet's own numbers are written with a decimal comma (``100,00``)."""
    for record in records:
        for index in indexes:
            value = _cell(record.values, index)
            if re.fullmatch(r"-?\d+,\d+", value):
                return True
            if re.fullmatch(r"-?\d+\.\d+", value):
                return False
    return False


def _decimals(records: list[Record], index: int | None) -> int:
    """How many decimals Moodle shows (the Maximum Grade cells' own), 2 when unknown."""
    for record in records:
        match = re.fullmatch(r"-?\d+(?:[.,](\d+))?", _cell(record.values, index))
        if match:
            return len(match[1] or "")
    return 2


def _parse_number(text: str, comma: bool) -> float | None:
    try:
        return float(text.replace(",", ".") if comma else text)
    except ValueError:
        return None


def _number(value: float, decimals: int, comma: bool) -> str:
    """``value`` as Moodle writes a grade: ``decimals`` places, more (up to five) when fewer would
    change the grade, with the worksheet's decimal separator."""
    text = f"{value:.{decimals}f}"
    if abs(float(text) - value) > 1e-9:
        text = f"{value:.{_MAX_DECIMALS}f}".rstrip("0").rstrip(".")
    if text.startswith("-") and float(text) == 0:
        text = text[1:]
    return text.replace(".", ",") if comma else text
