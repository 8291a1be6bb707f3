"""Activity 2: the four rows on the table, and where a card goes (Rules 1 to 4)."""

from card import Card

FULL = 5  # a row never holds more: the 6th card takes the five


def number(card: Card) -> int:
    return int(card.rank())


class Table:
    """Rows of cards, each growing to the right. Every row holds 1 to 5 cards."""

    def __init__(self, starters: list[Card], scale: str = "school") -> None:
        self.scale = scale
        self._rows: list[list[Card]] = [[card] for card in starters]

    def rows(self) -> list[list[Card]]:
        """A copy of the rows: changing it does not change the table."""
        return [list(row) for row in self._rows]

    def ends(self) -> list[int]:
        """The number of each row's last card."""
        return [number(row[-1]) for row in self._rows]

    def target_row(self, card: Card) -> int | None:
        """Rules 1 and 2: of the rows ending below the card, the one ending closest to it
        (the largest end); None when every row ends above it."""
        below = [(end, index) for index, end in enumerate(self.ends()) if end < number(card)]
        return max(below)[1] if below else None

    def place(self, card: Card) -> list[Card]:
        """Put the card on its row (Rules 1 to 3); the cards the player must take, [] if none."""
        index = self.target_row(card)
        if index is not None:
            raise ValueError(f"card {card.rank()} is lower than every row's end: the player must take a row")
        row = self._rows[index]
        if len(row) < FULL:
            row.append(card)
            return []
        self._rows[index] = [card]  # the card would be the 6th: the five go, it starts the row
        return row

    def take_row(self, index: int, card: Card) -> list[Card]:
        """Rule 4: the player takes row ``index`` whole, and the card starts it again."""
        taken = self._rows[index]
        self._rows[index] = [card]
        return taken

    def row_penalty(self, index: int) -> int:
        return sum(card.point_value() for card in self._rows[index])

    def render_rows(self) -> str:
        """The rows as text, one a line (how it looks is not graded)."""
        return "\n".join(" ".join(card.rank() for card in row) for row in self._rows)

    def __str__(self) -> str:
        return self.render_rows()
