"""Activity 11, part 1: ElevensBoard finds and makes plays (find_pair_sum11, find_jqk,
play_if_possible), on planted boards and in whole games from planted deck orders.

The student's elevens_board.py runs over the reference Card, Deck and Board.
"""

import pytest
from grader_labs.elevens.board_checks import Trips, check_play_if_possible, check_whole_game, game_ids, made_for, plant_queued
from grader_labs.elevens.games import ELEVENS
from grader_labs.elevens.planting import ELEVENS_VALUES, plant, plant_deck, pretty

from grader.checks.assertions import expect, fail, show
from grader.idiom import Twin, call

BOARD = ["2s", "5s", "9c", "6c", "Jh", "Qd", "3h", "Kc", "8d"]
REFILL_HINT = "Replace exactly the cards of the play, each with the next card of the deck."
FIND_HINT = "Return the places on the board (numbers taken from `selected`), not positions in `selected` and not point values."


def board_with(student, codes: list[str], deck: list[str] | None = None):
    board = student.elevens_board.ElevensBoard()
    plant(student, board, codes, ELEVENS_VALUES)
    if deck is not None:
        plant_deck(student, board, deck, ELEVENS_VALUES)
    return board.relabel(f"the board {pretty(codes)}")


@pytest.mark.parametrize("selected, pairs", [
    ([6, 8], [[6, 8]]),
    ([0, 1, 2, 3], [[0, 2], [1, 3]]),
    ([8, 4, 6], [[6, 8]]),
], ids=["3 and 8", "two pairs to choose from", "a face card in between"])
def test_find_pair_sum11_returns_board_places(student, selected, pairs):
    board = board_with(student, BOARD)
    got = board.find_pair_sum11(selected)
    if type(got) is not list or sorted(got) not in pairs:
        fail(f"{board.label}: {call(None, 'find_pair_sum11', selected)}\n  expected: {' or '.join(map(show, pairs))} (in either order)\n"
             f"  got:      {show(got)}", FIND_HINT)


def test_find_pair_sum11_gives_an_empty_list_when_there_is_none(student):
    board = board_with(student, BOARD)
    expect(board.find_pair_sum11([0, 1, 4, 5]), [], f"{board.label}: {call(None, 'find_pair_sum11', [0, 1, 4, 5])}",
           "With no pair worth 11 among the selected places, return an empty list.")


def test_find_jqk_returns_board_places(student):
    board = board_with(student, BOARD)
    got = board.find_jqk([0, 4, 5, 6, 7])
    if type(got) is not list or sorted(got) != [4, 5, 7]:
        fail(f"{board.label}: {call(None, 'find_jqk', [0, 4, 5, 6, 7])}\n  expected: [4, 5, 7] (in any order)\n  got:      {show(got)}",
             FIND_HINT)
    expect(board.find_jqk([4, 5, 0]), [], f"{board.label}: {call(None, 'find_jqk', [4, 5, 0])}",
           "Without a jack, a queen and a king, return an empty list.")


def board_queued(student, codes: list[str], deck: list[str]):
    """board_with's calls, queued on a Trips (one round trip to make the board, one its cards)."""
    board = student.elevens_board.ElevensBoard()
    trips = Trips(student)
    plant_queued(trips, board, codes, deck, made_for(student, ELEVENS, [(codes, deck)])[0])
    return board.relabel(f"the board {pretty(codes)}"), trips


def snapshot_queued(trips: Trips, board, then) -> None:
    """The card in every place (or None), the board's size read first, queued on ``trips``:
    ``then`` gets the list. Sends what is queued to learn the size."""
    sizes: list = []
    trips.add(board.size.later(), sizes.append)
    trips.send()
    if sizes[0] > 0:
        trips.snapshot(board, sizes[0], then)
    else:
        then([])


def play_queued(student, codes: list[str], deck: list[str], expected: bool, hint: Twin):
    """A board planted with ``codes`` and ``deck``, its cards read, then play_if_possible checked
    against ``expected``, all queued: the board, its trips, and the cards before the play (a list
    filled when the trips are sent)."""
    board, trips = board_queued(student, codes, deck=deck)
    before: list = []
    snapshot_queued(trips, board, before.extend)
    trips.first(board.play_if_possible.later(), lambda got: expect(
        got, expected, f"{board.label}: {call(None, 'play_if_possible')}", hint))
    return board, trips, before


def test_play_if_possible_makes_one_play_and_refills_exactly_those_places(student):
    codes = ["2s", "5s", "3c", "6c", "Jh", "Qd", "3h", "2c", "4d"]  # only 5 and 6 make a play
    board, trips, before = play_queued(student, codes, ["7h", "7d"], True, Twin(
        "There is a play (5 and 6): make it and return True.", "There is a play (5 and 6): make it and return true."))

    def check_changed(after: list) -> None:
        changed = [k for k in range(9) if after[k] != before[k]]
        expect(changed, [1, 3], f"{board.label}: the places that changed after {call(None, 'play_if_possible')}",
               REFILL_HINT)
    snapshot_queued(trips, board, check_changed)
    trips.add(board.deck_size.later(), lambda size: expect(
        size, 0, f"{board.label}: {call(None, 'deck_size')} after one play (the deck had 2 cards)"))
    trips.send()
    check_play_if_possible(student, student.elevens_board.ElevensBoard, ELEVENS, "pair", REFILL_HINT)


def test_play_if_possible_makes_a_jqk_play(student):
    codes = ["2s", "Ks", "3c", "Qc", "Jh", "2d", "3h", "2c", "4d"]  # only J, Q, K
    board, trips, before = play_queued(student, codes, ["7h", "7d", "7s", "7c"], True, Twin(
        "J, Q and K are on the board: remove them and return True.", "J, Q and K are on the board: remove them and return true."))

    def check_changed(after: list) -> None:
        changed = [k for k in range(9) if after[k] != before[k]]
        expect(changed, [1, 3, 4], f"{board.label}: the places that changed after {call(None, 'play_if_possible')}")
    snapshot_queued(trips, board, check_changed)
    trips.send()
    check_play_if_possible(student, student.elevens_board.ElevensBoard, ELEVENS, "group", REFILL_HINT)


def test_play_if_possible_changes_nothing_when_there_is_no_play(student):
    codes = ["2s", "2d", "3c", "4h", "2h", "Ks", "3h", "Jh", "Jd"]
    board, trips, before = play_queued(student, codes, ["7h", "7d"], False, Twin(
        "No pair worth 11 and no J-Q-K: return False.", "No pair worth 11 and no J-Q-K: return false."))

    def unchanged(changed: bool) -> None:
        if changed:
            fail(f"{board.label}: {call(None, 'play_if_possible')} returned {show(False)} but changed the board or the deck",
                 "When there is no play, leave every card where it is.")
    snapshot_queued(trips, board, lambda after: unchanged(after != before))
    trips.add(board.deck_size.later(), lambda size: unchanged(size != 2))
    trips.send()
    check_play_if_possible(student, student.elevens_board.ElevensBoard, ELEVENS, "none", REFILL_HINT)


GAMES = ELEVENS.planted_games()


@pytest.mark.parametrize("game", range(len(GAMES)), ids=game_ids(GAMES))
def test_a_whole_game_from_a_planted_deck_ends_as_the_rules_say(student, game):
    check_whole_game(student, student.elevens_board.ElevensBoard, ELEVENS, *GAMES[game])
