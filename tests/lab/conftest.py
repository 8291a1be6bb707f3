import random

import pytest

from tests.lab_loader import load_lab

SUIT_SYMBOLS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


@pytest.fixture(scope="session")
def ref():
    """The reference modules, by name: ``ref["deck"].Deck``."""
    return load_lab("reference/elevens")


@pytest.fixture(autouse=True)
def seeded():
    random.seed(20261122)


def parse_card(text: str, card_class, point_values: dict[str, int]):
    """'10♦' -> Card('10', 'diamonds', point_values['10'])."""
    rank = RANK_NAMES.get(text[:-1], text[:-1])
    return card_class(rank, SUIT_SYMBOLS[text[-1]], point_values[rank])


def stack_deck(board, deal_order: list) -> None:
    """Make ``board`` start over with a deck that deals ``deal_order`` first to last.

    The reference deck deals from the end of its ``cards`` list down to the front, so the list
    is stored reversed. Used only on the reference, whose private count we may set.
    """
    board.deck.cards = list(reversed(deal_order))
    board.deck._undealt = len(deal_order)
    board.cards = [None] * board.size()
    board._deal_my_cards()
