"""Activity 5: one round, its winners, and the playoff for a champion.

A player has predict(hand, num_players) -> str and choose_card(hand, row) -> int (an index
into hand); uds_players.py has two.
"""

import random
from dataclasses import dataclass

from card import Card
from deck import Deck


@dataclass
class RoundResult:
    row: list[Card]
    change_str: str
    predictions: list[str]
    scores: list[int]
    winners: list[int]


def play_round(players: list, deck: Deck) -> RoundResult:
    """Deal equal hands from deck (as it is: do not shuffle it), ask every player for a
    prediction (before any card is placed), then let seats 0, 1, ..., n - 1, 0, 1, ... place one
    card each until every dealt card is in the row; score every prediction as the player
    wrote it (match_score: no validation, even for a prediction longer than a hand)."""
    raise NotImplementedError("play_round (Activity 5)")


def winners(scores: list[int]) -> list[int]:
    """Every seat with the top score, in seat order (all seats when everyone scored 0)."""
    raise NotImplementedError("winners (Activity 5)")


def champion(players: list, rng: random.Random, max_games: int = 100) -> list[int]:
    """Play games among the seats still in (each game with a fresh standard deck put in order
    by rng, e.g. rng.shuffle(deck.cards)); after each game only its winners stay in. Stop when
    one seat is left or max_games games have been played; return the seats still in."""
    raise NotImplementedError("champion (Activity 5)")
