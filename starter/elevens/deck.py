"""Activities 2 and 4: a deck of cards that deals by counting down (the lab's Algorithm 2)."""

import random  # you will need random.randint in shuffle (Activity 4)

from card import Card


class Deck:
    def __init__(self, ranks: list[str], suits: list[str], values: list[int]) -> None:
        """Build one Card for each (rank, value) pair in each suit into the list ``self.cards``.

        ranks[i] goes with values[i]. Then remember that every card is undealt, and call
        ``self.shuffle()`` as the last step.
        """
        raise NotImplementedError("Deck.__init__ (Activity 2)")

    def is_empty(self) -> bool:
        """True when no card is left to deal."""
        raise NotImplementedError("Deck.is_empty (Activity 2)")

    def size(self) -> int:
        """How many cards are left to deal."""
        raise NotImplementedError("Deck.size (Activity 2)")

    def deal(self) -> Card | None:
        """None if the deck is empty. Otherwise lower the undealt count by one and return the
        card at that position. Do not remove anything from ``self.cards``."""
        raise NotImplementedError("Deck.deal (Activity 2)")

    def shuffle(self) -> None:
        """Efficient selection shuffle of all the cards, then every card is undealt again."""
        raise NotImplementedError("Deck.shuffle (Activity 4)")

    def __str__(self) -> str:
        """Any readable text that shows the undealt and the dealt cards."""
        raise NotImplementedError("Deck.__str__ (Activity 2)")
