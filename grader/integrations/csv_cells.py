"""A CSV reader that remembers where every cell is, so one cell can be changed and every other
byte of the file kept as it was.

Python's ``csv`` module reads values, not layout: writing its rows back changes quoting, line
endings and sometimes delimiters, and a gradebook re-imported into an LMS must differ from the
export only in the cells the grader filled. Here each cell keeps its span in the original text;
``replace_cells`` splices new text into those spans and leaves the rest untouched.

The dialect is RFC 4180's, with any of ``\\r\\n``, ``\\n`` or ``\\r`` ending a record (outside
quotes) and the delimiter given by the caller. A malformed quoted cell (text after the closing
quote) is read leniently, as spreadsheet programs do: the text is kept in the value.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Record:
    """One line of the file (a record may span several lines inside quotes)."""

    values: list[str]  # the cells as a reader sees them: quotes removed, "" turned into "
    spans: list[tuple[int, int]]  # each cell's [start, end) in the text, quotes included


def read_records(text: str, delimiter: str, start: int = 0) -> list[Record]:
    """Every record of ``text`` from ``start`` (past a byte order mark, say)."""
    records: list[Record] = []
    position = start
    while position < len(text):
        record, position = _read_record(text, position, delimiter)
        records.append(record)
    return records


def _read_record(text: str, position: int, delimiter: str) -> tuple[Record, int]:
    values: list[str] = []
    spans: list[tuple[int, int]] = []
    while True:
        value, end = _read_cell(text, position, delimiter)
        values.append(value)
        spans.append((position, end))
        if end >= len(text):
            return Record(values, spans), end
        if text[end] == delimiter:
            position = end + 1
            continue
        # a line ending: \r\n counts as one
        after = end + 2 if text.startswith("\r\n", end) else end + 1
        return Record(values, spans), after


def _read_cell(text: str, position: int, delimiter: str) -> tuple[str, int]:
    """The value of the cell starting at ``position`` and where the cell ends."""
    stops = (delimiter, "\r", "\n")
    if position < len(text) and text[position] == '"':
        parts: list[str] = []
        index = position + 1
        while index < len(text):
            quote = text.find('"', index)
            if quote == -1:  # no closing quote: the rest of the file is the cell
                parts.append(text[index:])
                index = len(text)
                break
            parts.append(text[index:quote])
            if text.startswith('""', quote):
                parts.append('"')
                index = quote + 2
                continue
            index = quote + 1
            break
        while index < len(text) and text[index] not in stops:  # lenient: text after the quote
            parts.append(text[index])
            index += 1
        return "".join(parts), index
    index = position
    while index < len(text) and text[index] not in stops:
        index += 1
    return text[position:index], index


def quote_cell(value: str, delimiter: str, quoted: bool = False) -> str:
    """``value`` as a cell: in quotes when it needs them, or when ``quoted`` (to keep the style
    of the cell it replaces)."""
    if quoted or any(char in value for char in (delimiter, '"', "\r", "\n")) or value != value.strip():
        return '"' + value.replace('"', '""') + '"'
    return value


def replace_cells(text: str, changes: dict[tuple[int, int], str]) -> str:
    """``text`` with each span in ``changes`` replaced by its new raw text (already quoted)."""
    pieces: list[str] = []
    position = 0
    for (start, end), raw in sorted(changes.items()):
        pieces += [text[position:start], raw]
        position = end
    pieces.append(text[position:])
    return "".join(pieces)
