"""Activity 3: the values of a row of cards and its changes."""

from card import Card


def row_values(row: list[Card]) -> list[int]:
    """The value of each card in the row, in order."""
    raise NotImplementedError("row_values (Activity 3)")


def changes(values: list[int]) -> str:
    """One letter per pair of neighbours: "U" if the later value is higher, "D" if lower,
    "S" if equal. A list of L values gives L - 1 letters ("" for 0 or 1 value)."""
    raise NotImplementedError("changes (Activity 3)")
