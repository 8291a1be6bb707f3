"""Activity 1: the standard 52-card deck, valued for Up/Down/Stay.

Reuse your Elevens Card and Deck unchanged. Only a card's number counts in this game:
ace 1, 2..10 as printed, jack 11, queen 12, king 13 (not 0 as in Elevens). Suits never matter.
"""

from card import Card
from deck import Deck


def make_standard_deck() -> Deck:
    """A 52-card Deck: ranks "ace", "2", ..., "10", "jack", "queen", "king" in 4 suits, valued 1..13."""
    raise NotImplementedError("make_standard_deck (Activity 1)")


def card_value(card: Card) -> int:
    """The number that counts in this game (the card's point value)."""
    raise NotImplementedError("card_value (Activity 1)")
