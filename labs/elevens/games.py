"""The three games' rules, written once on the grader's side: which cards make a play, and whole
games from a known deck order, played to the end.

Cards are short codes (``"5s"``, ``"10h"``, ``"Kd"``, see planting.py). The order of plays never
changes whether a deck is won or which ranks are left (the lab asks about it for Elevens;
tests/lab proves it for all three games on many decks), so a student's ``play_if_possible`` that
makes any legal play each time must end exactly where these rules end. Planted games are picked
once, deterministically, from seeded shuffles: some won, some lost.
"""

import random
from dataclasses import dataclass, replace
from itertools import combinations

from grader_labs.elevens.planting import RANKS as RANK_NAMES
from grader_labs.elevens.planting import SUITS
from grader_labs.elevens.standard_deck import ELEVENS_POINTS, SHORT

RANKS = list(SHORT.values())
VALUES = dict(zip(RANKS, ELEVENS_POINTS))
FULL_DECK = [rank + suit for suit in "shdc" for rank in RANKS]
PLACES = 9


@dataclass(frozen=True)
class Rules:
    """One game: its board size, the value of each short rank, the pair total, and the groups of
    ranks that make a play on their own (J-Q-K, a king, four of a kind).

    ``open_ranks``: the ranks whose point value the guide leaves to the student. The guide gives
    Thirteens' values for ace to queen only, and says kings go singly; it gives Tens no values at
    all, only that pairs add to 10 and 10, J, Q, K go as quartets. Any value that keeps the same
    plays is right (a Thirteens king worth 0 or 13 pairs with nothing): ``with_values``."""

    name: str
    places: int
    values: dict[str, int]
    pair_total: int
    groups: tuple[tuple[str, ...], ...]  # each sorted
    open_ranks: tuple[str, ...] = ()

    def with_values(self, values: dict[str, int]) -> "Rules | None":
        """These rules with a student's own point values (short rank -> value), when they are a
        choice the guide leaves open: only the open ranks' values differ, and exactly the same
        pairs of ranks make a play. None when they are not."""
        if set(values) != set(self.values) or any(type(v) is not int for v in values.values()):
            return None
        if any(values[rank] != self.values[rank] for rank in self.values if rank not in self.open_ranks):
            return None
        for i, first in enumerate(RANKS):
            for second in RANKS[i:]:
                theirs = values[first] + values[second] == self.pair_total
                if theirs != (self.values[first] + self.values[second] == self.pair_total):
                    return None
        return replace(self, values=dict(values))

    def codes(self) -> list[str]:
        """Every card of the deck as a code (for `grader play --lab-board`: grader/play/served.py)."""
        return [rank + suit for suit in "shdc" for rank in self.values]

    def face(self, code: str) -> tuple[str, str]:
        """A card's rank and suit as the page shows them: ``"Kd"`` is ("king", "diamonds")."""
        return RANK_NAMES[code[:-1]], SUITS[code[-1]][0]

    def is_play(self, codes: list[str]) -> bool:
        """Whether these cards (by code) are a legal play: two worth ``pair_total``, or a group."""
        ranks = [code[:-1] for code in codes]
        if len(ranks) == 2 and self.values[ranks[0]] + self.values[ranks[1]] == self.pair_total:
            return True
        return tuple(sorted(ranks)) in self.groups

    def find_play(self, board: list[str | None]) -> list[int]:
        """The places of some legal play on ``board`` (None = empty place), or []."""
        places = [k for k, code in enumerate(board) if code is not None]
        for first, second in combinations(places, 2):
            if self.is_play([board[first], board[second]]):
                return [first, second]
        for group in self.groups:
            found: list[int] = []
            for rank in group:
                found += [next((k for k in places if board[k][:-1] == rank and k not in found), -1)]
            if -1 not in found:
                return found
        return []

    def play_out(self, order: list[str]) -> "Outcome":
        """Deal ``order`` (first card first) onto the board and play until no play is left."""
        board: list[str | None] = list(order[:self.places])
        deck = list(order[self.places:])
        while play := self.find_play(board):
            for k in play:
                board[k] = deck.pop(0) if deck else None
        left = tuple(sorted(code[:-1] for code in board if code is not None))
        return Outcome(won=not deck and not left, ranks_left=left, deck_left=len(deck))

    def planted_games(self, won: int = 2, lost: int = 2) -> list[tuple[list[str], "Outcome"]]:
        """The first ``won`` winning and ``lost`` losing deck orders from seeds 0, 1, 2, ..."""
        games: list[tuple[list[str], Outcome]] = []
        need = {True: won, False: lost}
        seed = 0
        while any(need.values()):
            order = FULL_DECK[:]
            random.Random(seed).shuffle(order)
            outcome = self.play_out(order)
            if need[outcome.won]:
                need[outcome.won] -= 1
                games.append((order, outcome))
            seed += 1
        return games


@dataclass(frozen=True)
class Outcome:
    won: bool
    ranks_left: tuple[str, ...]  # sorted, of the cards still on the board
    deck_left: int


ELEVENS = Rules("Elevens", 9, VALUES, 11, (("J", "K", "Q"),))
THIRTEENS = Rules("Thirteens", 10, dict(zip(RANKS, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0])), 13, (("K",),),
                  open_ranks=("K",))
TENS = Rules("Tens", 13, dict(zip(RANKS, range(1, 14))), 10, tuple((rank,) * 4 for rank in ("10", "J", "Q", "K")),
             open_ranks=("10", "J", "Q", "K"))


def play_out(order: list[str]) -> Outcome:
    """A game of Elevens from ``order`` (kept for the lab's tests)."""
    return ELEVENS.play_out(order)


def planted_games(won: int = 2, lost: int = 2) -> list[tuple[list[str], Outcome]]:
    """Planted games of Elevens."""
    return ELEVENS.planted_games(won, lost)
