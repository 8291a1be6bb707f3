"""Activity 1: the 104 numbered cards of 6 Takes! and their penalty points.

A card is your Elevens Card: rank = the number as text ("1".."104"), suit = "bull",
point value = the card's penalty. Your Elevens Deck then builds the whole pack.
"""

from deck import Deck


def penalty(number: int, scale: str = "school") -> int:
    """The penalty of card ``number`` (1..104).

    school scale (the default, the assignment's table): 55 -> 9; other multiples of 11 -> 7;
    multiples of 10 -> 5; other numbers ending in 5 -> 4; every other card -> 3.
    commercial scale (the published game): 2 points less each (7, 5, 3, 2, 1).
    Raise ValueError for a number outside 1..104 or any other scale.
    """
    raise NotImplementedError("penalty (Activity 1)")


def make_deck(scale: str = "school") -> Deck:
    """A Deck of the 104 cards: ranks "1".."104", one suit "bull", values = penalty(n, scale)."""
    raise NotImplementedError("make_deck (Activity 1)")
