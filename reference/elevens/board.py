"""Activity 8: what every Elevens-like solitaire board has in common.

A board is a row of slots (``cards``, a Card or ``None`` for an empty slot) and the deck that
refills them. Games differ only in which selections are legal and in how to spot that a play is
left, so those two methods are abstract and each game's subclass supplies them.
"""

from abc import ABC, abstractmethod

from card import Card
from deck import Deck


def _squash(name: str) -> str:
    """The spelling-insensitive key of a method name: ``is_legal`` and ``isLegal`` agree."""
    return name.replace("_", "").lower()


class Board(ABC):
    def __init__(self, size: int, ranks: list[str], suits: list[str], point_values: list[int]) -> None:
        self.cards: list[Card | None] = [None] * size
        self.deck = Deck(ranks, suits, point_values)
        self._deal_my_cards()

    def __init_subclass__(cls, **kwargs) -> None:
        # A subclass may be written in either naming style (``is_legal`` or the Java guide's
        # ``isLegal``). Give each method it defines a twin under the board's own spelling and
        # the other style, so the abstract methods count as implemented and callers of either
        # style reach the subclass's version rather than an inherited one.
        super().__init_subclass__(**kwargs)
        known = {_squash(name): name for name in dir(Board) if not name.startswith("__")}
        for name, value in list(vars(cls).items()):
            if name.startswith("__") or not callable(value):
                continue
            twin = known.get(_squash(name))
            if twin and twin != name and twin not in vars(cls):
                setattr(cls, twin, value)

    def __getattr__(self, name: str):
        # Reached only when the usual lookup fails: answer to any spelling of a method this
        # board has, so ``board.findJQK`` finds ``find_jqk`` whichever style a file used.
        wanted = _squash(name)
        for candidate in dir(type(self)):
            if candidate != name and _squash(candidate) == wanted:
                return getattr(self, candidate)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def new_game(self) -> None:
        self.deck.shuffle()
        self._deal_my_cards()

    def size(self) -> int:
        return len(self.cards)

    def is_empty(self) -> bool:
        """True when no slot holds a card."""
        return all(card is None for card in self.cards)

    def deal(self, k: int) -> None:
        """Fill slot k from the deck (with ``None`` once the deck has run out)."""
        self.cards[k] = self.deck.deal()

    def deck_size(self) -> int:
        return self.deck.size()

    def card_at(self, k: int) -> Card | None:
        return self.cards[k]

    def replace_selected_cards(self, selected: list[int]) -> None:
        """Refill each selected slot, in the order given."""
        for k in selected:
            self.deal(k)

    def card_indexes(self) -> list[int]:
        """The positions that hold a card, in increasing order."""
        return [k for k, card in enumerate(self.cards) if card is not None]

    def game_is_won(self) -> bool:
        return self.deck.is_empty() and self.is_empty()

    @abstractmethod
    def is_legal(self, selected: list[int]) -> bool:
        """Whether the cards at these board positions may be removed together."""

    @abstractmethod
    def another_play_is_possible(self) -> bool:
        """Whether any legal selection is left on the board."""

    def _deal_my_cards(self) -> None:
        for k in range(len(self.cards)):
            self.deal(k)

    def __str__(self) -> str:
        return "\n".join(f"{k}: {card}" for k, card in enumerate(self.cards))

    newGame = new_game
    isEmpty = is_empty
    deckSize = deck_size
    cardAt = card_at
    replaceSelectedCards = replace_selected_cards
    cardIndexes = card_indexes
    gameIsWon = game_is_won
    toString = __str__

