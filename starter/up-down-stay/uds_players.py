"""Given players for Up/Down/Stay (handed out with the starter; never graded).

A player has two methods the game calls:

- ``predict(hand, num_players) -> str``: the secret prediction, written once per game after
  the deal and before any card is placed;
- ``choose_card(hand, row) -> int``: the index (into ``hand``) of the card to place next.
"""

import random

from card import Card


class RandomPlayer:
    """Writes a fixed prediction and places a card picked uniformly from its hand with ``rng``."""

    def __init__(self, rng: random.Random, prediction: str) -> None:
        self.rng = rng
        self.prediction = prediction

    def predict(self, hand: list[Card], num_players: int) -> str:
        return self.prediction

    def choose_card(self, hand: list[Card], row: list[Card]) -> int:
        return self.rng.randrange(len(hand))


class HighestPlayer:
    """Writes a fixed prediction and always places its highest card (the first of equal ones)."""

    def __init__(self, prediction: str) -> None:
        self.prediction = prediction

    def predict(self, hand: list[Card], num_players: int) -> str:
        return self.prediction

    def choose_card(self, hand: list[Card], row: list[Card]) -> int:
        best = 0
        for index, card in enumerate(hand):
            if card.point_value() > hand[best].point_value():
                best = index
        return best
