"""Reading the share of games won from what a Java ElevensSimulation's main printed.

The College Board's ElevensSimulation has only a ``main``: it plays ``GAMES_TO_PLAY`` games and
prints three lines, ``Games won:    14``, ``Games played: 130`` and ``Percent won:  10.8%``
(rounded to a tenth of a percent). Students keep that wording or write their own (``wins =
14``, ``percentage = 10.77``, ``Won 10.77% of 130 games``). When the grader runs such a main
for ``simulate(n)`` (grader/java/program.py), this module reads the answer, in this order:

1. a count of games won (a line that says won or wins, with a whole number and no ``%``),
   divided by the games played if a line says so (``played``), else by n: exact;
2. else a percentage (a number followed by ``%``, or on a line that says percent): divided by
   100, then, since it was rounded when printed, taken as the fraction k/n closest to it among
   those that round to what was printed, so 10.8% of 130 games reads as 14/130;
3. else a fraction (a number from 0 to 1 on a line that says fraction, rate, ratio or
   probability), matched to k/n the same way.

The first line of each kind counts (a main that prints several runs is read by its first).
Games played 0 reads as 0.0 (what ``simulate(0)`` answers in the advisory check: the guide never
asks for zero games).
"""

import re

NUMBER = r"(-?\d+(?:\.\d+)?(?:[eE]-?\d+)?)"
WON = re.compile(r"\b(won|wins?|winning games)\b", re.IGNORECASE)
PLAYED = re.compile(r"\bplayed\b", re.IGNORECASE)
PERCENT_WORD = re.compile(r"percent|%", re.IGNORECASE)
FRACTION_WORD = re.compile(r"\b(fraction|rate|ratio|probability|proportion)\b", re.IGNORECASE)
WHOLE = re.compile(r"(?<![\d.])(\d+)(?![\d.])")
DECIMAL = re.compile(NUMBER)
PERCENTAGE = re.compile(NUMBER + r"\s*%")


def read_share_won(text: str, games: int) -> tuple[float | None, str]:
    """The fraction of games won that ``text`` reports for a run of ``games`` games, and what
    was read, in words; (None, why) when nothing could be read."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return None, "it printed nothing"
    won = _first(lines, lambda line: WON.search(line) and WHOLE.search(line) and not PERCENT_WORD.search(line)
                 and not FRACTION_WORD.search(line))
    if won is not None:
        wins = int(_whole(won))
        played_line = _first(lines, lambda line: PLAYED.search(line) and not WON.search(line) and WHOLE.search(line))
        played = int(_whole(played_line)) if played_line is not None else games
        share = wins / played if played > 0 else 0.0
        said = _quote(won) + (f" and {_quote(played_line)}" if played_line is not None else f", of {games} games")
        return share, f"{said}, so {wins} of {played} games won ({share:.4g})"
    percent_line = _first(lines, lambda line: PERCENTAGE.search(line) or ("percent" in line.lower() and DECIMAL.search(line)))
    if percent_line is not None:
        after = percent_line.lower().split("percent", 1)[-1]
        match = PERCENTAGE.search(percent_line) or DECIMAL.search(after) or DECIMAL.search(percent_line)
        printed = match.group(1)
        share = _nearest_share(float(printed) / 100, _places(printed) + 2, games)
        return share, f"{_quote(percent_line)}, read as {printed}% of {games} games ({share:.4g})"
    fraction_line = _first(lines, lambda line: FRACTION_WORD.search(line) and DECIMAL.search(line))
    if fraction_line is not None:
        printed = DECIMAL.search(fraction_line[FRACTION_WORD.search(fraction_line).end():] or fraction_line)
        printed = printed or DECIMAL.search(fraction_line)
        value = float(printed.group(1))
        if 0 <= value <= 1:
            share = _nearest_share(value, _places(printed.group(1)), games)
            return share, f"{_quote(fraction_line)}, read as a fraction of {games} games ({share:.4g})"
    return None, f"no line says how many games were won, or what percent; its first line was {_quote(lines[0])}"


def _quote(line: str) -> str:
    return "“" + (line if len(line) <= 80 else line[:77] + "...") + "”"


def _first(lines: list[str], test) -> str | None:
    return next((line for line in lines if test(line)), None)


def _whole(line: str) -> str:
    """The whole number after the word (``Games won: 14``), else the first in the line (``14 wins``)."""
    keyword = WON.search(line) or PLAYED.search(line)
    after = WHOLE.search(line[keyword.end():]) if keyword else None
    return (after or WHOLE.search(line)).group(1)


def _places(printed: str) -> int:
    return len(printed.split(".", 1)[1]) if "." in printed and "e" not in printed.lower() else 0


def _nearest_share(value: float, places: int, games: int) -> float:
    """``value`` as printed with ``places`` decimals (a fraction), as the k/games closest to it
    among those that print the same; ``value`` itself when none does (or no games)."""
    if games <= 0:
        return 0.0 if value == 0 else value
    half = 0.5 * 10 ** -places + 1e-12
    k = round(value * games)
    candidates = [c for c in (k - 1, k, k + 1) if 0 <= c <= games and abs(c / games - value) <= half]
    if not candidates:
        return value
    return min(candidates, key=lambda c: abs(c / games - value)) / games
