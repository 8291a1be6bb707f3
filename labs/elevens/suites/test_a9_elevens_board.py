"""Activity 9: ElevensBoard's rules, on boards planted card by card.

The student's elevens_board.py runs over the reference Card, Deck and Board. Only ``is_legal``
and ``another_play_is_possible`` are judged here; finding and making plays is Activity 11's.
"""

import pytest
from grader_labs.elevens.board_checks import check_another_play, check_is_legal, check_new_board
from grader_labs.elevens.games import ELEVENS
from grader_labs.elevens.planting import ELEVENS_VALUES, plant

from grader.checks.assertions import expect
from grader.idiom import Twin, call

PAIR_HINT = "Two cards are a play when their point values add up to 11 (jacks, queens and kings are worth 0)."
FACE_HINT = "Three cards are a play only when they are one jack, one queen and one king."
OTHER_HINT = "Only two cards (a pair worth 11) or three cards (J, Q, K) can ever be a play."

# Six boards that between them hold every pair of ranks (two cards of the same rank too), each
# J-Q-K, and faces together with their near misses (two jacks and a queen, J-Q-10).
BOARDS = [
    ["As", "2h", "3d", "4c", "5s", "6h", "7d", "8c", "9s"],
    ["10h", "Jd", "Qc", "Ks", "Ah", "2d", "3c", "4s", "5h"],
    ["10d", "Jc", "Qs", "Kh", "6d", "7c", "8s", "9h", "10c"],
    ["Ad", "Ac", "2s", "2c", "3s", "3h", "4h", "4d", "5d"],
    ["5c", "5s", "6s", "6c", "7s", "7h", "8h", "8d", "9d"],
    ["10s", "Js", "Jh", "Qh", "Qd", "Kd", "Kc", "9c", "9h"],
]
SIZES = {"two cards": ((2,), PAIR_HINT), "three cards": ((3,), FACE_HINT),
         "one, four, five or more cards, or none": ((0, 1, 4, 5, 6, 9), OTHER_HINT)}


@pytest.mark.parametrize("sizes", list(SIZES))
def test_is_legal(student, sizes):
    """Every selection of these sizes on six boards that hold every pair of ranks."""
    check_is_legal(student, student.elevens_board.ElevensBoard, ELEVENS, BOARDS, *SIZES[sizes])


def test_is_legal_ignores_suits(student):
    board = student.elevens_board.ElevensBoard()
    plant(student, board, ["5s", "6s", "Js", "Qs", "Ks", "5h", "6h", "Jh", "Qh"], ELEVENS_VALUES)
    for selected in ([0, 1], [2, 3, 4], [5, 6]):
        expect(board.is_legal(selected), True, f"{board.label}: {call(None, 'is_legal', selected)}", "Suits never matter in Elevens.")


# Advisory: in the lab, is_legal only ever gets places the player selected, and the game only
# lets a player select places that hold a card, so the guide's own is_legal (which reads each
# selected card's point value) may fail on an empty place. Going further, not the contract.
def test_is_legal_is_false_for_an_empty_place(student):
    board = student.elevens_board.ElevensBoard()
    plant(student, board, ["5s", "_", "Jh", "Qd", "_", "2d", "As", "_", "_"], ELEVENS_VALUES)
    expect(board.is_legal([0, 1]), False, f"{board.label}: {call(None, 'is_legal', [0, 1])} (place 1 is empty)",
           Twin("Going further than the lab asks: an empty place (None) holds no card, so it cannot be part of a play.",
                "Going further than the lab asks: an empty place (null) holds no card, so it cannot be part of a play."))
    # The empty place first too: a pair search that skips an empty place only as the second card
    # reads it as the first one.
    expect(board.is_legal([1, 0]), False, f"{board.label}: {call(None, 'is_legal', [1, 0])} (place 1 is empty)")
    expect(board.is_legal([2, 3, 4]), False, f"{board.label}: {call(None, 'is_legal', [2, 3, 4])} (place 4 is empty)")


ANOTHER_PLAY = {
    "only a pair (A and 10)": (["5s", "2d", "3c", "4h", "9s", "As", "10h", "Jh", "Qd"], None, True),
    "only J, Q, K": (["2s", "2d", "3c", "4h", "2h", "Ks", "3h", "Jh", "Qd"], None, True),
    "no pair worth 11 and no king": (["2s", "2d", "3c", "4h", "2h", "3s", "3h", "Jh", "Qd"], None, False),
    "many faces but no king": (["Js", "Jd", "Jc", "Qh", "Qs", "Qd", "As", "2h", "3c"], None, False),
    "deck used up: two cards left, worth 11": (["_", "_", "5s", "_", "_", "6c", "_", "_", "_"], [], True),
    "deck used up: J, Q, K left": (["_", "Jh", "_", "_", "Qc", "_", "Ks", "_", "_"], [], True),
    "deck used up: no play among what is left": (["_", "_", "5s", "_", "_", "5c", "_", "_", "Kh"], [], False),
    "an empty board": (["_"] * 9, [], False),
}
# Generated boards (board_checks.play_boards) whose only play is one of each kind, with empty
# places and the deck as dealt, nearly used up or used up.
GENERATED = {"only one pair, for each pair of ranks worth 11": "pair", "only J, Q, K, generated": "group",
             "no play, generated": "none"}
ANOTHER_HINT = "Look at every card on the board (skip empty places) for a pair worth 11 or a J, Q and K."


@pytest.mark.parametrize("case", [*ANOTHER_PLAY, *GENERATED])
def test_another_play_is_possible(student, case):
    check_another_play(student, student.elevens_board.ElevensBoard, ELEVENS, case, ANOTHER_PLAY, GENERATED, ANOTHER_HINT)


def test_a_new_board_has_nine_places_and_a_full_deck(student):
    check_new_board(student, student.elevens_board.ElevensBoard(), ELEVENS, "Elevens is played on 9 places, from a deck of 52 cards.")
