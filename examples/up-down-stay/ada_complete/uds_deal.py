"""Activity 2: dealing equal hands.

Every player gets ``size // num_players`` cards, dealt one at a time around the table with
``deck.deal()``. Whatever does not divide evenly stays in the deck and is never played, so
every hand has the same number of cards.
"""

from card import Card
from deck import Deck


def deal_hands(deck: Deck, num_players: int) -> list[list[Card]]:
    """Deal equal hands round-robin; ValueError unless 2 <= num_players <= deck.size()."""
    if num_players < 2 or num_players > deck.size():
        raise ValueError(f"need 2 to {deck.size()} players, got {num_players}")
    per_hand = deck.size() // num_players
    hands: list[list[Card]] = [[] for _ in range(num_players)]
    for _ in range(per_hand):
        for hand in hands:
            hand.append(deck.deal())
    return hands
