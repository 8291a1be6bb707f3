"""Bonus activity: TensBoard's rules, on boards planted card by card, and its plays.

Thirteen places; ace to 10 are worth 1 to 10, jack, queen and king 11, 12 and 13. A play is two
cards worth 10, or all four cards of one rank among 10, jack, queen and king.
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
from grader_labs.elevens.games import TENS

from grader.checks.assertions import expect

HINT = "A play is two cards worth 10 together, or the four cards of one rank among 10, J, Q and K."

# Four boards that between them hold every pair of ranks (two cards of the same rank too) and
# the four 10s, jacks, queens and kings, beside three of a kind and mixed faces.
BOARDS = [
    ["As", "2h", "3d", "4c", "5s", "6h", "7d", "8c", "9s", "10h", "Jd", "Qc", "Ks"],
    ["Ah", "Ad", "2s", "2d", "3h", "3c", "4s", "4d", "5h", "5d", "6s", "6d", "7h"],
    ["7s", "8h", "8d", "9h", "9d", "10s", "10d", "10c", "10h", "Js", "Jh", "Jc", "Jd"],
    ["Qs", "Qh", "Qd", "Qc", "Kh", "Kd", "Kc", "Ks", "As", "9c", "5c", "7d", "7c"],
]
SIZES = ["two cards", "four cards", "one, three, five or more cards, or none"]
SIZE_OF = dict(zip(SIZES, [(2,), (4,), (0, 1, 3, 5, 13)]))


@pytest.mark.parametrize("sizes", SIZES)
def test_is_legal(student, sizes):
    """Every selection of these sizes on four boards that hold every pair of ranks."""
    check_is_legal(student, student.tens_board.TensBoard, TENS, BOARDS, SIZE_OF[sizes], HINT)


ANOTHER_PLAY = {
    "only a pair (ace and 9)": (["As", "Ah", "2d", "2c", "3h", "3s", "4h", "4d", "Js", "Jd", "Qh", "Kc", "9c"], None, True),
    "only four kings": (["As", "Ah", "2d", "2c", "3h", "3s", "Kh", "Kd", "Ks", "Kc", "Qh", "Jc", "10c"], None, True),
    "three kings, no pair worth 10": (["As", "Ah", "2d", "2c", "3h", "3s", "Kh", "Kd", "Ks", "Jc", "Qh", "Qc", "10c"], None, False),
    "deck used up: 4 and 6 left": (["_", "_", "4s", "_", "_", "_", "6h", "_", "_", "_", "_", "_", "_"], [], True),
    "an empty board": (["_"] * 13, [], False),
}
# Generated boards (board_checks.play_boards) whose only play is one of each kind, with empty
# places and the deck as dealt, nearly used up or used up.
GENERATED = {"only one pair, for each pair of ranks worth 10": "pair", "only four of a kind, for each of 10, J, Q, K": "group",
             "no play, generated": "none"}
ANOTHER_HINT = "Look at every card on the board for a pair worth 10 or four of a kind among 10, J, Q, K."


@pytest.mark.parametrize("case", [*ANOTHER_PLAY, *GENERATED])
def test_another_play_is_possible(student, case):
    check_another_play(student, student.tens_board.TensBoard, TENS, case, ANOTHER_PLAY, GENERATED, ANOTHER_HINT)


def test_a_new_board_has_thirteen_places(student):
    check_new_board(student, student.tens_board.TensBoard(), TENS, "Tens is played on 13 places, from a deck of 52 cards.")


PLAYS = {"a pair worth 10, for each pair of ranks": "pair", "four of a kind, for each of 10, J, Q, K": "group", "no play": "none"}


@pytest.mark.parametrize("kind", PLAYS)
def test_play_if_possible_makes_one_play_or_none(student, kind):
    check_play_if_possible(student, student.tens_board.TensBoard, TENS, PLAYS[kind],
                           "Replace exactly the cards of the play (two for a pair, four for four of a kind), each with the next card of the deck.")


GAMES = TENS.planted_games()


@pytest.mark.parametrize("game", range(len(GAMES)), ids=game_ids(GAMES))
def test_a_whole_game_from_a_planted_deck_ends_as_the_rules_say(student, game):
    check_whole_game(student, student.tens_board.TensBoard, TENS, *GAMES[game])
