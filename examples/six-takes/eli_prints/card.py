"""Activity 1: a playing card that knows its rank, suit and point value."""


class Card:
    """One card. Two cards *match* when rank, suit and point value are all equal."""

    def __init__(self, rank: str, suit: str, point_value: int) -> None:
        self._rank = rank
        self._suit = suit
        self._point_value = point_value

    def rank(self) -> str:
        return self._rank

    def suit(self) -> str:
        return self._suit

    def point_value(self) -> int:
        return self._point_value

    def matches(self, other: "Card") -> bool:
        return (
            self._rank == other.rank()
            and self._suit == other.suit()
            and self._point_value == other.point_value()
        )

    def __str__(self) -> str:
        return f"{self._rank} of {self._suit} (point value = {self._point_value})"

    def __repr__(self) -> str:
        return f"Card({self._rank!r}, {self._suit!r}, {self._point_value!r})"

    # The Java lab's names, for students and stand-ins that call them.
    pointValue = point_value
    toString = __str__
