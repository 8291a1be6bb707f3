"""Assertions about shuffles, shared by the A3 (shuffler) and A4 (Deck.shuffle) suites.

The uniformity and flip checks are sequential (grader/checks/sequential.py): they draw samples in
stages, continuing the same random stream, and stop at the first look where the counts are
decisive. Over the whole schedule of looks a correct shuffle fails with probability at most one
in a million and every named wrong shuffle (labs/elevens/shuffle_models.py) fails with probability at
least 0.999 (docs/statistics.md has every figure; ``tests/statistics`` recomputes them and
checks that the constants below are what ``ORDER_DESIGN`` and ``FLIP_DESIGN`` give).
"""

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import permutations

from grader.checks.assertions import fail, show
from grader.idiom import Twin
from grader.checks.sequential import FAIL, PASS, Look, SequentialRate, SequentialUniformity
from grader.checks.statistics import Band

# Orders of 4 items: 24 outcomes.
ORDER_ITEMS = 4
# How the order check below was made (design_uniformity): the looks; the false-failure budget
# spent at each (rejection bands holding alpha / 48 in each tail); the "clearly fine" bands
# (1e-4 in each tail); and the chance each named wrong shuffle may be passed early at each look
# (betas), which sets the largest spread of the counts that passes early (Pearson's statistic
# at most 50 whatever the budget). The last look is sized so that the hardest named mistake
# (swapping every position with any index) still fails 999 times in 1000 over the whole schedule.
ORDER_DESIGN = dict(
    sizes=(1_000, 3_000, 3_300, 3_600, 4_000, 4_500, 5_000, 6_000, 7_000, 8_500, 10_000, 12_300),
    alphas=(2e-7 / 11,) * 11 + (8e-7,),
    accept_tail=1e-4,
    betas=(0, 6e-5, 6e-5, 4e-5, 2e-5, 1e-5, 5e-6, 1e-6, 1e-6, 1e-6, 1e-6, 0),
    pearson_cap=50,
)
# Look(samples in all, rejection band for each order's count,
#      then, to pass early: band for each order's count, largest sum of the squared counts).
ORDER_CHECK = SequentialUniformity(24, (
    Look(1_000, Band(9, 86)),
    Look(3_000, Band(64, 198), Band(86, 168), 377_906),
    Look(3_300, Band(73, 213), Band(97, 182), 457_585),
    Look(3_600, Band(82, 229), Band(107, 196), 544_746),
    Look(4_000, Band(95, 250), Band(122, 216), 672_717),
    Look(4_500, Band(111, 275), Band(140, 239), 851_750),
    Look(5_000, Band(127, 301), Band(158, 263), 1_051_897),
    Look(6_000, Band(161, 351), Band(194, 309), 1_512_500),
    Look(7_000, Band(195, 400), Band(232, 356), 2_056_250),
    Look(8_500, Band(247, 473), Band(288, 425), 3_028_125),
    Look(10_000, Band(300, 545), Band(344, 493), 4_187_500),
    Look(12_300, Band(395, 639)),
))

# flip(): heads with probability 2/3. Sized against a fair coin; every figure is exact.
FLIP_DESIGN = dict(
    sizes=(100, 200, 250, 300, 350, 400, 450, 500, 570),
    alphas=(2e-7 / 8,) * 8 + (8e-7,),
    betas=(0, 2e-5, 4e-5, 4e-5, 2e-5, 1e-5, 5e-6, 5e-6, 0),
)
# Look(flips in all, band for the number of heads, band that passes early).
FLIP_CHECK = SequentialRate(2 / 3, (
    Look(100, Band(39, 90)),
    Look(200, Band(95, 168), Band(130, 136)),
    Look(250, Band(124, 206), Band(157, 177)),
    Look(300, Band(153, 243), Band(185, 215)),
    Look(350, Band(183, 280), Band(214, 252)),
    Look(400, Band(213, 317), Band(243, 291)),
    Look(450, Band(243, 354), Band(273, 327)),
    Look(500, Band(273, 390), Band(300, 366)),
    Look(570, Band(323, 434)),
))

# The fixed-size check the sequential one replaced, still used by the diagnosis of a broken deck
# (labs/elevens/diagnosis/shuffle.py, with grader.checks.statistics.UniformityCheck): 11,975 samples.
ORDER_SAMPLES = 11_975

SHUFFLE_HINT = Twin("For k from the last index down to 1, pick r from 0 to k inclusive (random.randint(0, k)) "
                    "and swap the items at k and r. Do not reseed random inside the method.",
                    "For k from the last index down to 1, pick r from 0 to k inclusive ((int) (Math.random() * (k + 1))) "
                    "and swap the items at k and r. Do not make a Random with a fixed seed inside the method.")
ONE_IN_A_MILLION = "this check fails a correct {} in fewer than one grading in a million"


def expect_permutation(got, items: list, call: "str | Callable[[], str]", hint: str = "") -> None:
    """``got`` must hold exactly ``items``, each as often, in any order. ``call``: what was
    called, or a function that says it (called only on failure: a check made thousands of times)."""
    if type(got) is not list or Counter(map(repr, got)) != Counter(map(repr, items)):
        call = call() if callable(call) else call
        fail(f"{call}\n  expected: the same items in some order: {show(items)}\n  got:      {show(got)}",
             hint or "A shuffle only moves items around: it must never lose, add or copy one.")


