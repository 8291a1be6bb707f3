"""Probes of a Deck's shuffle(), run with the student's whole class live (the constructor calls it).

``probe_normal_build`` builds decks the ordinary way: a build that fails only here, and not in the
sandbox where shuffle() is switched off, is shuffle's fault. ``probe_shuffle`` then judges
shuffle() the way Activity 4 does, on four Cards planted in ``cards``: it must set the count back
to len(cards), keep every card, and make every one of the 24 orders equally likely. The
rearrangement each shuffle makes is what must be uniform, so each order is compared with the one
before it. The sample size and the acceptance band are Activity 4's (labs/elevens/shuffle_checks.py):
a correct shuffle is blamed at most once in a million seeds.
"""

from collections import Counter
from dataclasses import dataclass, field
from itertools import permutations

from grader_labs.elevens.diagnosis.findings import (
    Finding,
    error_type,
    from_error,
    raised_in,
)
from grader_labs.elevens.diagnosis.state import FULL, SHAPES, card_fields, count_names
from grader_labs.elevens.shuffle_checks import ORDER_SAMPLES

from grader.sandbox import Remote, SandboxCrashed, SandboxError, SandboxTimeout, Student
from grader.checks.statistics import UniformityCheck

FOUR = ["ace", "2", "3", "4"]  # planted in spades, in this order
ORDERS = len(list(permutations(FOUR)))
UNREAD = object()  # the count could not be read after a shuffle


@dataclass
class NormalBuild:
    """Decks built the ordinary way, shuffle() and all."""

    shape: tuple | None = None  # the arguments of a deck that builds
    errors: dict[str, SandboxError] = field(default_factory=dict)  # by SHAPES label
    count_names: list[str] = field(default_factory=list)
    order: list[tuple] | None = None  # the 13-rank, 4-suit deck's cards, as the constructor left them
    size: object = None  # size() of that new deck


def probe_normal_build(student: Student) -> NormalBuild:
    """Build each of SHAPES with the constructor as written, shuffle() included."""
    built = NormalBuild()
    for label, shape in SHAPES.items():
        try:
            deck = student.deck.Deck(*shape)
        except SandboxError as error:
            built.errors[label] = error
            if isinstance(error, (SandboxTimeout, SandboxCrashed)):
                break  # the worker is gone: every later build would only "fail" for that reason
            continue
        built.shape = built.shape or shape
        if shape is FULL:
            try:
                cards = deck.get("cards")
                built.size = deck.size()
                if type(cards) is list and all(isinstance(card, Remote) for card in cards):
                    built.order = card_fields(student, cards)
                    built.count_names = count_names(deck, len(cards))
            except (SandboxTimeout, SandboxCrashed):
                return built  # size() hangs, say: its own probe reports that, and the worker is gone
            except SandboxError:
                pass  # the constructor's own probe reports a deck that cannot be read
    return built


_LIKELY = {
    "IndexError": "shuffle() reads past the end of `cards`: k must start at len(cards) - 1, the last index",
    "UnboundLocalError": "shuffle() uses a variable before it has a value: pick r first, then swap",
    "NameError": "shuffle() uses a name that does not exist (yet): pick r first, then swap",
    "TypeError": "a value in shuffle() is not what it should be (is something None?): r must be a whole "
                 "number from random.randint(0, k), and the swap needs a card on each side",
    "ValueError": "random.randint was given an empty range: k must run from len(cards) - 1 down to 1",
}


def build_failure(label: str, error: SandboxError) -> Finding:
    """A deck the constructor builds with shuffle() off, but not with it on: shuffle's fault."""
    if "shuffle" in raised_in(error):
        call = f"shuffle(), called by the constructor while building {label},"
    else:
        call = f"building {label} (which works with shuffle() switched off)"
    return from_error("shuffle", call, error, _LIKELY.get(error_type(error), ""))


