"""Activity 6: many rounds played by computer players, and a more careful player."""

import random

from card import Card
from takes_game import Game  # noqa: F401 - for your code
from takes_players import Player, RandomAI  # noqa: F401 - for your code


def simulate(num_players: int, turns: int, games: int, rng: random.Random, row_policy: str = "cheapest") -> dict:
    """Play ``games`` rounds of RandomAI players. row_policy "cheapest": Rule-4 rows as RandomAI
    picks them; "random": a random row. Return a dict with mean_score (mean penalty per player
    per game), seat_means (a list, per seat), rule3_takes and rule4_takes (the number of
    rule-3, and of rule-4, takes in a game, all players together, averaged over the games)."""
    raise NotImplementedError("simulate (Activity 6)")


class CautiousAI(Player):
    """For each card in hand: cost 0 if it joins a row of fewer than 5 cards, the row's penalty if
    it would be the 6th, the cheapest row's penalty if it is too low. Play the card with the
    smallest (cost, gap to its row's end (too low: infinite), number). Rows as RandomAI."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose_card(self, hand: list[Card], table) -> Card:
        raise NotImplementedError("CautiousAI.choose_card (Activity 6)")

    def choose_row(self, table) -> int:
        raise NotImplementedError("CautiousAI.choose_row (Activity 6)")