def expect_permutations(orders: list, items: list, call: str, first: int = 1) -> dict[tuple, int]:
    """Every one of ``orders`` must be an order of ``items``; how often each order came up.

    Thousands of orders are checked by looking each one up among the n! valid ones; only an
    order that is not there gets the full, readable comparison. ``first`` is the number of the
    first call among all the calls made (the orders may be one stage of several).
    """
    counts = {tuple(order): 0 for order in permutations(items)}
    for number, got in enumerate(orders, start=first):
        try:
            key = tuple(got) if type(got) is list else None
        except TypeError:
            key = None
        if key not in counts:
            several = len(orders) > 1 or first > 1
            expect_permutation(got, items, f"{call} (call number {number})" if several else call)
            fail(f"{call}\n  expected: the same items in some order: {show(items)}\n  got:      {show(got)}")
        counts[key] += 1
    return counts


def _stages(most: int) -> str:
    return f"(The check draws in stages, up to {most:,} calls in all, and stops as soon as the counts settle the question.)"


def expect_uniform_orders(draw: Callable[[int], list], items: list, call: str) -> None:
    """Every order of ``items`` must come up about equally often.

    ``draw(n)`` gives the next ``n`` orders; it is called once per stage of ``ORDER_CHECK``,
    each stage continuing where the last one stopped, until the check passes or fails.
    """
    check = ORDER_CHECK
    counted = {tuple(order): 0 for order in permutations(items)}
    if len(counted) != check.outcomes:
        raise ValueError(f"the order check is made for {check.outcomes} orders, not {len(counted)}")
    drawn = 0
    for index, look in enumerate(check.looks):
        stage = expect_permutations(draw(look.samples - drawn), items, call, first=drawn + 1)
        for order, count in stage.items():
            counted[order] += count
        drawn = look.samples
        counts = list(counted.values())
        verdict = check.judge(index, counts)
        if verdict == PASS:
            return
        if verdict == FAIL:
            break
    all_orders = [list(order) for order in counted]
    unusual = check.unusual(index, counts)
    band = look.reject
    worst = sorted(unusual, key=lambda i: abs(counts[i] - drawn / len(counts)), reverse=True)[:4]
    lines = "\n".join(f"    {show(all_orders[i])}: {counts[i]} times" for i in worst)
    fail(f"{call}, {drawn:,} times: every one of the {len(counts)} orders should come up about "
         f"{round(drawn / len(counts)):,} times (after {drawn:,} calls a fair shuffle keeps every order between "
         f"{band.low} and {band.high} times; {ONE_IN_A_MILLION.format('shuffle')}), but some orders did not "
         f"(the counts ran from {min(counts)} to {max(counts)}):\n{lines}\n"
         f"{_stages(check.most_samples)}",
         SHUFFLE_HINT)


def expect_rate(draw: Callable[[int], list], event, rate_text: str, call: str, hint: str,
                check: SequentialRate = FLIP_CHECK) -> None:
    """``event`` must happen at the rate of ``check`` among the outcomes ``draw(n)`` gives,
    drawn stage by stage until the check passes or fails."""
    count = drawn = 0
    for index, look in enumerate(check.looks):
        outcomes = draw(look.samples - drawn)
        count += sum(1 for outcome in outcomes if outcome == event)
        drawn = look.samples
        verdict = check.judge(index, count)
        if verdict == PASS:
            return
        if verdict == FAIL:
            break
    band = look.reject
    fail(f"{call}, {drawn} times: {show(event)} should come up {rate_text} of the time, about "
         f"{round(drawn * check.rate)} times (after {drawn} calls a correct {call} gives between {band.low} and "
         f"{band.high}; {ONE_IN_A_MILLION.format(call)}), but it came up {count} times\n{_stages(check.most_samples)}", hint)


# "Every place changes": a shuffle that leaves some place alone in every one of many calls (a
# special case that skips the work for some lengths, a loop that never reaches index 0) keeps that
# item where it was. Under a correct shuffle each call leaves a given place's item there with
# probability 1/n (each rearrangement is uniform and independent), so a list of n distinct items
# keeps some place unchanged through ``calls`` calls with probability at most n * (1/n)**calls
# (union bound over the places). Lists shorter than MOVE_MIN_ITEMS are not judged this way.
MOVE_MIN_ITEMS = 3
KEEP_CALLS = 20  # A3: selection_shuffle on each list, lengths 3 to 52
DECK_SHUFFLES = 5  # A4: consecutive shuffles of the 52 planted cards


def stay_bound(items: int, calls: int) -> Fraction:
    """A correct shuffle keeps some place of ``items`` distinct items unchanged through
    ``calls`` calls with at most this probability (0 for lists that are not judged)."""
    return Fraction(items, items ** calls) if items >= MOVE_MIN_ITEMS else Fraction(0)


def expect_every_place_changes(orders: list[list], start: list, call: str) -> None:
    """Some call among ``orders`` must have put a new item in each place of ``start`` (a list
    of distinct items, MOVE_MIN_ITEMS or more; shorter lists and lists with repeats pass). A call
    that lost or added an item is the "keeps every item" tests' to judge, so it passes here."""
    names = list(map(repr, start))
    if len(start) < MOVE_MIN_ITEMS or len(set(names)) < len(names):
        return
    if any(type(order) is not list or Counter(map(repr, order)) != Counter(names) for order in orders):
        return
    for place, item in enumerate(names):
        if all(repr(order[place]) == item for order in orders):
            fail(f"{call}, {len(orders)} times: the item in place {place} never moved\n"
                 f"  expected: every place gets a new item at least once in {len(orders)} shuffles "
                 f"(a fair shuffle of {len(start)} items almost never leaves a place alone that often)\n"
                 f"  got:      {show(start[place])} in place {place} after every shuffle", SHUFFLE_HINT)
