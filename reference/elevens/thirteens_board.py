"""Activity 10: the Thirteens board.

Ten slots. Ace to queen are worth 1 to 12 and the king 0. Legal plays: two cards worth 13
together, or a single king.
"""

from board import Board

BOARD_SIZE = 10
RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0]


class ThirteensBoard(Board):
    def __init__(self) -> None:
        super().__init__(BOARD_SIZE, RANKS, SUITS, POINT_VALUES)

    def is_legal(self, selected: list[int]) -> bool:
        if len(selected) == 1:
            return bool(self.find_king(selected))
        if len(selected) == 2:
            return bool(self.find_pair_sum13(selected))
        return False

    def another_play_is_possible(self) -> bool:
        on_board = self.card_indexes()
        return bool(self.find_pair_sum13(on_board) or self.find_king(on_board))

    def find_pair_sum13(self, selected: list[int]) -> list[int]:
        """Board indexes of the first two selected cards worth 13 together, or []."""
        cards = [k for k in selected if self.cards[k] is not None]
        for i, first in enumerate(cards):
            for second in cards[i + 1 :]:
                if self.cards[first].point_value() + self.cards[second].point_value() == 13:
                    return [first, second]
        return []

    def find_king(self, selected: list[int]) -> list[int]:
        """The board index of the first selected king, as a one-item list, or []."""
        for k in selected:
            card = self.cards[k]
            if card is not None and card.rank() == "king":
                return [k]
        return []

    def play_if_possible(self) -> bool:
        for finder in (self.find_pair_sum13, self.find_king):
            found = finder(self.card_indexes())
            if found:
                self.replace_selected_cards(found)
                return True
        return False
