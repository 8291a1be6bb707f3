"""Whole games of Elevens from a known deck order, played by the grader's own short rules.

The order of plays never changes whether a deck is won or which ranks are left (the lab asks
about it; tests/lab proves it on thousands of decks), so a student's ``play_if_possible`` that
makes any legal play each time must end exactly where these rules end. Planted games are
picked once, deterministically, from seeded shuffles: some won, some lost.
"""

import random
from dataclasses import dataclass

from grader_labs.elevens.standard_deck import ELEVENS_POINTS, SHORT

RANKS = list(SHORT.values())
VALUES = dict(zip(RANKS, ELEVENS_POINTS))
FULL_DECK = [rank + suit for suit in "shdc" for rank in RANKS]
PLACES = 9


@dataclass(frozen=True)
class Outcome:
    won: bool
    ranks_left: tuple[str, ...]  # sorted, of the cards still on the board
    deck_left: int


def _find_play(board: list[str | None]) -> list[int]:
    cards = [k for k, code in enumerate(board) if code is not None]
    for i, first in enumerate(cards):
        for second in cards[i + 1:]:
            if VALUES[board[first][:-1]] + VALUES[board[second][:-1]] == 11 and VALUES[board[first][:-1]]:
                return [first, second]
    faces = {board[k][:-1]: k for k in cards if board[k][:-1] in ("J", "Q", "K")}
    return list(faces.values()) if len(faces) == 3 else []


def play_out(order: list[str]) -> Outcome:
    """Deal ``order`` (first card first) onto nine places and play until no play is left."""
    board: list[str | None] = list(order[:PLACES])
    deck = list(order[PLACES:])
    while play := _find_play(board):
        for k in play:
            board[k] = deck.pop(0) if deck else None
    left = tuple(sorted(code[:-1] for code in board if code is not None))
    return Outcome(won=not deck and not left, ranks_left=left, deck_left=len(deck))


def planted_games(won: int = 2, lost: int = 2) -> list[tuple[list[str], Outcome]]:
    """The first ``won`` winning and ``lost`` losing deck orders from seeds 0, 1, 2, ..."""
    games: list[tuple[list[str], Outcome]] = []
    need = {True: won, False: lost}
    seed = 0
    while any(need.values()):
        order = FULL_DECK[:]
        random.Random(seed).shuffle(order)
        outcome = play_out(order)
        if need[outcome.won]:
            need[outcome.won] -= 1
            games.append((order, outcome))
        seed += 1
    return games
