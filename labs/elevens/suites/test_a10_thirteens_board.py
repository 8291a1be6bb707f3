"""Activity 10: ThirteensBoard's rules, on boards planted card by card, and its plays.

Ten places; ace to queen are worth 1 to 12, and the king whatever the student chose (the guide
leaves it open; the starter says 0, most write 13): no card pairs with it. A play is two cards worth 13 or a
single king. The student's thirteens_board.py runs over the reference Card, Deck and Board.
"""

import pytest
from grader_labs.elevens.board_checks import (
    check_another_play,
    check_is_legal,
    check_new_board,
    check_play_if_possible,
    check_whole_game,
    game_ids,
)
from grader_labs.elevens.games import THIRTEENS
from grader_labs.elevens.planting import THIRTEENS_VALUES, plant

from grader.checks.assertions import expect
from grader.idiom import Twin, call

HINT = "A play is one king alone, or two cards whose point values add up to 13 (ace 1 ... queen 12)."

# Six boards that between them hold every pair of ranks (two cards of the same rank too).
BOARDS = [
    ["As", "2h", "3d", "4c", "5s", "6h", "7d", "8c", "9s", "10h"],
    ["10d", "Jc", "Qs", "Kh", "Ah", "2d", "3c", "4s", "5h", "6d"],
    ["Js", "Qh", "Kd", "7c", "8s", "9h", "6c", "10c", "Jd", "Qc"],
    ["Ad", "Ac", "2s", "2c", "3s", "3h", "4h", "4d", "5d", "5c"],
    ["6s", "6h", "7s", "7h", "8h", "8d", "9d", "9c", "10s", "10d"],
    ["Jh", "Js", "Qd", "Qh", "Kc", "Ks", "7d", "2h", "As", "8c"],
]
SIZES = ["one card", "two cards", "three, four, five or more cards, or none"]
SIZE_OF = dict(zip(SIZES, [(1,), (2,), (0, 3, 4, 5, 10)]))


@pytest.mark.parametrize("sizes", SIZES)
def test_is_legal(student, sizes):
    """Every selection of these sizes on six boards that hold every pair of ranks."""
    check_is_legal(student, student.thirteens_board.ThirteensBoard, THIRTEENS, BOARDS, SIZE_OF[sizes], HINT)


# Advisory: in the lab, is_legal only ever gets places the player selected, and the game only
# lets a player select places that hold a card, so the guide's own is_legal (which reads each
# selected card's point value) may fail on an empty place. Going further, not the contract.
def test_is_legal_is_false_for_an_empty_place(student):
    board = student.thirteens_board.ThirteensBoard()
    plant(student, board, ["6s", "_", "Kh", "_", "As", "Jc", "2d", "5h", "_", "6h"], THIRTEENS_VALUES)
    expect(board.is_legal([0, 1]), False, f"{board.label}: {call(None, 'is_legal', [0, 1])} (place 1 is empty)",
           Twin("Going further than the lab asks: an empty place (None) holds no card, so it cannot be part of a play.",
                "Going further than the lab asks: an empty place (null) holds no card, so it cannot be part of a play."))
    # The empty place first too: a pair search that skips an empty place only as the second card
    # reads it as the first one.
    expect(board.is_legal([1, 0]), False, f"{board.label}: {call(None, 'is_legal', [1, 0])} (place 1 is empty)")
    expect(board.is_legal([8]), False, f"{board.label}: {call(None, 'is_legal', [8])} (place 8 is empty)")


ANOTHER_PLAY = {
    "only a pair (ace and queen)": (["As", "As", "2d", "2c", "3h", "3s", "4h", "4d", "5c", "Qd"], None, True),
    "only a king": (["As", "Ah", "2d", "2c", "3h", "3s", "4h", "4d", "5c", "Kd"], None, True),
    "no pair worth 13 and no king": (["As", "Ah", "2d", "2c", "3h", "3s", "4h", "4d", "5c", "5d"], None, False),
    "deck used up: a king left": (["_", "_", "_", "Kd", "_", "_", "_", "_", "_", "_"], [], True),
    "deck used up: 6 and 6 left": (["_", "6s", "_", "_", "_", "6h", "_", "_", "_", "_"], [], False),
    "an empty board": (["_"] * 10, [], False),
}
# Generated boards (board_checks.play_boards) whose only play is one of each kind, with empty
# places and the deck as dealt, nearly used up or used up.
GENERATED = {"only one pair, for each pair of ranks worth 13": "pair", "only a king, generated": "group",
             "no play, generated": "none"}
ANOTHER_HINT = "Look at every card on the board (skip empty places) for a king or a pair worth 13."


@pytest.mark.parametrize("case", [*ANOTHER_PLAY, *GENERATED])
def test_another_play_is_possible(student, case):
    check_another_play(student, student.thirteens_board.ThirteensBoard, THIRTEENS, case, ANOTHER_PLAY, GENERATED, ANOTHER_HINT)


def test_a_new_board_has_ten_places_and_a_full_deck(student):
    check_new_board(student, student.thirteens_board.ThirteensBoard(), THIRTEENS,
                    "Thirteens is played on 10 places, from a deck of 52 cards.")


PLAYS = {"a pair worth 13, for each pair of ranks": "pair", "a king": "group", "no play": "none"}


@pytest.mark.parametrize("kind", PLAYS)
def test_play_if_possible_makes_one_play_or_none(student, kind):
    check_play_if_possible(student, student.thirteens_board.ThirteensBoard, THIRTEENS, PLAYS[kind],
                           "Replace exactly the cards of the play (two for a pair, one for a king), each with the next card of the deck.")


GAMES = THIRTEENS.planted_games()


@pytest.mark.parametrize("game", range(len(GAMES)), ids=game_ids(GAMES))
def test_a_whole_game_from_a_planted_deck_ends_as_the_rules_say(student, game):
    check_whole_game(student, student.thirteens_board.ThirteensBoard, THIRTEENS, *GAMES[game])
