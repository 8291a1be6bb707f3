"""Activity 3: one turn of 6 Takes!."""

from collections.abc import Callable

from card import Card
from takes_table import Table


def resolve_turn(table: Table, plays: dict[int, Card], choose_row: Callable[[int, Table], int],
                 on_place: Callable | None = None) -> dict[int, list[Card]]:
    """Place every seat's card, smallest number first (not in seat order), each against the rows
    as the cards before it left them.

    A card below every row's end: call choose_row(seat, table) and take that row (Rule 4).
    After each card is placed (and any take), call on_place(seat, card, taken) if given, with
    taken = [] when the card took nothing.
    Return a dict with every seat that played: seat -> the cards it took ([] for none).
    """
    raise NotImplementedError("resolve_turn (Activity 3)")
