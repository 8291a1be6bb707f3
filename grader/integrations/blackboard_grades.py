"""The file a teacher uploads to Blackboard Learn's Grade Center (Work Offline, Upload), with the
grader's scores in one column.

What Blackboard documents ("Work Offline With Grade Data",
https://help.blackboard.com/Learn/Instructor/Original/Grade/Grading_Tasks/Work_Offline_With_Grade_Data,
and the older "Uploading or Downloading Grade Center Items for Working Offline",
http://library.blackboard.com/ref/3ea64795-6ecc-4abd-b595-0a9a8dfdec94/Content/_instructor_grade_center/grade_center_upload_download.htm):

- a row is matched to a student by the **Username** column, a column to a Grade Center column by
  the **column ID** its header ends with (``Lab 3 [Total Pts: 166 Score] |123456``); a column
  without an ID creates a new *text* column worth 0 points, which totals leave out;
- a header row, then one record per line; tab-delimited files have the extension ``.xls`` and
  need no quotes; in comma-delimited ``.csv`` files every cell must be in quotes; the upload's
  "Auto" delimiter setting tells them apart; a calculated column (its header says ``up to``,
  like ``Total [Total Pts: up to 500 Score] |1234``) cannot be uploaded to.

What the Full Grade Center download looks like (the file ``fill_downloaded`` fills): tab-delimited
UTF-16 text named ``.xls`` (a public script reads it with ``encoding="utf-16"`` and
``delimiter="\\t"``), or, with "Comma", UTF-8 with a byte order mark, every cell quoted and LF
line ends; the first columns are ``Last Name``, ``First Name``, ``Username``, ``Student ID``,
``Last Access``, ``Availability`` (nbeaver/offline-grades-upload, 01.tsv and readme.rst, shows
the header form ``"Last Name"	"First Name"	"Username"	"Quiz 3 [Total Pts: 10] |664617"``).

``fill_downloaded`` changes one column of such a download and nothing else: every other byte,
quote, delimiter and line ending stays (csv_cells.py), so Blackboard's upload preview shows one
changed column. ``new_upload`` writes a fresh comma-delimited file with every cell quoted, for
a teacher without a download. Both are pure: ``decode``/``encode`` turn bytes into text and back
in the file's own encoding. Names are written as the LMS gave them: Blackboard matches on the
username, and a name is never a formula to it.
"""

import csv
import difflib
import io
import math
import re
from dataclasses import dataclass, field

from grader.integrations.csv_cells import Record, quote_cell, read_records, replace_cells
from grader.reporters.wording import points

_BOM = "\ufeff"
COLUMN_HEADER = re.compile(r"^(?P<title>.*?)\s*\[Total Pts: (?P<points>[^\]]*)\]\s*\|(?P<id>\d+)\s*$")
_NUMBER = re.compile(r"^-?\d+(?:\.(?P<decimals>\d+))?$")


class BlackboardGradesError(ValueError):
    """The file or the column cannot be used: the message says what, the rule and the fix."""


@dataclass
class FillResult:
    """What ``fill_downloaded`` did, for the terminal."""

    text: str  # the whole file, ready for ``encode``
    column: str  # the column's whole header
    written: list[tuple[str, str]] = field(default_factory=list)  # username, score as written
    unmatched: list[str] = field(default_factory=list)  # usernames with a score but no row
    no_score: list[tuple[str, str]] = field(default_factory=list)  # username, name: rows left as they were


def decode(data: bytes) -> tuple[str, str]:
    """(text, encoding) of a downloaded Grade Center file: UTF-16 (the .xls) or UTF-8 by its byte
    order mark, UTF-8 without one, else Windows-1252 (a file Excel saved). A byte order mark
    stays in the text as U+FEFF, so ``encode`` writes it back."""
    for mark, encoding in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"), (b"\xef\xbb\xbf", "utf-8")):
        if data.startswith(mark):
            return data.decode(encoding), encoding
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), "cp1252"


def encode(text: str, encoding: str) -> bytes:
    """``text`` as bytes in ``encoding`` (the one ``decode`` found)."""
    return text.encode(encoding, errors="replace" if encoding == "cp1252" else "strict")


def format_score(score: float, decimals: int | None = None) -> str:
    """A score as a cell: with ``decimals`` fixed when the column already uses them ("85.00"),
    else at most two, no trailing zeros ("85", "82.5")."""
    if not math.isfinite(score):
        raise BlackboardGradesError(f"the score {score!r} is not a number Blackboard can take")
    return f"{round(score, decimals):.{decimals}f}" if decimals is not None else points(score)


def fill_downloaded(text: str, column: str, scores: dict[str, float]) -> FillResult:
    """A Grade Center download (as ``decode`` gives it) with ``column`` filled from ``scores``
    (username -> points), matched on the Username column (trimmed, any case)."""
    start = 1 if text.startswith(_BOM) else 0
    delimiter, records = _read(text, start)
    header = [value.strip() for value in records[0].values]
    user = _index(header, "Username")
    if user is None:
        raise BlackboardGradesError("the file has no Username column, which Blackboard matches students by. Download "
                                    "it again from the Full Grade Center: Work Offline, Download, with the user "
                                    "information included.")
    target = _find_column(header, column)
    wanted = {name.strip().casefold(): (name, score) for name, score in scores.items()}
    rows = [record for record in records[1:] if any(value.strip() for value in record.values)]
    decimals = _decimals([record.values[target] for record in rows if target < len(record.values)])
    result = FillResult(text, header[target])
    changes: dict[tuple[int, int], str] = {}
    seen: set[str] = set()
    for record in rows:
        username = _cell(record, user)
        if username.casefold() not in wanted:
            result.no_score.append((username, _student_name(header, record)))
            continue
        seen.add(username.casefold())
        if target >= len(record.spans):
            raise BlackboardGradesError(f"the row of {username!r} is shorter than the header; download the file again")
        cell = format_score(wanted[username.casefold()][1], decimals)
        begin, end = record.spans[target]
        changes[(begin, end)] = quote_cell(cell, delimiter, quoted=text.startswith('"', begin) and end > begin)
        result.written.append((username, cell))
    result.unmatched = [name for key, (name, _) in wanted.items() if key not in seen]
    result.text = replace_cells(text, changes)
    return result


