"""Games whose outcome the grader knows, for Activity 11b: what the stand-in board deals, and how
the grader checks that each game it dealt was played.

The suite sends deck orders to harness/elevens/known_board.py (in Java, java/KnownBoard.java),
whose ElevensBoard deals one per game. The orders are shuffles of the whole deck drawn from the
test's seed (no pool a student could list), each played out here by the grader's own rules
(games.py) to learn whether it is won; the suite keeps won and lost ones until it has enough. So
it knows how many of the games are won, and the student's ``simulate`` must return exactly that
fraction. Which games are won, and how many, comes from the seed too: a run of all won games,
one of all lost games and one of exactly k won (k from 1 to GAMES - 1), in an order of the
seed's, each as many games long. No number a simulation could return without playing matches
all three.

The seed is not a secret (a student who reads the source can work out the games), so the count
is not the defence: the known board also writes down every change made to its places, and
``replay`` plays each game again here, by these rules, from the order dealt and those changes.
A game counts as played only when every change was part of a legal play (an 11-pair or J-Q-K
taken off and refilled from the deck in order) and the board was left at the game's end: no
legal play on it, or the game won. Reading cards, or changing the board any other way, plays
nothing.
"""

import random
from dataclasses import dataclass
from functools import lru_cache

from grader_labs.elevens.games import ELEVENS, FULL_DECK
from grader_labs.elevens.planting import ELEVENS_VALUES, card_fields

GAMES = 12  # games in each known run of simulate(GAMES)
SINGLE_CALLS = 8  # simulate(1) calls, each on one known game
MAX_WRITES = 1000  # a game played by the rules changes its places fewer than 100 times


@dataclass(frozen=True)
class KnownRun:
    """One ``simulate(len(orders))`` call: the deck orders to deal, in order (each a list of card
    codes, first card first), and how many of them are won."""

    orders: tuple
    won: int

    @property
    def games(self) -> int:
        return len(self.orders)


@dataclass(frozen=True)
class KnownGames:
    """The runs of one test, and ``extra``: the (won) order dealt to every game past a run's."""

    runs: tuple
    extra: tuple

    def sent(self) -> tuple[list, list]:
        """What the known board is sent: each run's orders, then the extra order, every card as
        [rank, suit, value]."""
        return [[fields(order) for order in run.orders] for run in self.runs], fields(self.extra)

    def order(self, run: KnownRun, game: int) -> tuple:
        """The order the ``game``-th game (from 0) of ``run`` was dealt."""
        return run.orders[game] if game < run.games else self.extra


def fields(order: tuple) -> list:
    return [list(card_fields(code, ELEVENS_VALUES)) for code in order]


