"""Activity 7: how often does a prediction match? Estimated by playing many rounds.

``strategy="random"``: every seat is a RandomPlayer. ``strategy="highest"``: seat 1 is a
HighestPlayer, every other seat random. The prediction only needs to occur in the row's
changes, so every seat writes it and the change string of each round decides.
"""

import random

from uds_cards import make_standard_deck
from uds_game import play_round
from uds_players import HighestPlayer, RandomPlayer
from uds_predictions import match_score

STRATEGIES = ("random", "highest")


def estimate_match_probability(pred: str, num_players: int, games: int, rng: random.Random,
                               strategy: str = "random") -> float:
    """The fraction of ``games`` rounds whose change string contains ``pred``."""
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {STRATEGIES}, got {strategy!r}")
    if games < 1:
        raise ValueError("games must be at least 1")
    matches = 0
    for _ in range(games):
        players = [RandomPlayer(rng, pred) for _ in range(num_players)]
        if strategy == "highest":
            players[1] = HighestPlayer(pred)
        deck = make_standard_deck()
        rng.shuffle(deck.cards)
        result = play_round(players, deck)
        if match_score(pred, result.change_str) > 0:
            matches += 1
    return matches / games
