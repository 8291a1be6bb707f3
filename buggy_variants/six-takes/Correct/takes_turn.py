"""A second correct takes_turn.py: picks ordered by number first, result built at the end."""


def resolve_turn(table, plays, choose_row, on_place=None):
    order = sorted((int(card.rank()), seat) for seat, card in plays.items())
    result = {}
    for _, seat in order:
        card = plays[seat]
        row = table.target_row(card)
        took = table.take_row(choose_row(seat, table), card) if row is None else table.place(card)
        result[seat] = took
        if on_place:
            on_place(seat, card, took)
    return {seat: list(result[seat]) for seat in plays}
