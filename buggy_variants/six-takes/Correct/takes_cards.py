"""A second correct takes_cards.py: a lookup of special cards, the scale as an offset."""

from deck import Deck

OFFSET = {"school": 2, "commercial": 0}


def penalty(number: int, scale: str = "school") -> int:
    if scale not in OFFSET:
        raise ValueError("scale must be 'school' or 'commercial'")
    if type(number) is not int or number < 1 or number > 104:
        raise ValueError("no such card")
    special = {55: 7}
    if number in special:
        return special[number] + OFFSET[scale]
    for divisor, heads in ((11, 5), (10, 3), (5, 2)):
        if number % divisor == 0:
            return heads + OFFSET[scale]
    return 1 + OFFSET[scale]


def make_deck(scale: str = "school") -> Deck:
    ranks, values = [], []
    for n in range(104, 0, -1):
        ranks.insert(0, str(n))
        values.insert(0, penalty(n, scale))
    return Deck(ranks, ["bull"], values)
