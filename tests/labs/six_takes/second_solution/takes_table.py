"""6 Takes!, Activity 2 (second solution): rows kept as stacks, found by a scan."""

from takes_cards import penalty  # a row's penalty could be read from the cards; kept for render_rows

FULL = 5


def _number(card) -> int:
    return int(card.rank())


class Table:
    def __init__(self, starters, scale: str = "school") -> None:
        self._scale = scale
        self._stacks = [[card] for card in starters]

    def rows(self) -> list:
        return [stack[:] for stack in self._stacks]

    def ends(self) -> list:
        return [_number(stack[-1]) for stack in self._stacks]

    def target_row(self, card):
        wanted, best = _number(card), None
        for index, end in enumerate(self.ends()):
            if end < wanted and (best is None or end > self.ends()[best]):
                best = index
        return best

    def place(self, card) -> list:
        index = self.target_row(card)
        if index is None:
            raise ValueError(f"card {card.rank()} is below every row")
        stack = self._stacks[index]
        if len(stack) < FULL:
            stack.append(card)
            return []
        self._stacks[index] = [card]
        return stack

    def take_row(self, index: int, card) -> list:
        taken, self._stacks[index] = self._stacks[index], [card]
        return taken

    def row_penalty(self, index: int) -> int:
        return sum(card.point_value() for card in self._stacks[index])

    def render_rows(self) -> str:
        return "\n".join(f"{i}: " + " ".join(f"{c.rank()}({penalty(_number(c), self._scale)})" for c in stack)
                         for i, stack in enumerate(self._stacks))