def new_upload(column: str, rows: list[tuple[str, str, str, float]]) -> str:
    """A comma-delimited upload file: ``Last Name, First Name, Username, <column>``, one row per
    (last name, first name, username, score), every cell quoted, UTF-8 with a byte order mark
    (as Blackboard's own comma download) and CRLF line ends. Give ``column`` the whole header
    of an existing column (``Lab 3 [Total Pts: 166 Score] |123456``) to fill it; a header
    without ``|id`` makes Blackboard create a new text column worth 0 points."""
    if not column.strip() or any(char in column for char in "\r\n"):
        raise BlackboardGradesError(f"the column name {column!r} cannot be a header; give the column's header as "
                                    "the Grade Center download has it, e.g. 'Lab 3 [Total Pts: 166 Score] |123456'")
    header = COLUMN_HEADER.match(column.strip())
    if header and "up to" in header["points"]:
        raise BlackboardGradesError(f"{column!r} is a calculated column (its points say 'up to'); Blackboard takes no "
                                    "upload into it. Choose the assignment's own column.")
    seen: dict[str, int] = {}
    for number, (_, _, username, _) in enumerate(rows, start=1):
        key = username.strip().casefold()
        if not key:
            raise BlackboardGradesError(f"row {number} has no username; Blackboard matches rows by username only")
        if key in seen:
            raise BlackboardGradesError(f"rows {seen[key]} and {number} have the same username {username!r}; "
                                        "keep one score per student")
        seen[key] = number
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    writer.writerow(["Last Name", "First Name", "Username", column.strip()])
    for last, first, username, score in rows:
        writer.writerow([last, first, username.strip(), format_score(score)])
    return _BOM + out.getvalue()


def _read(text: str, start: int) -> tuple[str, list[Record]]:
    """(delimiter, records): the delimiter whose header row holds a Username column, else the
    one the first line holds more of."""
    if not text[start:].strip():
        raise BlackboardGradesError("the file is empty; download the Full Grade Center again (Work Offline, Download)")
    tried = []
    for delimiter in ("\t", ","):
        records = read_records(text, delimiter, start)
        if _index([value.strip() for value in records[0].values], "Username") is not None:
            return delimiter, records
        tried.append((len(records[0].values), delimiter, records))
    return max(tried, key=lambda entry: entry[0])[1:]


def _index(header: list[str], name: str) -> int | None:
    return next((i for i, value in enumerate(header) if value.casefold() == name.casefold()), None)


def _find_column(header: list[str], wanted: str) -> int:
    """The column ``wanted`` names: its whole header, its title alone (any case) or its column ID."""
    gradable = {i: match for i, value in enumerate(header) if (match := COLUMN_HEADER.match(value))}
    key = wanted.strip()
    for found in ([i for i in gradable if header[i] == key],
                  [i for i, m in gradable.items() if m["title"].casefold() == key.casefold()],
                  [i for i, m in gradable.items() if m["id"] == key.lstrip("|").strip()]):
        if len(found) > 1:
            listed = _listing([header[i] for i in found])
            raise BlackboardGradesError(f"{wanted!r} names {len(found)} columns: {listed}. "
                                        "Give the whole header, with the |number at its end.")
        if found:
            if "up to" in gradable[found[0]]["points"]:
                raise BlackboardGradesError(f"{header[found[0]]!r} is a calculated column (its points say 'up to'); "
                                            "Blackboard takes no upload into it. Choose the assignment's own column.")
            return found[0]
    names = [header[i] for i in gradable]
    titles = {match["title"]: header[i] for i, match in gradable.items()}
    close = difflib.get_close_matches(key, list(titles), n=1, cutoff=0.4)
    hint = f" The closest is {titles[close[0]]!r}." if close else ""
    raise BlackboardGradesError(f"the file has no column {wanted!r}.{hint} Its columns with an ID: "
                                f"{_listing(names) or 'none'}. Give one of them as the download's first row has it; "
                                "create the column in the Grade Center first if it is not there.")


def _decimals(cells: list[str]) -> int | None:
    """The fixed number of decimals the column's numbers share ("2.00", "0.50": 2), or None."""
    counts = {len(match["decimals"] or "") for cell in cells if (match := _NUMBER.match(cell.strip()))}
    return counts.pop() if len(counts) == 1 and 0 not in counts else None


def _cell(record: Record, index: int) -> str:
    return record.values[index].strip() if index < len(record.values) else ""


def _student_name(header: list[str], record: Record) -> str:
    first, last = _index(header, "First Name"), _index(header, "Last Name")
    return " ".join(part for part in (_cell(record, first) if first is not None else "",
                                      _cell(record, last) if last is not None else "") if part)


def _listing(names: list[str]) -> str:
    return ", ".join(repr(name) for name in names)
