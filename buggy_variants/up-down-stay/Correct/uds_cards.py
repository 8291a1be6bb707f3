"""Activity 1: the standard deck, valued by number (ace low, king 13)."""

from card import Card
from deck import Deck

_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")


def make_standard_deck() -> Deck:
    suits = ["clubs", "diamonds", "hearts", "spades"]
    return Deck(list(_NAMES), suits, [n + 1 for n in range(len(_NAMES))])


def card_value(card: Card) -> int:
    value = card.point_value()
    return int(value)
