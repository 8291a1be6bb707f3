"""A second correct takes_game.py: deals by slicing a shuffled list, removes picks by index."""

from takes_cards import make_deck
from takes_table import Table
from takes_turn import resolve_turn


class Game:
    def __init__(self, players, rng, turns=7, scale="school"):
        if len(players) < 2 or len(players) > 10 or turns < 1 or turns > 10:
            raise ValueError("2 to 10 players and 1 to 10 turns")
        self.players, self.rng, self.turns, self.scale = players, rng, turns, scale
        self.hands, self.piles, self.table, self.undealt = None, [[] for _ in players], None, []
        self.done = 0

    def setup(self):
        cards = []
        deck = make_deck(self.scale)
        while not deck.is_empty():
            cards.append(deck.deal())
        self.rng.shuffle(cards)
        n = len(self.players)
        self.hands = [cards[10 * i:10 * i + 10] for i in range(n)]
        self.table = Table(cards[10 * n:10 * n + 4], self.scale)
        self.undealt = cards[10 * n + 4:]
        self.piles = [[] for _ in range(n)]
        self.done = 0

    def play_turn(self):
        if self.hands is None:
            self.setup()
        chosen = [p.choose_card(self.hands[i][:], self.table) for i, p in enumerate(self.players)]
        for i, card in enumerate(chosen):
            self.hands[i].pop([id(c) for c in self.hands[i]].index(id(card)))
        taken = resolve_turn(self.table, dict(enumerate(chosen)), lambda s, t: self.players[s].choose_row(t))
        for seat in taken:
            self.piles[seat] += taken[seat]
        self.done += 1
        return taken

    def play(self):
        if self.hands is None:
            self.setup()
        for _ in range(self.turns - self.done):
            self.play_turn()
        return [sum(c.point_value() for c in pile) for pile in self.piles]

    def winners(self):
        scores = [sum(c.point_value() for c in pile) for pile in self.piles]
        low = min(scores)
        return [i for i in range(len(scores)) if scores[i] == low]
