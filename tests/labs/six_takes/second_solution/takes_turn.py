"""6 Takes!, Activity 3 (second solution): place() decides, a too-low card falls back to rule 4."""


def resolve_turn(table, plays, choose_row, on_place=None) -> dict:
    taken = {seat: [] for seat in plays}
    for seat in sorted(plays, key=lambda s: int(plays[s].rank())):
        card = plays[seat]
        try:
            got = table.place(card)
        except ValueError:  # below every row: rule 4
            got = table.take_row(choose_row(seat, table), card)
        taken[seat] = list(got)
        if on_place is not None:
            on_place(seat, card, list(got))
    return taken
