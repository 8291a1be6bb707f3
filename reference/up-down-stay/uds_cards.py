"""Activity 1: the standard 52-card deck valued for Up/Down/Stay.

Only the number on a card counts: ace 1, 2..10 as printed, jack 11, queen 12, king 13.
Suits never matter. (Elevens valued J, Q and K at 0: that would make every J/Q/K
neighbour look like a "stay".)
"""

from card import Card
from deck import Deck

RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
VALUES = list(range(1, 14))


def make_standard_deck() -> Deck:
    """A shuffled 52-card deck: the 13 ranks in each of 4 suits, valued 1..13."""
    return Deck(RANKS, SUITS, VALUES)


def card_value(card: Card) -> int:
    """The number that counts in this game: the card's point value."""
    return card.point_value()
