"""Games whose outcome the grader knows, for Activity 11b: what the stand-in board deals.

The suite sends deck orders to harness/elevens/known_board.py (in Java, java/KnownBoard.java),
whose ElevensBoard deals one per game; each order was played out here by the grader's own rules
(games.py), so the suite knows how many of the games are won and the student's ``simulate`` must
return exactly that fraction.
Which games are won, and how many, comes from the test's seed: a run of all won games, one of
all lost games and one of exactly k won (k from 1 to GAMES - 1), in an order of the seed's, each
as many games long. No number a simulation could return without playing matches all three.
"""

import random
from dataclasses import dataclass
from functools import cache

from grader_labs.elevens.games import ELEVENS
from grader_labs.elevens.planting import ELEVENS_VALUES, card_fields

GAMES = 12  # games in each known run of simulate(GAMES)
SINGLE_CALLS = 8  # simulate(1) calls, each on one known game


@dataclass(frozen=True)
class KnownRun:
    """One ``simulate(len(orders))`` call: the deck orders to deal, in order, each a list of
    [rank, suit, value], and how many of them are won."""

    orders: tuple
    won: int

    @property
    def games(self) -> int:
        return len(self.orders)


def _fields(order: list[str]) -> tuple:
    return tuple(tuple(card_fields(code, ELEVENS_VALUES)) for code in order)


@cache
def _pool() -> tuple[tuple, tuple]:
    """GAMES + 1 won and GAMES lost deck orders (the first of seeds 0, 1, 2, ...: games.py)."""
    games = ELEVENS.planted_games(won=GAMES + 1, lost=GAMES)
    return (tuple(_fields(order) for order, outcome in games if outcome.won),
            tuple(_fields(order) for order, outcome in games if not outcome.won))


def extra_order() -> tuple:
    """The won order the stand-in deals to every game past the ones it was sent: a loop that
    plays one game too many then always wins one game too many."""
    return _pool()[0][-1]


def _run(rng: random.Random, outcomes: list[bool]) -> KnownRun:
    won, lost = _pool()
    wins = iter(rng.sample(won[:GAMES], outcomes.count(True)))
    losses = iter(rng.sample(lost, outcomes.count(False)))
    return KnownRun(tuple(next(wins) if outcome else next(losses) for outcome in outcomes), outcomes.count(True))


def known_runs(seed: int) -> list[KnownRun]:
    """All won, all lost, and exactly k of GAMES won (k and the order of the three from ``seed``)."""
    rng = random.Random(seed)
    mixed = [True] * rng.randint(1, GAMES - 1)
    mixed += [False] * (GAMES - len(mixed))
    rng.shuffle(mixed)
    runs = [[True] * GAMES, [False] * GAMES, mixed]
    rng.shuffle(runs)
    return [_run(rng, outcomes) for outcomes in runs]


def single_runs(seed: int) -> list[KnownRun]:
    """SINGLE_CALLS one-game runs, at least one won and one lost (the rest and the order from ``seed``)."""
    rng = random.Random(seed)
    outcomes = [True, False] + [rng.random() < 0.5 for _ in range(SINGLE_CALLS - 2)]
    rng.shuffle(outcomes)
    return [_run(rng, [outcome]) for outcome in outcomes]
