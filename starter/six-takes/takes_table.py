"""Activity 2: the rows on the table, and where a card goes (Rules 1 to 4)."""

from card import Card


class Table:
    def __init__(self, starters: list[Card], scale: str = "school") -> None:
        """One row per starter card, in the order given. scale: the scale of the cards (they
        carry their penalties as point_value() already, so keep it or ignore it)."""
        raise NotImplementedError("Table (Activity 2)")

    def rows(self) -> list[list[Card]]:
        """The rows, as new lists: changing them must not change the table."""
        raise NotImplementedError("Table.rows (Activity 2)")

    def ends(self) -> list[int]:
        """The number of each row's last card: int(card.rank())."""
        raise NotImplementedError("Table.ends (Activity 2)")

    def target_row(self, card: Card) -> int | None:
        """Rules 1 and 2: the row whose last card is the largest number below the card's;
        None if every row ends above it."""
        raise NotImplementedError("Table.target_row (Activity 2)")

    def place(self, card: Card) -> list[Card]:
        """Put the card on its target row. Rule 3: if that row already holds 5 cards, the card
        takes those 5 (returned) and starts the row again. Returns [] if nothing is taken.
        Raise ValueError if no row can take the card."""
        raise NotImplementedError("Table.place (Activity 2)")

    def take_row(self, index: int, card: Card) -> list[Card]:
        """Rule 4: return every card of row ``index``; the row becomes [card]."""
        raise NotImplementedError("Table.take_row (Activity 2)")

    def row_penalty(self, index: int) -> int:
        """The sum of point_value() of the cards in row ``index``."""
        raise NotImplementedError("Table.row_penalty (Activity 2)")

    def render_rows(self) -> str:
        """The rows as text, for showing the game (not graded)."""
        raise NotImplementedError("Table.render_rows (Activity 2)")
