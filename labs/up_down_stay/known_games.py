"""Games whose match the grader knows, for Activity 7: which decks the stand-in deals.

harness/up-down-stay/known_uds_cards.py deals *flat* decks (every card worth 7: every change is
S), *distinct* decks (cards worth 1 to 52: no change is S) and *standard* decks (the lab's own
numbers). A prediction made of S only then occurs in every flat game and in no distinct one,
whatever the shuffle and the players do, so the suite knows exactly how many games match. From
the test's seed: the prediction ("S", "SS" or "SSS"), the players (2 to 4), the strategy, and
three runs of GAMES games in a seeded order: every game matching, none, and exactly k (1 to
GAMES - 1). No number an estimate could return without playing the games matches all three.

The exact answers of the rules (``exact_runs``) get the same treatment: "U" matches in every
standard game and in no flat one, "SSSS" in every flat game and in no standard one, and with a
HighestPlayer in one of 2 seats "UUU" in none. Each call is made twice with the same arguments,
once on standard decks and once on a seeded mix with at least one flat deck, so the two answers
differ: no answer that depends on the arguments alone gives both.

Every game must be played, not read: the stand-in's decks can be told apart by reading one card,
so the suite also watches the given players (uds_probes.seated_spies) lay every card, and
``watched_games`` cuts what they laid into rows: each deck dealt from must have been played
through (all its cards that the deal hands out laid, one row, before the next deck's), exactly
``games`` of them, and the estimate must be the share of those rows that contain the prediction.
"""

import random
from dataclasses import dataclass

GAMES = 10  # games in each known run


@dataclass(frozen=True)
class KnownRun:
    """One estimate_match_probability call: its arguments, the decks in order, the matches."""

    pred: str
    players: int
    strategy: str
    kinds: tuple[str, ...]  # "flat" or "distinct", one per game

    @property
    def games(self) -> int:
        return len(self.kinds)

    @property
    def matches(self) -> int:
        return self.kinds.count("flat")


def known_runs(seed: int) -> list[KnownRun]:
    """All games matching, none, and exactly k of GAMES (k, the order and the call from ``seed``)."""
    rng = random.Random(seed)
    pred = rng.choice(["S", "SS", "SSS"])
    players = rng.randint(2, 4)
    strategy = rng.choice(["random", "highest"])
    mixed = ["flat"] * rng.randint(1, GAMES - 1)
    mixed += ["distinct"] * (GAMES - len(mixed))
    rng.shuffle(mixed)
    runs = [["flat"] * GAMES, ["distinct"] * GAMES, mixed]
    rng.shuffle(runs)
    return [KnownRun(pred, players, strategy, tuple(kinds)) for kinds in runs]


@dataclass(frozen=True)
class ExactRun:
    """One call whose answer the rules fix, on decks of known kinds ("standard" or "flat")."""

    pred: str
    players: int
    strategy: str
    kinds: tuple[str, ...]
    why: str

    @property
    def games(self) -> int:
        return len(self.kinds)

    @property
    def matches(self) -> int:
        """"U" needs a standard deck (a row of one number never goes up), "SSSS" a flat one (five
        cards of one number), and "UUU" beside a HighestPlayer of 2 seats never occurs."""
        if self.pred == "U":
            return self.kinds.count("standard")
        if self.pred == "SSSS":
            return self.kinds.count("flat")
        return 0

    @property
    def standard(self) -> bool:
        return set(self.kinds) == {"standard"}


# (pred, players, games, strategy, why): "U" matches unless a whole row never goes up
# (probability below 1e-40 for the 51 or 52 cards of 2 or 3 players), "SSSS" would need five
# cards of one number, and with a HighestPlayer in one of 2 seats "UUU" would need that player
# to lay a higher card after a lower.
EXACT = [("U", 2, 3, "random", "a row of 52 cards always goes up somewhere"),
         ("U", 3, 1, "random", "one game of 3 players"),
         ("SSSS", 2, 4, "random", "four stays in a row need five cards of one number"),
         ("UUU", 2, 4, "highest", "seat 1 lays its cards highest first, so three ups in a row never happen")]


def exact_runs(seed: int) -> list[ExactRun]:
    """Each EXACT call on standard decks, then (but "UUU", which no deck kind changes) the same
    call on a mix of standard and flat decks from ``seed``, at least one flat."""
    rng = random.Random(seed)
    runs = []
    for pred, players, games, strategy, why in EXACT:
        runs.append(ExactRun(pred, players, strategy, ("standard",) * games, why))
        if pred != "UUU":
            kinds = ["flat"] + [rng.choice(["standard", "flat"]) for _ in range(games - 1)]
            rng.shuffle(kinds)
            runs.append(ExactRun(pred, players, strategy, tuple(kinds), why))
    return runs


@dataclass(frozen=True)
class Watched:
    """The games the given players were seen to play: ``rows`` (one per deck dealt from, the
    numbers laid in order) when every deck dealt from was played through, else None and ``why``."""

    rows: tuple | None
    why: str = ""

    def matches(self, pred: str) -> int:
        return sum(pred in changes(row) for row in self.rows or ())


def changes(row: tuple) -> str:
    """The change string of a row of numbers (U up, D down, S the same), as the handout defines it."""
    return "".join("U" if b > a else "D" if b < a else "S" for a, b in zip(row, row[1:]))


def watched_games(laid, begun: int, players: int) -> Watched:
    """Cut ``laid`` (the stand-in's report: every card the given players laid, in order, as [the
    number of the deck it came from, -1 for none; the card's number; the length of the row the
    player was shown]) into one row per deck dealt from (``begun`` of them, numbered in the order
    first dealt). Each row must be exactly the deal's ``players * (52 // players)`` cards, laid
    one after another, decks in order, each card laid on the row as it stood (the k-th card of
    a game was laid by a player shown a row of k - 1 cards, as play_round shows it)."""
    per_game = players * (52 // players)
    if not isinstance(laid, list) or not all(_is_laid(card) for card in laid):
        return Watched(None, "the cards laid could not be read")
    if any(deck < 0 or deck >= begun for deck, _, _ in laid):
        return Watched(None, "cards were laid that no deck the grader dealt had dealt")
    rows = []
    for deck in range(begun):
        block = laid[deck * per_game:(deck + 1) * per_game]
        row = tuple(number for number_deck, number, _ in block if number_deck == deck)
        if len(row) != per_game:
            played = sum(1 for number_deck, _, _ in laid if number_deck == deck)
            if played != per_game:
                return Watched(None, f"game {deck + 1} was not played through: {played} of its {per_game} cards "
                                     "were laid")
            return Watched(None, f"game {deck + 1}'s cards were not laid in one row, before the next game's")
        if [length for _, _, length in block] != list(range(per_game)):
            return Watched(None, f"game {deck + 1}'s cards were not laid one by one onto its row, as play_round "
                                 "lays them")
        rows.append(row)
    if len(laid) != begun * per_game:
        return Watched(None, "more cards were laid than its games hold")
    return Watched(tuple(rows))


def _is_laid(card) -> bool:
    return isinstance(card, list) and len(card) == 3 and all(type(part) is int for part in card)
