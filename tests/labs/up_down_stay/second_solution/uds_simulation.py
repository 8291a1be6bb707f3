"""Up/Down/Stay, Activity 7 (second solution): how often a prediction matches."""

from uds_cards import make_standard_deck
from uds_game import play_round
from uds_players import HighestPlayer, RandomPlayer
from uds_predictions import find_match


def seated(pred: str, num_players: int, rng, strategy: str) -> list:
    """The players of one game: RandomPlayers, with a HighestPlayer in seat 1 for "highest"."""
    return [HighestPlayer(pred) if strategy == "highest" and seat == 1 else RandomPlayer(rng, pred)
            for seat in range(num_players)]


def matched_once(pred: str, num_players: int, rng, strategy: str) -> bool:
    deck = make_standard_deck()
    rng.shuffle(deck.cards)
    return find_match(pred, play_round(seated(pred, num_players, rng, strategy), deck).change_str) >= 0


def estimate_match_probability(pred, num_players, games, rng, strategy="random") -> float:
    if strategy not in ("random", "highest"):
        raise ValueError(f"unknown strategy {strategy!r}")
    return sum(matched_once(pred, num_players, rng, strategy) for _ in range(games)) / games


# Written answer (not graded): against a lone "U", a longer string wins only when it matches, so
# a short alternating string is safer; against a player who lays high cards, longer pays.
