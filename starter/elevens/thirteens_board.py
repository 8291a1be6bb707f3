"""Activity 10: the Thirteens board (10 slots). Start from your ElevensBoard."""

from board import Board

BOARD_SIZE = 10
RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0]


class ThirteensBoard(Board):
    def __init__(self) -> None:
        super().__init__(BOARD_SIZE, RANKS, SUITS, POINT_VALUES)

    def is_legal(self, selected: list[int]) -> bool:
        """Legal: exactly two cards worth 13 together, or exactly one king."""
        raise NotImplementedError("ThirteensBoard.is_legal (Activity 10)")

    def another_play_is_possible(self) -> bool:
        raise NotImplementedError("ThirteensBoard.another_play_is_possible (Activity 10)")

    def find_pair_sum13(self, selected: list[int]) -> list[int]:
        """The board indexes of two selected cards worth 13 together, or []."""
        raise NotImplementedError("ThirteensBoard.find_pair_sum13 (Activity 10)")

    def find_king(self, selected: list[int]) -> list[int]:
        """[the board index of a selected king], or []."""
        raise NotImplementedError("ThirteensBoard.find_king (Activity 10)")

    def play_if_possible(self) -> bool:
        raise NotImplementedError("ThirteensBoard.play_if_possible (Activity 10)")
