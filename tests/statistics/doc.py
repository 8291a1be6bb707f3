"""docs/statistics.md as data: its tables by their first column's heading, and the number formats
the page uses, so the tests can hold every figure on the page to what the code computes."""

import math
from functools import lru_cache

from tests.lab_loader import ROOT

PAGE = ROOT / "docs" / "statistics.md"
SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


@lru_cache(maxsize=1)
def text() -> str:
    return PAGE.read_text(encoding="utf-8")


def tables(first_heading: str) -> list[list[dict[str, str]]]:
    """Every table whose first column is headed ``first_heading``, in page order; each row a
    dict from column heading to cell."""
    found, lines = [], text().splitlines()
    for number, line in enumerate(lines[:-1]):
        cells = _cells(line)
        if cells and cells[0] == first_heading and lines[number + 1].startswith("|---"):
            rows = []
            for row in lines[number + 2:]:
                if not row.startswith("|"):
                    break
                rows.append(dict(zip(cells, _cells(row))))
            found.append(rows)
    return found


def table(first_heading: str) -> list[dict[str, str]]:
    """The first table whose first column is headed ``first_heading``."""
    found = tables(first_heading)
    if not found:
        raise LookupError(f"docs/statistics.md has no table headed {first_heading!r}")
    return found[0]


def _cells(line: str) -> list[str]:
    if not line.startswith("|"):
        return []
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def sci(x: float) -> str:
    """2.2 × 10⁻³⁸ (one decimal), or 0."""
    if x == 0:
        return "0"
    exponent = math.floor(math.log10(x))
    mantissa = round(x / 10 ** exponent, 1)
    if mantissa >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.1f} × 10{str(exponent).translate(SUPERSCRIPT)}"


def chance_of_failing(passes: float, digits: int = 5) -> str:
    """A power as the page writes it from the chance of passing: 1, 1 − 2.2 × 10⁻³⁸ or 0.99904."""
    if passes == 0:
        return "1"
    if passes < 1e-6:
        return f"1 − {sci(passes)}"
    return f"{1 - passes:.{digits}f}"


def number(cell: str) -> float:
    """The first number in a cell: '3,266' -> 3266, '55.5%' -> 0.555."""
    word = cell.replace("*", "").split()[0]
    if word.endswith("%"):
        return float(word[:-1].replace(",", "")) / 100
    return float(word.replace(",", ""))
