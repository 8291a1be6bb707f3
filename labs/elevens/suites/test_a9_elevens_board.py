"""Activity 9: ElevensBoard's rules, on boards planted card by card.

The student's elevens_board.py runs over the reference Card, Deck and Board. Only ``is_legal``
and ``another_play_is_possible`` are judged here; finding and making plays is Activity 11's.
"""

import pytest
from grader_labs.elevens.planting import ELEVENS_VALUES, plant

from grader.assertions import expect

# Nine places. A pair worth 11 (5♠ 6♣), three faces J Q K, and cards that are neither.
BOARD = ["5s", "6c", "Jh", "Qd", "Kc", "2d", "As", "10h", "Js"]
PAIR_HINT = "Two cards are a play when their point values add up to 11 (jacks, queens and kings are worth 0)."
FACE_HINT = "Three cards are a play only when they are one jack, one queen and one king."

LEGAL = [
    ([0, 1], True, "5 and 6 make 11"),
    ([1, 0], True, "the same pair, selected the other way round"),
    ([6, 7], True, "ace (1) and 10 make 11"),
    ([2, 3, 4], True, "one jack, one queen, one king"),
    ([4, 2, 3], True, "J, Q and K selected in another order"),
    ([0, 5], False, "5 and 2 make 7"),
    ([0], False, "one card is never a play"),
    ([4], False, "a lone king is not a play in Elevens"),
    ([2, 3], False, "a jack and a queen without a king"),
    ([2, 3, 8], False, "two jacks and a queen"),
    ([2, 3, 0], False, "a jack, a queen and a 5"),
    ([0, 1, 2], False, "a pair worth 11 plus a third card"),
    ([0, 1, 6, 7], False, "two pairs at once"),
    ([2, 3, 4, 8], False, "J, Q, K and another jack"),
    ([2, 5], False, "a jack (0) and a 2"),
    ([], False, "nothing selected"),
]


@pytest.mark.parametrize("selected, answer, why", LEGAL, ids=[case[2] for case in LEGAL])
def test_is_legal(student, selected, answer, why):
    board = student.elevens_board.ElevensBoard()
    plant(student, board, BOARD, ELEVENS_VALUES)
    expect(board.is_legal(selected), answer, f"{board.label}: is_legal({selected})  ({why})",
           PAIR_HINT if len(selected) == 2 else FACE_HINT if len(selected) == 3 else
           "Only two cards (a pair worth 11) or three cards (J, Q, K) can ever be a play.")


def test_is_legal_ignores_suits(student):
    board = student.elevens_board.ElevensBoard()
    plant(student, board, ["5s", "6s", "Js", "Qs", "Ks", "5h", "6h", "Jh", "Qh"], ELEVENS_VALUES)
    expect(board.is_legal([0, 1]), True, f"{board.label}: is_legal([0, 1])", "Suits never matter in Elevens.")
    expect(board.is_legal([2, 3, 4]), True, f"{board.label}: is_legal([2, 3, 4])", "Suits never matter in Elevens.")
    expect(board.is_legal([5, 6]), True, f"{board.label}: is_legal([5, 6])", "Suits never matter in Elevens.")


# Advisory: in the lab, is_legal only ever gets places the player selected, and the game only
# lets a player select places that hold a card, so the guide's own is_legal (which reads each
# selected card's point value) may fail on an empty place. Going further, not the contract.
def test_is_legal_is_false_for_an_empty_place(student):
    board = student.elevens_board.ElevensBoard()
    plant(student, board, ["5s", "_", "Jh", "Qd", "_", "2d", "As", "_", "_"], ELEVENS_VALUES)
    expect(board.is_legal([0, 1]), False, f"{board.label}: is_legal([0, 1]) (place 1 is empty)",
           "Going further than the lab asks: an empty place (None) holds no card, so it cannot be part of a play.")
    expect(board.is_legal([2, 3, 4]), False, f"{board.label}: is_legal([2, 3, 4]) (place 4 is empty)")


ANOTHER_PLAY = [
    (["5s", "2d", "3c", "4h", "9s", "As", "10h", "Jh", "Qd"], True, "only a pair (A and 10)"),
    (["2s", "2d", "3c", "4h", "2h", "Ks", "3h", "Jh", "Qd"], True, "only J, Q, K"),
    (["2s", "2d", "3c", "4h", "2h", "3s", "3h", "Jh", "Qd"], False, "no pair worth 11 and no king"),
    (["Js", "Jd", "Jc", "Qh", "Qs", "Qd", "As", "2h", "3c"], False, "many faces but no king"),
    (["_", "_", "5s", "_", "_", "6c", "_", "_", "_"], True, "deck used up: two cards left, worth 11"),
    (["_", "Jh", "_", "_", "Qc", "_", "Ks", "_", "_"], True, "deck used up: J, Q, K left"),
    (["_", "_", "5s", "_", "_", "5c", "_", "_", "Kh"], False, "deck used up: no play among what is left"),
    (["_"] * 9, False, "an empty board"),
]


@pytest.mark.parametrize("codes, answer, why", ANOTHER_PLAY, ids=[case[2] for case in ANOTHER_PLAY])
def test_another_play_is_possible(student, codes, answer, why):
    board = student.elevens_board.ElevensBoard()
    plant(student, board, codes, ELEVENS_VALUES)
    expect(board.another_play_is_possible(), answer, f"{board.label}: another_play_is_possible()  ({why})",
           "Look at every card on the board (skip empty places) for a pair worth 11 or a J, Q and K.")


def test_a_new_board_has_nine_places_and_a_full_deck(student):
    board = student.elevens_board.ElevensBoard()
    expect(board.size(), 9, "ElevensBoard().size()", "Elevens is played on 9 places.")
    expect(board.deck_size(), 43, "ElevensBoard().deck_size() (52 cards, 9 dealt)",
           "Build the Deck with all 13 ranks and 4 suits: pass Board the ranks, suits and point values.")
