"""Assertions about shuffles, shared by the A3 (shuffler) and A4 (Deck.shuffle) suites.

The sample sizes are the smallest that give a correct shuffle at most a one-in-a-million chance
of failing and every named wrong shuffle at least a 99.9% chance of failing (grader/statistics.py,
docs/statistics.md); ``tests/statistics`` recomputes them.
"""

from collections import Counter
from itertools import permutations

from grader.assertions import fail, show
from grader.statistics import RateCheck, UniformityCheck

# Orders of 4 items: 24 outcomes. Sized against the hardest named mistake (swapping every
# position with any index), which the others are far easier to catch than.
ORDER_ITEMS = 4
ORDER_SAMPLES = 11_975
# flip(): heads with probability 2/3; sized against a fair coin.
FLIP_SAMPLES = 550

SHUFFLE_HINT = ("For k from the last index down to 1, pick r from 0 to k inclusive (random.randint(0, k)) "
                "and swap the items at k and r. Do not reseed random inside the method.")


def expect_permutation(got, items: list, call: str, hint: str = "") -> None:
    """``got`` must hold exactly ``items``, each as often, in any order."""
    if type(got) is not list or Counter(map(repr, got)) != Counter(map(repr, items)):
        fail(f"{call}\n  expected: the same items in some order: {show(items)}\n  got:      {show(got)}",
             hint or "A shuffle only moves items around: it must never lose, add or copy one.")


def expect_permutations(orders: list, items: list, call: str) -> dict[tuple, int]:
    """Every one of ``orders`` must be an order of ``items``; how often each order came up.

    Thousands of orders are checked by looking each one up among the n! valid ones; only an
    order that is not there gets the full, readable comparison.
    """
    counts = {tuple(order): 0 for order in permutations(items)}
    for number, got in enumerate(orders, start=1):
        try:
            key = tuple(got) if type(got) is list else None
        except TypeError:
            key = None
        if key not in counts:
            expect_permutation(got, items, call if len(orders) == 1 else f"{call} (call number {number})")
            fail(f"{call}\n  expected: the same items in some order: {show(items)}\n  got:      {show(got)}")
        counts[key] += 1
    return counts


def expect_uniform_orders(orders: list[list], items: list, call: str) -> None:
    """Every order of ``items`` must come up about equally often among ``orders``."""
    counted = expect_permutations(orders, items, call)
    all_orders, counts = [list(order) for order in counted], list(counted.values())
    check = UniformityCheck(len(all_orders), len(orders))
    unusual = check.unusual(counts)
    if not unusual:
        return
    band = check.band
    worst = sorted(unusual, key=lambda i: abs(counts[i] - len(orders) / len(counts)), reverse=True)[:4]
    lines = "\n".join(f"    {show(all_orders[i])}: {counts[i]} times" for i in worst)
    fail(f"{call}, {len(orders)} times: every one of the {len(counts)} orders should come up about "
         f"{len(orders) // len(counts)} times (a fair shuffle stays between {band.low} and {band.high} "
         f"for each order in all but one grading in a million), but some orders did not:\n{lines}",
         SHUFFLE_HINT)


def expect_rate(outcomes: list, event, rate_text: str, rate: float, call: str, hint: str) -> None:
    """``event`` must happen among ``outcomes`` at the given rate."""
    check = RateCheck(rate, len(outcomes))
    count = sum(1 for outcome in outcomes if outcome == event)
    if count not in check.band:
        band = check.band
        fail(f"{call}, {len(outcomes)} times: {event!r} should come up {rate_text} of the time, "
             f"between {band.low} and {band.high} times (all but one grading in a million), "
             f"but it came up {count} times", hint)