class _Shuffles:
    """Won and lost deck orders drawn from one seeded Random: shuffles of the full deck, each
    played out by games.py's rules, kept in the order drawn. About 1 in 9.4 is won (games.py),
    so the 24 won orders a test may need cost about 230 shuffles (under 0.1 s)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.kept: dict[bool, list[tuple]] = {True: [], False: []}

    def take(self, won: bool) -> tuple:
        while not self.kept[won]:
            order = FULL_DECK[:]
            self.rng.shuffle(order)
            self.kept[ELEVENS.play_out(order).won].append(tuple(order))
        return self.kept[won].pop(0)


def _run(shuffles: _Shuffles, outcomes: list[bool]) -> KnownRun:
    return KnownRun(tuple(shuffles.take(outcome) for outcome in outcomes), outcomes.count(True))


@lru_cache(maxsize=8)  # a test's seed is every student's: a class deals its games once
def known_runs(seed: int) -> KnownGames:
    """All won, all lost, and exactly k of GAMES won (k, the order of the three and every deck
    order from ``seed``)."""
    rng = random.Random(f"{seed}/known runs")  # a stream of its own: no game is single_runs' too
    mixed = [True] * rng.randint(1, GAMES - 1)
    mixed += [False] * (GAMES - len(mixed))
    rng.shuffle(mixed)
    runs = [[True] * GAMES, [False] * GAMES, mixed]
    rng.shuffle(runs)
    shuffles = _Shuffles(rng)
    return KnownGames(tuple(_run(shuffles, outcomes) for outcomes in runs), shuffles.take(True))


@lru_cache(maxsize=8)
def single_runs(seed: int) -> KnownGames:
    """SINGLE_CALLS one-game runs, at least one won and one lost (the rest, the order and every
    deck order from ``seed``)."""
    rng = random.Random(f"{seed}/single runs")
    outcomes = [True, False] + [rng.random() < 0.5 for _ in range(SINGLE_CALLS - 2)]
    rng.shuffle(outcomes)
    shuffles = _Shuffles(rng)
    return KnownGames(tuple(_run(shuffles, [outcome]) for outcome in outcomes), shuffles.take(True))


@dataclass(frozen=True)
class Replay:
    """One dealt game played again from the changes the known board saw: ``plays`` made, whether
    it was ``played`` (every change part of a legal play, and no play left at the end), whether
    it was ``won``, and ``why`` it was not played (for the student's message)."""

    plays: int
    played: bool
    won: bool
    why: str = ""


def replay(order: tuple, record: dict) -> Replay:
    """The game dealt from ``order`` (card codes, first card first), played again from ``record``
    (the known board's record of it: ``writes``, each [place, 1 if a card from the deck was put
    there else 0], in the order made; ``other_changes``, how many changes to the board were not
    such writes). Cards taken off the board, in the order taken, must make legal plays one after
    another (games.py's rules); a card put on a place is the deck's next one (the board checked
    that it is the card its deck dealt next), and a place may wait empty for its card while plays
    go on (each of those plays is one the game allows when every place is refilled at once), but
    not at the end."""
    board: list[str | None] = list(order[:ELEVENS.places])
    deck = list(order[ELEVENS.places:])
    taken: list[str] = []  # cards taken off since the last whole play
    plays = 0
    writes = record.get("writes") if isinstance(record, dict) else None
    if not isinstance(writes, list) or len(writes) > MAX_WRITES or record.get("other_changes") != 0:
        return Replay(0, False, False, "its cards were changed without a play")
    for write in writes:
        place, placed = write if _is_write(write) else (-1, 0)
        if not 0 <= place < len(board) or (placed and not deck):
            return Replay(plays, False, False, "its cards were changed without a play")
        if board[place] is not None:
            taken.append(board[place])
        board[place] = deck.pop(0) if placed else None
        if taken and ELEVENS.is_play(taken):
            plays += 1
            taken = []
        elif taken and not _could_become_a_play(taken):
            return Replay(plays, False, False, "cards were taken off that are not a legal play")
    if taken:
        return Replay(plays, False, False, "a play was left half made")
    if deck and None in board:
        return Replay(plays, False, False, "it stopped with empty places and cards still in the deck")
    won = not deck and all(code is None for code in board)
    if not won and ELEVENS.find_play(board):
        return Replay(plays, False, False, f"it stopped after {plays} play{'s' if plays != 1 else ''}, "
                                           "with a play still on the board")
    return Replay(plays, True, won)


def _is_write(write) -> bool:
    """[place, 0 or 1], as the known board writes it (the record is the sandbox's: check it)."""
    return (isinstance(write, list) and len(write) == 2 and all(type(item) is int for item in write)
            and write[1] in (0, 1))


def _could_become_a_play(taken: list[str]) -> bool:
    """Whether more cards could still make these a legal play: one card, or part of a group
    (J and Q of J-Q-K). Two cards that are not a pair worth 11 can only be part of a group."""
    if len(taken) == 1:
        return True
    ranks = sorted(code[:-1] for code in taken)
    return any(_within(ranks, list(group)) for group in ELEVENS.groups)


def _within(ranks: list[str], group: list[str]) -> bool:
    for rank in ranks:
        if rank not in group:
            return False
        group.remove(rank)
    return True
