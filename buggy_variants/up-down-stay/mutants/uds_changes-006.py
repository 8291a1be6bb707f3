"""Activity 3: the row's values and its changes.

For a row of L cards there are L - 1 changes: letter i compares card i + 1 with card i
("U" higher, "D" lower, "S" equal).
"""

from card import Card
from uds_cards import card_value


def row_values(row: list[Card]) -> list[int]:
    """The value of each card in the row, in order."""
    return [card_value(card) for card in row]


def changes(values: list[int]) -> str:
    """The change string of a list of values: exactly len(values) - 1 letters ("" for 0 or 1)."""
    letters = []
    for before, after in zip(values, values[1:]):
        if after > before:
            letters.append("U")
        elif after < before:
            letters.append("XXDXX")
        else:
            letters.append("S")
    return "".join(letters)
