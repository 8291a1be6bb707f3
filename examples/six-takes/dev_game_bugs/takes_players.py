"""Given with the lab (not graded): the players a Game seats.

A player sees only its own hand and the table when it picks a card, never another player's
pick this turn (picks are revealed together). ``choose_row`` answers Rule 4: which row to take.
"""

import random

from card import Card


class Player:
    def choose_card(self, hand: list[Card], table) -> Card:
        """One card of ``hand`` to play this turn."""
        raise NotImplementedError

    def choose_row(self, table) -> int:
        """The row to take when this player's card is lower than every row's end."""
        raise NotImplementedError


def cheapest_row(table) -> int:
    """The row with the lowest penalty total; ties: fewer cards, then the lower index."""
    rows = table.rows()
    return min(range(len(rows)), key=lambda i: (table.row_penalty(i), len(rows[i]), i))


class RandomAI(Player):
    """The assignment's "stupid AI": any card of its hand, each equally likely; the cheapest row."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_card(self, hand: list[Card], table) -> Card:
        return hand[self.rng.randrange(len(hand))]

    def choose_row(self, table) -> int:
        return cheapest_row(table)


class HumanPlayer(Player):
    """Plays from the keyboard."""

    def choose_card(self, hand: list[Card], table) -> Card:
        print(table.render_rows() if hasattr(table, "render_rows") else table)
        numbers = [card.rank() for card in hand]
        while True:
            answer = input(f"Your cards: {' '.join(numbers)}. Which do you play? ").strip()
            if answer in numbers:
                return hand[numbers.index(answer)]

    def choose_row(self, table) -> int:
        rows = table.rows()
        while True:
            answer = input(f"Your card is too low. Which row do you take (0-{len(rows) - 1})? ").strip()
            if answer.isdigit() and int(answer) < len(rows):
                return int(answer)
