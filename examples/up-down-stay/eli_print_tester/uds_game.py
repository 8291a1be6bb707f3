"""Activity 5: one round of Up/Down/Stay, its winners, and the playoff for a champion.

The order of a round: deal equal hands; every player writes a prediction (before any card is
placed, so no one sees the row); seats 0, 1, ..., n - 1, 0, 1, ... each place one card until
every dealt card is in the row; score every prediction against the row's changes.
"""

import random
from dataclasses import dataclass

from card import Card
from deck import Deck
from uds_cards import make_standard_deck
from uds_changes import changes, row_values
from uds_deal import deal_hands
from uds_predictions import match_score


@dataclass
class RoundResult:
    row: list[Card]
    change_str: str
    predictions: list[str]
    scores: list[int]
    winners: list[int]


def play_round(players: list, deck: Deck) -> RoundResult:
    """Play one round with these players and this deck (dealt as it is, not shuffled)."""
    hands = deal_hands(deck, len(players))
    # Every prediction is fixed before the first card goes down; players get copies.
    row: list[Card] = []
    for turn in range(sum(len(hand) for hand in hands)):
        seat = turn % len(players)
        index = players[seat].choose_card(list(hands[seat]), list(row))
        row.append(hands[seat].pop(index))
    predictions = [player.predict(list(hand), len(players)) for player, hand in zip(players, hands)]
    change_str = changes(row_values(row))
    scores = [match_score(prediction, change_str) for prediction in predictions]
    return RoundResult(row, change_str, predictions, scores, winners(scores))


def winners(scores: list[int]) -> list[int]:
    """Every seat with the top score (all of them when everyone scored 0)."""
    top = max(scores)
    return [seat for seat, score in enumerate(scores) if score == top]


def champion(players: list, rng: random.Random, max_games: int = 100) -> list[int]:
    """Replay among the tied seats until one is left or ``max_games`` games are played.

    Each game uses a fresh 52-card deck put in order by ``rng``. Returns the seats still in
    (one seat when decided, every still-tied seat when the games run out).
    """
    seats = list(range(len(players)))
    games = 0
    while len(seats) > 1 and games < max_games:
        deck = make_standard_deck()
        rng.shuffle(deck.cards)
        result = play_round([players[seat] for seat in seats], deck)
        seats = [seats[winner] for winner in result.winners]
        games += 1
    return seats
