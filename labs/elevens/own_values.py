"""A board's own point values, where the guide leaves them to the student (games.Rules.open_ranks).

The guide values Thirteens' ace to queen 1 to 12 and says only that kings are removed singly;
most students write 13 for the king, the starter 0, and the game plays the same either way,
because no card pairs with it. A student's board may also find its kings by that value. So the
board checks plant cards with the values the student's own board deals (read from a new board's
deck, through the lab's public names: ``deck``, ``cards``, ``rank()``, ``point_value()``), as
long as they keep the guide's plays (``Rules.with_values``); otherwise with the lab's values, and
the new-board check says what is wrong.
"""

from grader_labs.elevens.games import Rules
from grader_labs.elevens.standard_deck import SHORT


def values_of(fields: list) -> dict[str, int] | None:
    """Short rank -> point value from ``[rank, point value, rank, point value, ...]`` read off a
    deck's cards; None when a rank is not the lab's or one rank has two values."""
    values: dict[str, int] = {}
    for rank, value in zip(fields[::2], fields[1::2]):
        short = SHORT.get(rank) if isinstance(rank, str) else None
        if short is None or type(value) is not int or values.setdefault(short, value) != value:
            return None
    return values


def own_rules(student, board, rules: Rules) -> Rules:
    """``rules`` with the point values ``board``'s deck deals, when the guide leaves them open and
    they keep its plays; else ``rules`` unchanged. Two round trips, and none for a game whose
    values are all fixed (Elevens)."""
    if not rules.open_ranks:
        return rules
    try:
        (cards,) = student.batch(board.get_later("deck"))
        cards = cards.get("cards")
        fields = student.batch(*[getter.later() for card in cards for getter in (card.rank, card.point_value)])
    except Exception:  # noqa: BLE001 - a board without a readable deck: the checks that follow say so
        return rules
    values = values_of(list(fields))
    return (rules.with_values(values) if values else None) or rules
