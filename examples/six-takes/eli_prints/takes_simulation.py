"""Activity 6: many rounds played by computer players, and a more careful player."""

import math
import random

from card import Card
from takes_game import Game
from takes_players import Player, RandomAI, cheapest_row

POLICIES = ("cheapest", "random")


class RandomRowAI(RandomAI):
    """A random card, and for Rule 4 a random row."""

    def choose_row(self, table) -> int:
        return self.rng.randrange(len(table.rows()))


class Counting(Player):
    """Wraps a player to count its Rule-4 takes (only Rule 4 asks a player for a row)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.rule4 = 0

    def choose_card(self, hand, table):
        return self.inner.choose_card(hand, table)

    def choose_row(self, table) -> int:
        self.rule4 += 1
        return self.inner.choose_row(table)


def simulate(num_players: int, turns: int, games: int, rng: random.Random, row_policy: str = "cheapest") -> dict:
    """Play ``games`` rounds of RandomAI players; the mean penalty per player per game, per seat,
    and the mean number of Rule-3 and Rule-4 takes per game."""
    if row_policy not in POLICIES:
        raise ValueError(f"unknown row policy {row_policy!r}: use 'cheapest' or 'random'")
    kind = RandomAI if row_policy == "cheapest" else RandomRowAI
    seat_totals = [0] * num_players
    takes = rule4 = 0
    for _ in range(games):
        players = [Counting(kind(rng)) for _ in range(num_players)]
        game = Game(players, rng, turns)
        game.setup()
        for _ in range(turns):  # turn by turn, to count the takes (only the Game's contract is used)
            takes += sum(1 for cards in game.play_turn().values() if cards)
        for seat, pile in enumerate(game.piles):
            seat_totals[seat] += sum(card.point_value() for card in pile)
        rule4 += sum(player.rule4 for player in players)
    seat_means = [total / games for total in seat_totals]
    return {"mean_score": sum(seat_means) / num_players, "seat_means": seat_means,
            "rule3_takes": (takes - rule4) / games, "rule4_takes": rule4 / games}


class CautiousAI(Player):
    """Plays the card that costs least now: 0 if it joins a row of fewer than 5 cards, the row's
    penalty if it would be the 6th, the cheapest row's penalty if it is too low for every row.
    Ties: the smaller gap to its row's end (too low counts as an infinite gap), then the lower
    number. Rows as RandomAI: the cheapest."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose_card(self, hand: list[Card], table) -> Card:
        rows, ends = table.rows(), table.ends()
        cheapest = min(table.row_penalty(i) for i in range(len(rows)))

        def risk(card: Card) -> tuple:
            number = int(card.rank())
            index = table.target_row(card)
            if index is None:
                return (cheapest, math.inf, number)
            cost = table.row_penalty(index) if len(rows[index]) == 5 else 0
            return (cost, number - ends[index], number)

        return min(hand, key=risk)

    def choose_row(self, table) -> int:
        return cheapest_row(table)
