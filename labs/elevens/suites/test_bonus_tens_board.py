"""Bonus activity: TensBoard's rules, on boards planted card by card.

Thirteen places; ace to 10 are worth 1 to 10, jack, queen and king 11, 12 and 13. A play is two
cards worth 10, or all four cards of one rank among 10, jack, queen and king.
"""

import pytest
from grader_labs.elevens.planting import TENS_VALUES, plant

from grader.assertions import expect

BOARD = ["3s", "7c", "5h", "5d", "Js", "Jh", "Jd", "Jc", "10s", "10h", "10d", "Qc", "10c"]
HINT = "A play is two cards worth 10 together, or the four cards of one rank among 10, J, Q and K."

LEGAL = [
    ([0, 1], True, "3 and 7 make 10"),
    ([2, 3], True, "5 and 5 make 10"),
    ([4, 5, 6, 7], True, "four jacks"),
    ([8, 9, 10, 12], True, "four tens"),
    ([4, 5, 6, 11], False, "three jacks and a queen"),
    ([4, 5, 6], False, "three jacks"),
    ([8, 4, 11, 12], False, "10, J, Q and another 10"),
    ([0, 2], False, "3 and 5 make 8"),
    ([8], False, "one card"),
    ([0, 1, 2, 3], False, "two pairs at once"),
    ([], False, "nothing selected"),
]


@pytest.mark.parametrize("selected, answer, why", LEGAL, ids=[case[2] for case in LEGAL])
def test_is_legal(student, selected, answer, why):
    board = student.tens_board.TensBoard()
    plant(student, board, BOARD, TENS_VALUES)
    expect(board.is_legal(selected), answer, f"{board.label}: is_legal({selected})  ({why})", HINT)


ANOTHER_PLAY = [
    (["As", "Ah", "2d", "2c", "3h", "3s", "4h", "4d", "Js", "Jd", "Qh", "Kc", "9c"], True, "only a pair (ace and 9)"),
    (["As", "Ah", "2d", "2c", "3h", "3s", "Kh", "Kd", "Ks", "Kc", "Qh", "Jc", "10c"], True, "only four kings"),
    (["As", "Ah", "2d", "2c", "3h", "3s", "Kh", "Kd", "Ks", "Jc", "Qh", "Qc", "10c"], False, "three kings, no pair worth 10"),
    (["_", "_", "4s", "_", "_", "_", "6h", "_", "_", "_", "_", "_", "_"], True, "deck used up: 4 and 6 left"),
    (["_"] * 13, False, "an empty board"),
]


@pytest.mark.parametrize("codes, answer, why", ANOTHER_PLAY, ids=[case[2] for case in ANOTHER_PLAY])
def test_another_play_is_possible(student, codes, answer, why):
    board = student.tens_board.TensBoard()
    plant(student, board, codes, TENS_VALUES)
    expect(board.another_play_is_possible(), answer, f"{board.label}: another_play_is_possible()  ({why})",
           "Look at every card on the board for a pair worth 10 or four of a kind among 10, J, Q, K.")


def test_a_new_board_has_thirteen_places(student):
    board = student.tens_board.TensBoard()
    expect(board.size(), 13, "TensBoard().size()", "Tens is played on 13 places.")
    expect(board.deck_size(), 39, "TensBoard().deck_size() (52 cards, 13 dealt)")
