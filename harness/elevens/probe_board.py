"""The grader's own minimal game on top of the student's Board, for Activity 8.

Any single card is a legal play, so every rule under test is Board's. Both spellings of the
abstract methods are defined, so it fits a Board written in either naming style.
"""

from board import Board


class ProbeBoard(Board):
    def __init__(self, size, ranks, suits, point_values):
        super().__init__(size, ranks, suits, point_values)

    def is_legal(self, selected):
        return len(selected) == 1 and self.cards[selected[0]] is not None

    def another_play_is_possible(self):
        return any(card is not None for card in self.cards)

    isLegal = is_legal
    anotherPlayIsPossible = another_play_is_possible
