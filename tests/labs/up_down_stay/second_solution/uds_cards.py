"""Up/Down/Stay, Activity 1, written a second time from the handout alone (test data, never handed out)."""

from deck import Deck

NAMES = ["ace"] + [str(number) for number in range(2, 11)] + ["jack", "queen", "king"]


def make_standard_deck() -> Deck:
    return Deck(NAMES, ["clubs", "diamonds", "hearts", "spades"], list(range(1, 14)))


def card_value(card) -> int:
    return card.point_value()
