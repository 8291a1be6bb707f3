"""Activity 3: one turn: every seat's card is placed, smallest number first."""

from collections.abc import Callable

from card import Card
from takes_table import Table


def resolve_turn(table: Table, plays: dict[int, Card], choose_row: Callable[[int, Table], int],
                 on_place: Callable | None = None) -> dict[int, list[Card]]:
    """Place every seat's card in ascending number order (not seat order), each against the rows
    as the cards before it left them. A card lower than every row's end takes the row that
    ``choose_row(seat, table)`` names (Rule 4). ``on_place(seat, card, taken)`` is called after
    each card is placed. Returns seat -> the cards it took, [] for a seat that took nothing."""
    taken: dict[int, list[Card]] = {seat: [] for seat in plays}
    for seat, card in sorted(plays.items()):
        if table.target_row(card) is None:
            got = table.take_row(choose_row(seat, table), card)
        else:
            got = table.place(card)
        taken[seat].extend(got)
        if on_place is not None:
            on_place(seat, card, list(got))
    return taken
