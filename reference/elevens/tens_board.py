"""Bonus activity: the Tens board.

Thirteen slots. Legal plays: two cards worth 10 together, or all four cards of one rank among
10, jack, queen and king. Ace to 10 are worth 1 to 10 and the face cards 11 to 13, so no card
of a quartet rank can ever be part of a pair.
"""

from board import Board

BOARD_SIZE = 13
RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
QUARTET_RANKS = ("10", "jack", "queen", "king")


class TensBoard(Board):
    def __init__(self) -> None:
        super().__init__(BOARD_SIZE, RANKS, SUITS, POINT_VALUES)

    def is_legal(self, selected: list[int]) -> bool:
        if len(selected) == 2:
            return bool(self.find_pair_sum10(selected))
        if len(selected) == 4:
            return bool(self.find_quartet(selected))
        return False

    def another_play_is_possible(self) -> bool:
        on_board = self.card_indexes()
        return bool(self.find_pair_sum10(on_board) or self.find_quartet(on_board))

    def find_pair_sum10(self, selected: list[int]) -> list[int]:
        """Board indexes of the first two selected cards worth 10 together, or []."""
        cards = [k for k in selected if self.cards[k] is not None]
        for i, first in enumerate(cards):
            for second in cards[i + 1 :]:
                if self.cards[first].point_value() + self.cards[second].point_value() == 10:
                    return [first, second]
        return []

    def find_quartet(self, selected: list[int]) -> list[int]:
        """Board indexes of four selected cards of one rank among 10, J, Q, K, or []."""
        by_rank: dict[str, list[int]] = {}
        for k in selected:
            card = self.cards[k]
            if card is not None and card.rank() in QUARTET_RANKS:
                by_rank.setdefault(card.rank(), []).append(k)
        for rank in QUARTET_RANKS:
            if len(by_rank.get(rank, [])) == 4:
                return by_rank[rank]
        return []

    def play_if_possible(self) -> bool:
        for finder in (self.find_pair_sum10, self.find_quartet):
            found = finder(self.card_indexes())
            if found:
                self.replace_selected_cards(found)
                return True
        return False
