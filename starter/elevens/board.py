"""Activity 8: what every Elevens-like board has in common. Subclasses add the game's rules."""

from abc import ABC, abstractmethod

from card import Card
from deck import Deck


class Board(ABC):
    def __init__(self, size: int, ranks: list[str], suits: list[str], point_values: list[int]) -> None:
        """Make ``self.cards``, a list of ``size`` slots (None = empty), and ``self.deck``; then
        deal a card into every slot."""
        raise NotImplementedError("Board.__init__ (Activity 8)")

    def new_game(self) -> None:
        """Shuffle the deck and deal a fresh card into every slot."""
        raise NotImplementedError("Board.new_game (Activity 8)")

    def size(self) -> int:
        """How many slots the board has."""
        raise NotImplementedError("Board.size (Activity 8)")

    def is_empty(self) -> bool:
        """True when every slot is empty (None)."""
        raise NotImplementedError("Board.is_empty (Activity 8)")

    def deal(self, k: int) -> None:
        """Put the next card from the deck into slot k (None when the deck is empty)."""
        raise NotImplementedError("Board.deal (Activity 8)")

    def deck_size(self) -> int:
        """How many cards are left in the deck."""
        raise NotImplementedError("Board.deck_size (Activity 8)")

    def card_at(self, k: int) -> Card | None:
        """The card in slot k, or None."""
        raise NotImplementedError("Board.card_at (Activity 8)")

    def replace_selected_cards(self, selected: list[int]) -> None:
        """Deal a new card into each slot listed in ``selected``."""
        raise NotImplementedError("Board.replace_selected_cards (Activity 8)")

    def card_indexes(self) -> list[int]:
        """The slot numbers that hold a card, smallest first."""
        raise NotImplementedError("Board.card_indexes (Activity 8)")

    def game_is_won(self) -> bool:
        """True when both the deck and the board are empty."""
        raise NotImplementedError("Board.game_is_won (Activity 8)")

    @abstractmethod
    def is_legal(self, selected: list[int]) -> bool:
        """Whether the cards in these slots may be removed together (each game decides)."""

    @abstractmethod
    def another_play_is_possible(self) -> bool:
        """Whether any legal play is left on the board (each game decides)."""

    def __str__(self) -> str:
        """One line per slot, for example ``0: ace of hearts (point value = 1)``."""
        raise NotImplementedError("Board.__str__ (Activity 8)")
