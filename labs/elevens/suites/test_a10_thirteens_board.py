"""Activity 10: ThirteensBoard's rules, on boards planted card by card.

Ten places; ace to queen are worth 1 to 12 and the king 0. A play is two cards worth 13 or a
single king. The student's thirteens_board.py runs over the reference Card, Deck and Board.
"""

import pytest
from grader_labs.elevens.planting import THIRTEENS_VALUES, plant

from grader.assertions import expect

BOARD = ["6s", "7c", "Kh", "Qd", "As", "Jc", "2d", "5h", "Ks", "6h"]
HINT = "A play is one king alone, or two cards whose point values add up to 13 (ace 1 ... queen 12)."

LEGAL = [
    ([0, 1], True, "6 and 7 make 13"),
    ([3, 4], True, "queen (12) and ace make 13"),
    ([5, 6], True, "jack (11) and 2 make 13"),
    ([2], True, "a king alone"),
    ([8], True, "another king alone"),
    ([3], False, "a queen alone"),
    ([0, 9], False, "6 and 6 make 12"),
    ([2, 8], False, "two kings together"),
    ([2, 3], False, "a king and a queen"),
    ([0, 1, 2], False, "a pair worth 13 plus a king"),
    ([0, 1, 3, 4], False, "two pairs at once"),
    ([], False, "nothing selected"),
]


@pytest.mark.parametrize("selected, answer, why", LEGAL, ids=[case[2] for case in LEGAL])
def test_is_legal(student, selected, answer, why):
    board = student.thirteens_board.ThirteensBoard()
    plant(student, board, BOARD, THIRTEENS_VALUES)
    expect(board.is_legal(selected), answer, f"{board.label}: is_legal({selected})  ({why})", HINT)


# Advisory: in the lab, is_legal only ever gets places the player selected, and the game only
# lets a player select places that hold a card, so the guide's own is_legal (which reads each
# selected card's point value) may fail on an empty place. Going further, not the contract.
def test_is_legal_is_false_for_an_empty_place(student):
    board = student.thirteens_board.ThirteensBoard()
    plant(student, board, ["6s", "_", "Kh", "_", "As", "Jc", "2d", "5h", "_", "6h"], THIRTEENS_VALUES)
    expect(board.is_legal([0, 1]), False, f"{board.label}: is_legal([0, 1]) (place 1 is empty)",
           "Going further than the lab asks: an empty place (None) holds no card, so it cannot be part of a play.")
    expect(board.is_legal([8]), False, f"{board.label}: is_legal([8]) (place 8 is empty)")


ANOTHER_PLAY = [
    (["As", "As", "2d", "2c", "3h", "3s", "4h", "4d", "5c", "Qd"], True, "only a pair (ace and queen)"),
    (["As", "Ah", "2d", "2c", "3h", "3s", "4h", "4d", "5c", "Kd"], True, "only a king"),
    (["As", "Ah", "2d", "2c", "3h", "3s", "4h", "4d", "5c", "5d"], False, "no pair worth 13 and no king"),
    (["_", "_", "_", "Kd", "_", "_", "_", "_", "_", "_"], True, "deck used up: a king left"),
    (["_", "6s", "_", "_", "_", "6h", "_", "_", "_", "_"], False, "deck used up: 6 and 6 left"),
    (["_"] * 10, False, "an empty board"),
]


@pytest.mark.parametrize("codes, answer, why", ANOTHER_PLAY, ids=[case[2] for case in ANOTHER_PLAY])
def test_another_play_is_possible(student, codes, answer, why):
    board = student.thirteens_board.ThirteensBoard()
    plant(student, board, codes, THIRTEENS_VALUES)
    expect(board.another_play_is_possible(), answer, f"{board.label}: another_play_is_possible()  ({why})",
           "Look at every card on the board (skip empty places) for a king or a pair worth 13.")


def test_a_new_board_has_ten_places_and_a_full_deck(student):
    board = student.thirteens_board.ThirteensBoard()
    expect(board.size(), 10, "ThirteensBoard().size()", "Thirteens is played on 10 places.")
    expect(board.deck_size(), 42, "ThirteensBoard().deck_size() (52 cards, 10 dealt)")
