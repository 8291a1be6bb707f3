"""Activity 1: a playing card. Replace each ``raise NotImplementedError`` with your code."""


class Card:
    def __init__(self, rank: str, suit: str, point_value: int) -> None:
        """Remember the card's rank ("ace", "2", ..., "king"), suit and point value."""
        raise NotImplementedError("Card.__init__ (Activity 1)")

    def rank(self) -> str:
        """The rank this card was made with."""
        raise NotImplementedError("Card.rank (Activity 1)")

    def suit(self) -> str:
        """The suit this card was made with."""
        raise NotImplementedError("Card.suit (Activity 1)")

    def point_value(self) -> int:
        """The point value this card was made with."""
        raise NotImplementedError("Card.point_value (Activity 1)")

    def matches(self, other: "Card") -> bool:
        """True only when rank, suit AND point value are all the same as ``other``'s."""
        raise NotImplementedError("Card.matches (Activity 1)")

    def __str__(self) -> str:
        """Exactly like ``ace of hearts (point value = 1)``."""
        raise NotImplementedError("Card.__str__ (Activity 1)")
