"""A stand-in ``uds_cards`` whose decks make every game's match known, for Activity 7.

``make_standard_deck()`` and ``card_value(card)`` as the lab's uds_cards has them, except that
each deck's numbers are set by the grader when the deck is first dealt from: a *flat* deck's 52
cards are all worth 7, so every change is S and a prediction made of S only ("S", "SS", "SSS")
always occurs; a *distinct* deck's cards are worth 1 to 52, one number each, so no change is
ever S and such a prediction never occurs; a *standard* deck keeps the lab's numbers (for the
answers the rules fix: "U" always occurs there, "SSSS" never). Whatever order ``rng`` puts the cards in, whoever
sits where and whichever card each player lays, the game's match is known. The trusted suite
sends which decks to deal (``estimate_known``) and knows exactly how many games match; the
student's ``estimate_match_probability`` must return exactly that fraction.

Every reading of the handout gives it: a deck counts for a game when it is first dealt from
(``deck.deal()``, which play_round's deal does), so a deck made and never dealt (say, to read its
size) uses no entry, and however the student tells a match (``match_score``, ``find_match``,
``pred in change_str``, the players' scores, their own changes of the row's values) the answer is
the same. Decks dealt after the list runs out are flat (they match), so playing one game too
many always changes the answer.

Knowing the answer's count is not enough: the games must be played. While the simulation runs,
the given players are spies (uds_probes.seated_spies) that write down every card they lay, the
moment the lab's play_round asks them; each card knows the deck it came from, so the suite gets
every card laid as [which deck (its number in the order the decks were first dealt from, -1 for
a card of no known deck), the card's number, how long the row the player was shown was]. The
suite cuts that into rows on its own side and requires every deck dealt from to have been played
through, every card of it laid, in one row (labs/up_down_stay/known_games.py,
``watched_games``). Only plain data crosses back.
"""

import random

import uds_cards as _lab
import uds_probes
from card import Card
from deck import Deck

RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
FLAT_VALUE = 7
_LAB_DECK = _lab.make_standard_deck
_KINDS: list = []  # "flat", "distinct" or "standard", one per game still to deal
_BEGUN = [0]


class _KnownCard(Card):
    """A card whose number is its deck's: the standard one until the deck is first dealt."""

    def __init__(self, rank: str, suit: str, value: int, number: int, deck: "_KnownDeck") -> None:
        super().__init__(rank, suit, value)
        self._known_number = number
        self._known_deck = deck

    def point_value(self) -> int:
        kind = self._known_deck._known_kind
        if kind == "flat":
            return FLAT_VALUE
        return self._known_number if kind == "distinct" else super().point_value()

    pointValue = point_value


class _KnownDeck(Deck):
    """The lab's Deck of the 52 standard cards; its kind is set by its first deal()."""

    def __init__(self) -> None:
        super().__init__(RANKS, SUITS, list(range(1, 14)))
        self._known_kind = None
        self._known_index = -1
        self.cards = [_KnownCard(card.rank(), card.suit(), Card.point_value(card), number, self)
                      for number, card in enumerate(self.cards, start=1)]

    def deal(self):
        if self._known_kind is None:
            self._known_kind = _KINDS.pop(0) if _KINDS else "flat"
            self._known_index = _BEGUN[0]
            _BEGUN[0] += 1
        return super().deal()


def make_standard_deck() -> Deck:
    """A 52-card deck of the lab's Card and Deck; which numbers it has is set when it is dealt."""
    return _KnownDeck()


def card_value(card) -> int:
    return card.point_value()


def estimate_known(pred: str, num_players: int, kinds: list, strategy: str) -> dict:
    """The student's estimate_match_probability(pred, num_players, len(kinds), rng, strategy)
    (``rng`` seeded from the test's seed, as uds_probes.new_rng) with this make_standard_deck in
    place of the lab's (``uds_cards.make_standard_deck`` and the student's own name for it), the
    given players watched: ``result``; ``begun``, how many decks were dealt from; and ``laid``,
    every card the given players laid, in order, as [its deck's number, the card's number, the
    length of the row the player was shown]."""
    import uds_simulation

    _KINDS[:] = list(kinds)
    _BEGUN[0] = 0
    patched = [module for module in (_lab, uds_simulation) if getattr(module, "make_standard_deck", None) is _LAB_DECK]
    for module in patched:
        module.make_standard_deck = make_standard_deck
    rng = random.Random(random.getrandbits(64))
    try:
        with uds_probes.seated_spies(num_players) as watch:
            result = uds_simulation.estimate_match_probability(pred, num_players, len(kinds), rng, strategy)
    finally:
        for module in patched:
            module.make_standard_deck = _LAB_DECK
        _KINDS.clear()
    laid = [_laid(card) + [length] for card, length in zip(watch.laid, watch.row_lengths)]
    return {"result": result, "begun": _BEGUN[0], "laid": laid}


def _laid(card) -> list:
    """[the number of the known deck the card came from (-1: none), the card's number (None: not
    a card)]."""
    if card is None:
        return [-1, None]
    deck = card._known_deck if isinstance(card, _KnownCard) else None
    number = card.point_value() if isinstance(card, Card) else None
    return [deck._known_index if deck is not None else -1, number if type(number) is int else None]
