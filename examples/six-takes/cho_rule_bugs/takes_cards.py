"""Activity 1: the 104 numbered cards of 6 Takes! and their penalty points.

A card is the Elevens ``Card``: its rank is the number as text ("1".."104"), its one suit is
"bull", its point value is its penalty. So the Elevens ``Deck`` builds the whole pack unchanged.
"""

from deck import Deck

SCALES = ("school", "commercial")
SUIT = "bull"


def penalty(number: int, scale: str = "school") -> int:
    """The penalty of card ``number`` (1..104) on the ``school`` scale (3..9, the assignment's
    table) or the ``commercial`` one (1..7, the published game). The school scale is the
    commercial one plus 2. ValueError for any other number or scale."""
    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}: use 'school' or 'commercial'")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 104:
        raise ValueError(f"there is no card {number!r}: cards are numbered 1 to 104")
    if number % 11 == 0:
        heads = 5
    elif number == 55:
        heads = 7
    elif number % 10 == 0:
        heads = 3
    elif number % 5 == 0:
        heads = 2
    else:
        heads = 1
    return heads + 2 if scale == "school" else heads


def make_deck(scale: str = "school") -> Deck:
    """All 104 cards, one suit "bull", each worth its penalty on ``scale``."""
    numbers = range(1, 105)
    return Deck([str(n) for n in numbers], [SUIT], [penalty(n, scale) for n in numbers])
