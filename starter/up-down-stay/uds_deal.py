"""Activity 2: dealing equal hands."""

from card import Card
from deck import Deck


def deal_hands(deck: Deck, num_players: int) -> list[list[Card]]:
    """Deal deck.size() // num_players cards to each player, one card at a time around the
    table (seat 0, 1, ..., n - 1, then seat 0 again), with deck.deal().

    The cards that do not divide evenly stay in the deck. Raise ValueError when
    num_players < 2 or num_players > deck.size().
    """
    raise NotImplementedError("deal_hands (Activity 2)")
