"""Bonus: the Tens board (13 slots)."""

from board import Board

BOARD_SIZE = 13
RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]


class TensBoard(Board):
    def __init__(self) -> None:
        super().__init__(BOARD_SIZE, RANKS, SUITS, POINT_VALUES)

    def is_legal(self, selected: list[int]) -> bool:
        """Legal: exactly two cards worth 10 together, or exactly four cards that all have the
        same rank, that rank being 10, jack, queen or king."""
        raise NotImplementedError("TensBoard.is_legal (bonus)")

    def another_play_is_possible(self) -> bool:
        raise NotImplementedError("TensBoard.another_play_is_possible (bonus)")

    def find_pair_sum10(self, selected: list[int]) -> list[int]:
        raise NotImplementedError("TensBoard.find_pair_sum10 (bonus)")

    def find_quartet(self, selected: list[int]) -> list[int]:
        raise NotImplementedError("TensBoard.find_quartet (bonus)")

    def play_if_possible(self) -> bool:
        raise NotImplementedError("TensBoard.play_if_possible (bonus)")