def probe_shuffle(student: Student, shape: tuple, count_name: str | None, size_ok: bool) -> Finding | None:
    """Four planted Cards, one of them left to deal: shuffle once, then again and again."""
    deck = student.deck.Deck(*shape)
    deck.set("cards", [student.card.Card(rank, "spades", 1) for rank in FOUR])
    if count_name:
        deck.set(count_name, 1)
    try:
        deck.shuffle()
    except SandboxError as error:
        return from_error("shuffle", "shuffle() of a deck holding 4 cards", error, _LIKELY.get(error_type(error), ""))
    reset = _count_after(deck, count_name, size_ok)
    if reset is not UNREAD and (type(reset) is not int or reset != len(FOUR)):
        return Finding("shuffle", f"after shuffle() of a deck holding 4 cards (1 of them left to deal), "
                                  f"size() is {reset!r}, not 4",
                       "after shuffling, set the count back to len(cards): every card is undealt again")
    try:
        orders = deck.shuffle.sample(ORDER_SAMPLES + 1, observe=[["self"], ["attr", "cards"], ["each", "rank"]])
    except SandboxError as error:
        return from_error("shuffle", "shuffle() called again and again", error)
    return _judge_orders(orders)


def _count_after(deck: Remote, count_name: str | None, size_ok: bool):
    """The count after a shuffle, through size() when it is right; UNREAD when it cannot be read."""
    try:
        if size_ok:
            return deck.size()
        return deck.get(count_name) if count_name else UNREAD
    except SandboxError:
        return UNREAD


def _judge_orders(orders: list) -> Finding | None:
    for order in orders:
        if type(order) is not list or sorted(map(str, order)) != sorted(FOUR):
            return Finding("shuffle", f"after shuffle(), the ranks in `cards` were {order!r}, not the 4 planted ones",
                           "shuffle() only swaps cards inside `cards`: swap cards[k] and cards[r], never losing or copying one")
    moves = [tuple(before.index(card) for card in now) for before, now in zip(orders, orders[1:])]
    tally = Counter(moves)
    samples = f"in {len(moves):,} shuffles of 4 cards"
    if set(tally) == {(0, 1, 2, 3)}:
        return Finding("shuffle", f"shuffle() never changed the order of the cards ({samples}); the count is still reset",
                       "the loop never runs: its condition is wrong (it must count k down from len(cards) - 1 to 1)")
    still = [place for place in range(len(FOUR)) if all(move[place] == place for move in moves)]
    if still == [len(FOUR) - 1]:
        return Finding("shuffle", f"shuffle() never moved the last card of `cards` ({samples})",
                       "the loop starts one step too late: k must start at len(cards) - 1, the last index")
    if still == [0]:
        return Finding("shuffle", f"shuffle() never moved the first card of `cards` ({samples})",
                       "r is never 0: pick r from 0 to k inclusive, random.randint(0, k)")
    if still:
        return Finding("shuffle", f"shuffle() never moved the cards at positions {still} ({samples})",
                       "every k from len(cards) - 1 down to 1 must be swapped with an r from 0 to k")
    if all(move[place] != place for move in moves for place in range(len(FOUR))):
        return Finding("shuffle", f"shuffle() moved every card every time; a card never stayed where it was ({samples})",
                       "r never equals k: pick r from 0 to k inclusive, random.randint(0, k), not from 0 to k - 1")
    if len(tally) < ORDERS:
        return Finding("shuffle", f"only {len(tally)} of the {ORDERS} orders of 4 cards ever came up ({samples})",
                       "the loop skips some values of k: it must run for every k from len(cards) - 1 down to 1")
    counts = [tally[move] for move in permutations(range(len(FOUR)))]
    if UniformityCheck(ORDERS, len(moves)).unusual(counts):
        return Finding("shuffle", f"some orders of 4 cards came up far more often than others ({samples}: "
                                  f"between {min(counts)} and {max(counts)} times each)",
                       "pick r from 0 to k inclusive with random.randint(0, k), a new r for each k from "
                       "len(cards) - 1 down to 1, and swap cards[k] with cards[r]")
    return None
