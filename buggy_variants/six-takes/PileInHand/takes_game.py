"""Activity 4: a whole round of 6 Takes! for 2 to 10 players.

Setup deals 10 cards to each seat and then 4 row starters from what is left; the rest of the
deck sits out (``undealt``). Each turn every seat picks a card seeing only its own hand and the
table, then the picks are placed together, smallest first (Activity 3). Taken cards go to the
seat's penalty pile, never to its hand. The lowest score wins; every tied seat wins.
"""

import random

from card import Card
from takes_cards import make_deck
from takes_players import Player
from takes_table import Table
from takes_turn import resolve_turn

HAND = 10
ROWS = 4


class Game:
    def __init__(self, players: list[Player], rng: random.Random, turns: int = 7, scale: str = "school") -> None:
        if not 2 <= len(players) <= 10:
            raise ValueError(f"6 Takes! needs 2 to 10 players, not {len(players)}")
        if not 1 <= turns <= HAND:
            raise ValueError(f"a round has 1 to {HAND} turns, not {turns}")
        self.players = list(players)
        self.rng = rng
        self.turns = turns
        self.scale = scale
        self.hands: list[list[Card]] = []
        self.piles: list[list[Card]] = [[] for _ in players]
        self.table: Table | None = None
        self.undealt: list[Card] = []
        self.turns_played = 0

    def setup(self) -> None:
        """Shuffle with ``rng``, deal the hands, then the row starters from the cards left."""
        deck = make_deck(self.scale)
        self.rng.shuffle(deck.cards)
        self.hands = [[deck.deal() for _ in range(HAND)] for _ in self.players]
        self.table = Table([deck.deal() for _ in range(ROWS)], self.scale)
        self.undealt = []
        while not deck.is_empty():
            self.undealt.append(deck.deal())
        self.piles = [[] for _ in self.players]
        self.turns_played = 0

    def play_turn(self) -> dict[int, list[Card]]:
        """Every seat picks, then the picks are placed; seat -> the cards it took."""
        if self.table is None:
            self.setup()
        picks = {}
        for seat, player in enumerate(self.players):  # all picks first: nobody sees another's
            card = player.choose_card(list(self.hands[seat]), self.table)
            if not any(card is mine for mine in self.hands[seat]):
                raise ValueError(f"seat {seat} played a card that is not in its hand")
            picks[seat] = card
        for seat, card in picks.items():
            self.hands[seat] = [mine for mine in self.hands[seat] if mine is not card]
        taken = resolve_turn(self.table, picks, lambda seat, table: self.players[seat].choose_row(table))
        for seat, cards in taken.items():
            self.hands[seat].extend(cards)
        self.turns_played += 1
        return taken

    def play(self) -> list[int]:
        """Play the turns that are left; every seat's score."""
        if self.table is None:
            self.setup()
        while self.turns_played < self.turns:
            self.play_turn()
        return self.scores()

    def scores(self) -> list[int]:
        return [sum(card.point_value() for card in pile) for pile in self.piles]

    def winners(self) -> list[int]:
        """Every seat with the lowest score."""
        scores = self.scores()
        return [seat for seat, score in enumerate(scores) if score == min(scores)]
