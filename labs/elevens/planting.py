"""Planting cards on a student's board, and writing boards the way a student reads them.

Suites describe a row of cards in a short notation: ``"5s"`` is the 5 of spades, ``"10h"``,
``"Jd"``, ``"Qc"``, ``"Kh"``, ``"As"``, and ``"_"`` an empty place. Each game values ranks its own
way, so the point values come from the game's table. Cards are made by the reference ``Card``
in the sandbox (a stand-in beside the student's board), and put in ``board.cards`` directly: the
list the starter's board.py (and the AP Board.java) names. Decks are planted through what the lab
fixes too (deck_writes), never through a private field.
"""

from grader_labs.elevens.standard_deck import ELEVENS_POINTS, SHORT
from grader_labs.elevens.standard_deck import RANKS as ORDER

RANKS = {short: rank for rank, short in SHORT.items()}
SUITS = {"s": ("spades", "♠"), "h": ("hearts", "♥"), "d": ("diamonds", "♦"), "c": ("clubs", "♣")}

ELEVENS_VALUES = dict(zip(ORDER, ELEVENS_POINTS))
THIRTEENS_VALUES = dict(zip(ORDER, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0]))
TENS_VALUES = dict(zip(ORDER, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]))


def card_fields(code: str, values: dict[str, int]) -> tuple[str, str, int]:
    rank = RANKS[code[:-1]]
    return rank, SUITS[code[-1]][0], values[rank]


def pretty(codes: list[str]) -> str:
    """``["5s", "_", "Kh"]`` as ``5♠ _ K♥``."""
    return " ".join("_" if code == "_" else code[:-1] + SUITS[code[-1]][1] for code in codes)


def card_calls(student, codes: list[str], values: dict[str, int]) -> list:
    """The sandbox Card(...) calls for ``codes``, not sent yet (none for "_"): to go in a batch
    with other calls (placed gives the cards back in the places of ``codes``)."""
    return [student.card.Card.later(*card_fields(code, values)) for code in codes if code != "_"]


def placed(codes: list[str], made) -> list:
    """The cards ``made`` for ``codes`` (the answers to card_calls, in order) in the places of
    ``codes``: None for "_"."""
    made = iter(made)
    return [None if code == "_" else next(made) for code in codes]


def make_cards(student, codes: list[str], values: dict[str, int]) -> list:
    """The cards for ``codes``, made by the sandbox's Card in one round trip (None for "_")."""
    return placed(codes, student.batch(*card_calls(student, codes, values)))


def plant_later(board, codes: list[str], cards: list):
    """plant's write of ``cards`` (made for ``codes``), not sent yet, to go in a batch. The board
    takes its new name now, as plant gives it once the write is done: make the calls that come
    before the write first (each keeps the name the board had when it was made)."""
    write = board.set_later("cards", cards)
    board.relabel(f"the board {pretty(codes)}")
    return write


def plant(student, board, codes: list[str], values: dict[str, int]) -> list:
    """Put exactly these cards (and empty places) on the board; the planted card objects."""
    cards = make_cards(student, codes, values)
    student.batch(plant_later(board, codes, cards))
    return cards


# Every board's deck holds the lab's 52 cards (the new-board checks grade that).
DECK_CARDS = 52


def deck_writes(deck, cards: list) -> list:
    """plant_deck's calls, not sent yet: ``deck`` (a board's deck) deals exactly ``cards``, first
    card first, and then is empty.

    Only what the lab fixes is used, never a Deck's private fields: the list ``cards`` (the
    starter's deck.py and the AP Deck.java name it), ``shuffle()``, which the guide says makes
    all the cards undealt again, and ``deal()``. The list keeps the deck's 52 places, so a deck
    that remembers its length from the constructor works too: 52 places go in, the shuffle
    makes them all undealt (whatever the deck calls its count: ``_undealt``, ``size``,
    ``_dealt``...), they go in again in the planted order, and the places above the planted
    cards are dealt away. A deck deals from the end of ``cards`` (the guide's Algorithm 2), so
    the first card to deal sits just below them. In the student kit the deck is the student's
    own, so this works on any correct Deck, not only on the reference.
    """
    extra = DECK_CARDS - len(cards)
    order = [*reversed(cards), *([None] * extra)]
    return [deck.set_later("cards", order), deck.shuffle.later(), deck.set_later("cards", list(order)),
            *[deck.deal.later() for _ in range(extra)]]


def plant_deck(student, board, codes: list[str], values: dict[str, int]) -> None:
    """Make the board's deck deal exactly these cards, first code first (deck_writes), in two
    round trips: the deck and the cards, then the deck's calls."""
    deck, *made = student.batch(board.get_later("deck"), *card_calls(student, codes, values))
    student.batch(*deck_writes(deck, placed(codes, made)))
