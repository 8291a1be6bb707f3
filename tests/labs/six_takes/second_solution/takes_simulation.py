"""6 Takes!, Activity 6 (second solution): a turn's rule-4 take is told from the picks and the rows
before it (only the smallest pick can be below every row)."""

import math

from takes_game import Game
from takes_players import Player, RandomAI, cheapest_row


class _Recording(Player):
    """Plays as ``inner`` and remembers the card it played last."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.last = None

    def choose_card(self, hand, table):
        self.last = self.inner.choose_card(hand, table)
        return self.last

    def choose_row(self, table) -> int:
        return self.inner.choose_row(table)


class _RandomRows(RandomAI):
    def choose_row(self, table) -> int:
        return self.rng.randrange(len(table.rows()))


def one_game(players: list, rng, turns: int) -> tuple:
    """Play one game turn by turn: its pile totals, and its rule-3 and rule-4 takes."""
    game = Game(players, rng, turns)
    game.setup()
    rule3 = rule4 = 0
    for _ in range(turns):
        lowest_end = min(game.table.ends())
        takers = sum(1 for cards in game.play_turn().values() if cards)
        too_low = min(int(player.last.rank()) for player in players) < lowest_end
        rule4 += too_low
        rule3 += takers - too_low
    return [sum(card.point_value() for card in pile) for pile in game.piles], rule3, rule4


def simulate(num_players: int, turns: int, games: int, rng, row_policy: str = "cheapest") -> dict:
    kinds = {"cheapest": RandomAI, "random": _RandomRows}
    if row_policy not in kinds:
        raise ValueError(f"unknown row policy {row_policy!r}")
    played = [one_game([_Recording(kinds[row_policy](rng)) for _ in range(num_players)], rng, turns) for _ in range(games)]
    seat_means = [sum(totals[seat] for totals, _, _ in played) / games for seat in range(num_players)]
    return {"mean_score": sum(seat_means) / num_players, "seat_means": seat_means,
            "rule3_takes": sum(r3 for _, r3, _ in played) / games, "rule4_takes": sum(r4 for _, _, r4 in played) / games}


class CautiousAI(Player):
    def __init__(self, rng=None) -> None:
        self.rng = rng

    def choose_card(self, hand, table):
        rows, ends = table.rows(), table.ends()
        cheapest = min(table.row_penalty(i) for i in range(len(rows)))
        best_key, best_card = None, None
        for card in hand:
            number, target = int(card.rank()), table.target_row(card)
            if target is None:
                key = (cheapest, math.inf, number)
            else:
                cost = table.row_penalty(target) if len(rows[target]) == 5 else 0
                key = (cost, number - ends[target], number)
            if best_key is None or key < best_key:
                best_key, best_card = key, card
        return best_card

    def choose_row(self, table) -> int:
        return cheapest_row(table)
