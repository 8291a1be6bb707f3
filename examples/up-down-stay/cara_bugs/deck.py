"""Activities 2 and 4: a deck that deals by counting down instead of removing cards.

The lab's "Algorithm 2": every card stays in ``cards`` for the life of the deck. ``_undealt``
counts the cards not yet dealt; dealing lowers it by one and returns the card at that position,
so ``cards[_undealt:]`` are the dealt cards and a shuffle can bring them all back.
"""

import random

from card import Card


class Deck:
    def __init__(self, ranks: list[str], suits: list[str], values: list[int]) -> None:
        # One card for each (rank, value) pair, in each suit; suits form the outer loop.
        self.cards: list[Card] = [
            Card(rank, suit, value) for suit in suits for rank, value in zip(ranks, values)
        ]
        self._undealt = len(self.cards)
        self.shuffle()

    def is_empty(self) -> bool:
        return self._undealt == 0

    def size(self) -> int:
        """How many cards are left to deal (not how many the deck was built with)."""
        return self._undealt

    def deal(self) -> Card | None:
        if self.is_empty():
            return None
        self._undealt -= 1
        return self.cards[self._undealt]

    def shuffle(self) -> None:
        """Efficient selection shuffle of *all* cards, dealt or not, then a full deck again."""
        for k in range(len(self.cards) - 1, 0, -1):
            r = random.randint(0, k)  # 0..k inclusive: every order equally likely
            self.cards[k], self.cards[r] = self.cards[r], self.cards[k]
        self._undealt = len(self.cards)

    def __str__(self) -> str:
        undealt = ", ".join(str(card) for card in reversed(self.cards[: self._undealt]))
        dealt = ", ".join(str(card) for card in reversed(self.cards[self._undealt :]))
        return f"size = {self._undealt}\nUndealt cards:\n{undealt}\nDealt cards:\n{dealt}"

    isEmpty = is_empty
    toString = __str__
