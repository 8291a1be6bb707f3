"""Exact outcome distributions of the named wrong shuffles, to size the checks and prove power.

Each model is the lab's selection shuffle with one realistic mistake, and its distribution over
the orders of ``n`` items is found by walking every sequence of random choices (4 items: at
most 4**4 = 256 sequences), so the probabilities are exact fractions.
"""

from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import permutations, product

# For each step of the loop, the positions it may swap with (each equally likely).
Steps = Callable[[int], list[tuple[int, range]]]


def _lab_loop(choices: Callable[[int, int], range]) -> Steps:
    """for k = n-1 down to 1: swap items k and r, r drawn from ``choices(k, n)``."""
    return lambda n: [(k, choices(k, n)) for k in range(n - 1, 0, -1)]


MODELS: dict[str, Steps] = {
    "correct: r from 0..k": _lab_loop(lambda k, n: range(0, k + 1)),
    "swap with any index: r from 0..n-1": _lab_loop(lambda k, n: range(0, n)),
    "swap every position with any index: for i in 0..n-1, r from 0..n-1": lambda n: [(i, range(n)) for i in range(n)],
    # The same mistake with the loop counting down: the inverse orders of the one above, so the
    # same probabilities on other orders (the checks judge the counts without their labels).
    "swap every position with any index, counting down: for i in n-1..0, r from 0..n-1":
        lambda n: [(i, range(n)) for i in range(n - 1, -1, -1)],
    "Sattolo's off-by-one: r from 0..k-1": _lab_loop(lambda k, n: range(0, k)),
    "never index 0: r from 1..k": _lab_loop(lambda k, n: range(1, k + 1)),
    "a loop that never swaps": lambda n: [],
}

# Reseeding ``random`` with a constant on every call gives the same order every time: all the
# probability on one order, which the uniformity check rejects with certainty (see docs).
RESEEDING = "reseeding random with a constant on every call"

# flip(): the chance of "heads" under each named wrong version (a correct flip: 2/3).
FLIP_RATE = 2 / 3
FLIP_MODELS: dict[str, float] = {
    "a fair coin: randrange(2) < 1": 1 / 2,
    "heads one time in three: the branches swapped": 1 / 3,
    "always heads": 1.0,
    "always tails": 0.0,
}


def distribution(steps: list[tuple[int, range]], n: int) -> dict[tuple[int, ...], Fraction]:
    result: dict[tuple[int, ...], Fraction] = {}
    weight = Fraction(1)
    for _, options in steps:
        weight /= len(options)
    for choice in product(*(options for _, options in steps)):
        items = list(range(n))
        for (k, _), r in zip(steps, choice):
            items[k], items[r] = items[r], items[k]
        key = tuple(items)
        result[key] = result.get(key, Fraction(0)) + weight
    return result


def order_probabilities(name: str, n: int) -> list[float]:
    """The probability of each of the n! orders (in ``permutations`` order) under a model."""
    dist = distribution(MODELS[name](n), n)
    return [float(dist.get(order, 0)) for order in permutations(range(n))]


def wrong_models() -> Iterator[str]:
    return (name for name in MODELS if not name.startswith("correct"))
