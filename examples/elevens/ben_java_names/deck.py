import random

from card import Card


class Deck:
    def __init__(self, ranks, suits, values):
        self.cards = []
        for suit in suits:
            for j in range(len(ranks)):
                self.cards.append(Card(ranks[j], suit, values[j]))
        self.deckSize = len(self.cards)
        self.shuffle()

    def isEmpty(self):
        return self.deckSize == 0

    def size(self):
        return self.deckSize

    def deal(self):
        if self.isEmpty():
            return None
        self.deckSize -= 1
        return self.cards[self.deckSize]

    def shuffle(self):
        for k in range(len(self.cards) - 1, 0, -1):
            r = random.randint(0, k)
            self.cards[k], self.cards[r] = self.cards[r], self.cards[k]
        self.deckSize = len(self.cards)

    def toString(self):
        return "size = " + str(self.deckSize)
