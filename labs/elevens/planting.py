"""Planting cards on a student's board, and writing boards the way a student reads them.

Suites describe a row of cards in a short notation: ``"5s"`` is the 5 of spades, ``"10h"``,
``"Jd"``, ``"Qc"``, ``"Kh"``, ``"As"``, and ``"_"`` an empty place. Each game values ranks its own
way, so the point values come from the game's table. Cards are made by the reference ``Card``
in the sandbox (a stand-in beside the student's board), and put in ``board.cards`` directly.
"""

from grader_labs.elevens.standard_deck import ELEVENS_POINTS, SHORT
from grader_labs.elevens.standard_deck import RANKS as ORDER

RANKS = {short: rank for rank, short in SHORT.items()}
SUITS = {"s": ("spades", "♠"), "h": ("hearts", "♥"), "d": ("diamonds", "♦"), "c": ("clubs", "♣")}

ELEVENS_VALUES = dict(zip(ORDER, ELEVENS_POINTS))
THIRTEENS_VALUES = dict(zip(ORDER, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0]))
# Where each language's reference Deck keeps its count of undealt cards (plant_deck).
UNDEALT_FIELD = {"python": "_undealt", "java": "size"}
TENS_VALUES = dict(zip(ORDER, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]))


def card_fields(code: str, values: dict[str, int]) -> tuple[str, str, int]:
    rank = RANKS[code[:-1]]
    return rank, SUITS[code[-1]][0], values[rank]


def pretty(codes: list[str]) -> str:
    """``["5s", "_", "Kh"]`` as ``5♠ _ K♥``."""
    return " ".join("_" if code == "_" else code[:-1] + SUITS[code[-1]][1] for code in codes)


def make_cards(student, codes: list[str], values: dict[str, int]) -> list:
    """The cards for ``codes``, made by the sandbox's Card in one round trip (None for "_")."""
    made = iter(student.batch(*[student.card.Card.later(*card_fields(code, values)) for code in codes if code != "_"]))
    return [None if code == "_" else next(made) for code in codes]


def plant(student, board, codes: list[str], values: dict[str, int]) -> list:
    """Put exactly these cards (and empty places) on the board; the planted card objects."""
    cards = make_cards(student, codes, values)
    board.set("cards", cards)
    board.relabel(f"the board {pretty(codes)}")
    return cards


def plant_deck(student, board, codes: list[str], values: dict[str, int]) -> None:
    """Make the board's (reference) deck deal exactly these cards, first code first.

    The reference Deck deals from the end of ``cards`` and keeps its count in a field of its own:
    ``_undealt`` in the Python reference, ``size`` in the Java one (reference/elevens/java/).
    """
    deck = board.get("deck")
    deck.set("cards", list(reversed(make_cards(student, codes, values))))
    deck.set(UNDEALT_FIELD[getattr(student.link, "language", "python")], len(codes))
