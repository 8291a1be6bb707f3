"""Up/Down/Stay, Activity 3 (second solution)."""

from uds_cards import card_value


def row_values(row) -> list:
    return list(map(card_value, row))


def changes(values) -> str:
    letters = {1: "U", -1: "D", 0: "S"}
    return "".join(letters[(b > a) - (b < a)] for a, b in zip(values, values[1:]))
