"""Activities 2 and 4: a deck that deals by counting down instead of removing cards."""

import random

from card import Card


class Deck:
    def __init__(self, ranks, suits, values):
        self.cards = []
        for i in range(len(ranks)):
            for suit in suits:
                self.cards.append(Card(ranks[i], suit, values[i]))
        self.left = len(self.cards)
        self.shuffle()

    def is_empty(self):
        return self.size() == 0

    def size(self):
        return self.left

    def deal(self):
        if self.left == 0:
            return None
        self.left = self.left - 1
        return self.cards[self.left]

    def shuffle(self):
        for k in range(len(self.cards)):
            r = random.randrange(k, len(self.cards))
            self.cards[k], self.cards[r] = self.cards[r], self.cards[k]
        self.left = len(self.cards)

    def __str__(self):
        return "Deck: " + str(self.left) + " of " + str(len(self.cards)) + " cards left: " + ", ".join(
            str(card) for card in self.cards[: self.left]
        )

    isEmpty = is_empty
