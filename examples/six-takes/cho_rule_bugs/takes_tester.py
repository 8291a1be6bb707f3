"""Activity 5, the teacher's tester: plain asserts on what the handout promises.

Run it with `python takes_tester.py`: silence means every check passed.
"""

import random

from card import Card
from takes_cards import make_deck, penalty
from takes_game import Game
from takes_players import RandomAI
from takes_table import Table
from takes_turn import resolve_turn


def c(n: int) -> Card:
    return Card(str(n), "bull", penalty(n))


def nums(cards) -> list:
    return [int(card.rank()) for card in cards]


def table_rows(table) -> list:
    return [nums(row) for row in table.rows()]


# ---- cards
assert penalty(55) == 9, "55 is worth 9"
assert [penalty(n) for n in (11, 10, 15, 1)] == [7, 5, 4, 3]
assert penalty(55, "commercial") == 7 and penalty(1, "commercial") == 1
assert sum(penalty(n) for n in range(1, 105)) == 379
deck = make_deck()
assert deck.size() == 104
dealt = [deck.deal() for _ in range(104)]
assert sorted(nums(dealt)) == list(range(1, 105))
assert sum(card.point_value() for card in dealt) == 379

# ---- table
table = Table([c(10), c(30), c(50), c(70)])
assert table.ends() == [10, 30, 50, 70]
assert table.target_row(c(29)) == 0, "29 cannot go after 30"
assert table.target_row(c(31)) == 1
assert table.target_row(c(5)) is None
assert table.target_row(c(30)) == 0, "a row's last card must be smaller than the card, not equal"
try:
    table.place(c(5))
    raise AssertionError("place(5) should raise ValueError")
except ValueError:
    pass
table = Table([c(1), c(10), c(20), c(30)])
for n in (2, 3, 4):
    assert table.place(c(n)) == []
assert table.place(c(6)) == [], "the 5th card takes nothing"
assert table_rows(table)[0] == [1, 2, 3, 4, 6]
assert table.row_penalty(0) == 15
assert nums(table.place(c(7))) == [1, 2, 3, 4, 6], "the 6th card takes the five"
assert table_rows(table) == [[7], [10], [20], [30]]
assert nums(table.take_row(2, c(5))) == [20]
assert table_rows(table) == [[7], [10], [5], [30]]


# ---- a game
for _ in range(5):
    game = Game([RandomAI(random.Random()) for _ in range(4)], random.Random(), 7)
    game.setup()
    every = [n for hand in game.hands for n in nums(hand)] + [row[0] for row in table_rows(game.table)] + nums(game.undealt)
    assert sorted(every) == list(range(1, 105)), "each card dealt once"
    for turn in range(1, 8):
        game.play_turn()
        assert [len(hand) for hand in game.hands] == [10 - turn] * 4, "hands shrink by one card a turn"
        on_table = [n for row in table_rows(game.table) for n in row]
        everything = [n for group in game.hands + game.piles for n in nums(group)] + on_table + nums(game.undealt)
        assert sorted(everything) == list(range(1, 105))
game = Game([RandomAI(random.Random()) for _ in range(4)], random.Random())
game.setup()
game.piles = [[c(10)], [c(1)], [c(2)], [c(20)]]
assert game.winners() == [1, 2], "every seat with the lowest score wins"
for bad in (1, 11):
    try:
        Game([RandomAI(random.Random()) for _ in range(bad)], random.Random())
        raise AssertionError(f"{bad} players should raise ValueError")
    except ValueError:
        pass
