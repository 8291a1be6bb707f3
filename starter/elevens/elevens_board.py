"""Activities 9 and 11: the Elevens board (9 slots)."""

from board import Board

BOARD_SIZE = 9
RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0]


class ElevensBoard(Board):
    def __init__(self) -> None:
        super().__init__(BOARD_SIZE, RANKS, SUITS, POINT_VALUES)

    def is_legal(self, selected: list[int]) -> bool:
        """Legal: exactly two cards worth 11 together, or exactly three cards that are one
        jack, one queen and one king. Check how many cards were selected!"""
        raise NotImplementedError("ElevensBoard.is_legal (Activity 9)")

    def another_play_is_possible(self) -> bool:
        """Is there an 11-pair or a J-Q-K anywhere on the board? (Empty slots don't count.)"""
        raise NotImplementedError("ElevensBoard.another_play_is_possible (Activity 9)")

    def find_pair_sum11(self, selected: list[int]) -> list[int]:
        """The board indexes of two selected cards worth 11 together, or [] if there are none.
        Return slot numbers from ``selected``, not positions in the ``selected`` list."""
        raise NotImplementedError("ElevensBoard.find_pair_sum11 (Activity 11)")

    def find_jqk(self, selected: list[int]) -> list[int]:
        """The board indexes of a jack, a queen and a king among the selected slots, or []."""
        raise NotImplementedError("ElevensBoard.find_jqk (Activity 11)")

    def play_if_possible(self) -> bool:
        """Find one legal play, replace those cards and return True; return False (changing
        nothing) when there is no play."""
        raise NotImplementedError("ElevensBoard.play_if_possible (Activity 11)")
