"""Activities 9 and 11: the Elevens board.

Nine slots. Legal plays: two number cards (ace counts 1) whose point values add to 11, or one
jack, one queen and one king. Face cards are worth 0 points, so they can never be part of a
pair, and they are told apart by rank. Suits never matter.
"""

from board import Board

BOARD_SIZE = 9
RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0]


class ElevensBoard(Board):
    def __init__(self) -> None:
        super().__init__(BOARD_SIZE, RANKS, SUITS, POINT_VALUES)

    def is_legal(self, selected: list[int]) -> bool:
        if len(selected) == 2:
            return bool(self.find_pair_sum11(selected))
        if len(selected) == 3:
            return bool(self.find_jqk(selected))
        return False

    def another_play_is_possible(self) -> bool:
        on_board = self.card_indexes()
        return bool(self.find_pair_sum11(on_board) or self.find_jqk(on_board))

    def find_pair_sum11(self, selected: list[int]) -> list[int]:
        """Board indexes of the first two selected cards worth 11 together, or []."""
        cards = [k for k in selected if self.cards[k] is not None]
        for i, first in enumerate(cards):
            for second in cards[i + 1 :]:
                if self.cards[first].point_value() + self.cards[second].point_value() == 11:
                    return [first, second]
        return []

    def find_jqk(self, selected: list[int]) -> list[int]:
        """Board indexes of a jack, a queen and a king among the selected cards, or []."""
        found: dict[str, int] = {}
        for k in selected:
            card = self.cards[k]
            if card is not None and card.rank() in ("jack", "queen", "king"):
                found.setdefault(card.rank(), k)
        if len(found) == 3:
            return [found["jack"], found["queen"], found["king"]]
        return []

    # Activity 9's yes/no helpers, kept for students who stop there.
    def contains_pair_sum11(self, selected: list[int]) -> bool:
        return bool(self.find_pair_sum11(selected))

    def contains_jqk(self, selected: list[int]) -> bool:
        return bool(self.find_jqk(selected))

    def play_if_possible(self) -> bool:
        """Make one legal play (an 11-pair before a J-Q-K) and refill; False if there is none."""
        return self._play_pair_sum11_if_possible() or self._play_jqk_if_possible()

    def _play_pair_sum11_if_possible(self) -> bool:
        pair = self.find_pair_sum11(self.card_indexes())
        if pair:
            self.replace_selected_cards(pair)
        return bool(pair)

    def _play_jqk_if_possible(self) -> bool:
        triple = self.find_jqk(self.card_indexes())
        if triple:
            self.replace_selected_cards(triple)
        return bool(triple)
