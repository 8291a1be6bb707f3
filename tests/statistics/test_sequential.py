"""The sequential checks of A3 and A4, proved: constants, false failures, power, sample sizes.

Everything here is exact arithmetic (binomial sums) or a rigorous bound (union bound,
Cauchy-Schwarz, Chernoff); test_simulation.py runs the same checks on simulated counts, and
test_docs.py holds docs/statistics.md to these figures.
"""

import dataclasses
import itertools
import math
import random

import pytest
from grader_labs.elevens.shuffle_checks import (
    FLIP_CHECK,
    FLIP_DESIGN,
    ORDER_CHECK,
    ORDER_DESIGN,
    ORDER_ITEMS,
)
from grader_labs.elevens.shuffle_models import (
    FLIP_MODELS,
    FLIP_RATE,
    order_probabilities,
    wrong_models,
)

from grader.checks.sequential import (
    FAIL,
    MORE,
    PASS,
    Look,
    SequentialRate,
    SequentialUniformity,
    acceptance_bound,
    binomial_between,
    chernoff_at_most,
    design_rate,
    design_uniformity,
    expected_samples_bound,
    final_miss,
    pass_bound,
    power_bound,
    rate_figures,
    uniform_false_failure_bound,
)
from grader.checks.statistics import FALSE_FAILURE, POWER, Band, above, acceptance_band, below

ORDERS = 24
UNIFORM = [1 / ORDERS] * ORDERS
ALTERNATIVES = {name: order_probabilities(name, ORDER_ITEMS) for name in wrong_models()}
# Reseeding with a constant: the same order every time (not a model of random choices).
ONE_ORDER = [1.0] + [0.0] * (ORDERS - 1)
HARDEST = "swap every position with any index: for i in 0..n-1, r from 0..n-1"


def pearson(counts: list[int]) -> float:
    n = sum(counts)
    expected = n / len(counts)
    return sum((c - expected) ** 2 for c in counts) / expected


# --- the constants the suites use are what the stated designs give ---------------------------

def test_the_order_check_is_what_its_design_gives():
    designed = design_uniformity(ORDERS, alternatives=list(ALTERNATIVES.values()), **ORDER_DESIGN)
    assert designed == ORDER_CHECK, f"refresh ORDER_CHECK in labs/elevens/shuffle_checks.py: {designed}"


def test_the_flip_check_is_what_its_design_gives():
    designed = design_rate(FLIP_RATE, wrong_rates=list(FLIP_MODELS.values()), **FLIP_DESIGN)
    assert designed == FLIP_CHECK, f"refresh FLIP_CHECK in labs/elevens/shuffle_checks.py: {designed}"


def test_the_designs_spend_at_most_their_budgets():
    assert math.fsum(ORDER_DESIGN["alphas"]) <= FALSE_FAILURE and math.fsum(FLIP_DESIGN["alphas"]) <= FALSE_FAILURE
    assert len(ORDER_DESIGN["alphas"]) == len(ORDER_DESIGN["betas"]) == len(ORDER_CHECK.looks)
    assert len(FLIP_DESIGN["alphas"]) == len(FLIP_DESIGN["betas"]) == len(FLIP_CHECK.looks)


def test_every_early_pass_region_lies_inside_the_rejection_bands():
    for check in (ORDER_CHECK, FLIP_CHECK):
        for look in check.looks[:-1]:
            if look.accept is not None:
                assert look.reject.low <= look.accept.low <= look.accept.high <= look.reject.high
    for look in ORDER_CHECK.looks[:-1]:
        if look.spread is not None:
            assert math.ceil(look.samples ** 2 / ORDERS) <= look.spread
            assert 0 <= look.pearson_limit(ORDERS) <= ORDER_DESIGN["pearson_cap"]


# --- the order check (A3 selection_shuffle, A4 Deck.shuffle) ----------------------------------

def test_order_check_fails_a_correct_shuffle_at_most_once_in_a_million():
    # Union bound over the looks and the 24 orders: each order's count at look k is
    # Binomial(n_k, 1/24), and only a count outside R_k fails a shuffle.
    total = 0.0
    for look, alpha in zip(ORDER_CHECK.looks, ORDER_DESIGN["alphas"]):
        spent = ORDERS * (below(look.samples, 1 / ORDERS, look.reject.low) + above(look.samples, 1 / ORDERS, look.reject.high))
        assert spent <= alpha
        total += spent
    assert total == pytest.approx(uniform_false_failure_bound(ORDER_CHECK))
    assert uniform_false_failure_bound(ORDER_CHECK) <= FALSE_FAILURE


@pytest.mark.parametrize("model", list(ALTERNATIVES))
def test_order_check_catches_each_named_wrong_shuffle_999_times_in_1000(model):
    q = ALTERNATIVES[model]
    for look, beta in zip(ORDER_CHECK.looks[:-1], ORDER_DESIGN["betas"]):
        assert acceptance_bound(ORDERS, look, q) <= beta
    assert power_bound(ORDER_CHECK, q) >= POWER


def test_the_bounds_do_not_depend_on_which_order_is_which():
    q = ALTERNATIVES[HARDEST]
    shuffled = random.Random(3).sample(q, len(q))
    assert pass_bound(ORDER_CHECK, shuffled) == pass_bound(ORDER_CHECK, q)
    assert expected_samples_bound(ORDER_CHECK, shuffled) == expected_samples_bound(ORDER_CHECK, q)


def test_shuffles_that_never_make_most_orders_fail_at_the_first_look_with_certainty():
    first = ORDER_CHECK.looks[0]
    # Reseeding, or a loop that never swaps: one order every time, far above the band.
    assert first.samples > first.reject.high
    assert pass_bound(ORDER_CHECK, ONE_ORDER) == 0.0 and expected_samples_bound(ORDER_CHECK, ONE_ORDER) == first.samples
    # Sattolo's off-by-one and never index 0: 18 orders never come up, and 0 is below the band.
    assert first.reject.low >= 1
    for model in ("Sattolo's off-by-one: r from 0..k-1", "never index 0: r from 1..k"):
        assert ALTERNATIVES[model].count(0.0) == 18
        assert pass_bound(ORDER_CHECK, ALTERNATIVES[model]) == 0.0


def with_last_look(check, samples: int, alpha: float, rate: float):
    """The same looks with the last one moved to ``samples`` (its band spending the same alpha)."""
    return dataclasses.replace(check, looks=check.looks[:-1] + (Look(samples, acceptance_band(samples, rate, alpha)),))


def test_the_last_look_is_the_smallest_multiple_of_100_that_keeps_the_power():
    # (Power is not quite monotone in the sample size, the bands moving in whole counts: the
    # design takes the first multiple of 100 that works.)
    alpha = ORDER_DESIGN["alphas"][-1] / ORDERS
    assert ORDER_CHECK.most_samples % 100 == 0
    for fewer in range(ORDER_CHECK.looks[-2].samples + 100, ORDER_CHECK.most_samples, 100):
        weaker = with_last_look(ORDER_CHECK, fewer, alpha, 1 / ORDERS)
        assert min(power_bound(weaker, q) for q in ALTERNATIVES.values()) < POWER, fewer


def test_no_wrong_shuffle_is_drawn_longer_than_the_last_look():
    for q in [*ALTERNATIVES.values(), ONE_ORDER]:
        assert ORDER_CHECK.looks[0].samples <= expected_samples_bound(ORDER_CHECK, q) <= ORDER_CHECK.most_samples


# --- the pieces of the bounds ----------------------------------------------------------------

def test_judging_the_counts_look_by_look():
    check = ORDER_CHECK
    look = check.looks[1]  # 3,000 samples: 125 each when perfectly even
    even = [125] * ORDERS
    assert check.judge(1, even) == PASS
    lopsided = even[:]
    lopsided[0], lopsided[1] = look.reject.high + 1, 250 - look.reject.high - 1
    assert check.judge(1, lopsided) == FAIL and check.unusual(1, lopsided) == [0, 1]
    outside_accept = even[:]
    outside_accept[0], outside_accept[1] = look.accept.high + 1, 250 - look.accept.high - 1
    assert check.judge(1, outside_accept) == MORE
    # Within every acceptance band but spread too much: draw more.
    spread = [125 + (20 if i % 2 else -20) for i in range(ORDERS)]
    assert all(c in look.accept for c in spread) and pearson(spread) > look.pearson_limit(ORDERS)
    assert check.judge(1, spread) == MORE
    # The first look never passes early; the last passes whatever is inside its bands.
    assert check.judge(0, [1000 // ORDERS + (1 if i < 1000 % ORDERS else 0) for i in range(ORDERS)]) == MORE
    last = check.looks[-1]
    ragged = [last.reject.low] * 12 + [last.samples // 12 - last.reject.low] * 12
    assert sum(ragged) == last.samples and check.judge(len(check.looks) - 1, ragged) == PASS
    with pytest.raises(ValueError):
        check.judge(1, [100] * ORDERS)


def test_a_schedule_must_grow_and_end_without_an_early_pass():
    with pytest.raises(ValueError):
        SequentialUniformity(2, (Look(10, Band(0, 10)), Look(10, Band(0, 10))))
    with pytest.raises(ValueError):
        SequentialRate(0.5, (Look(10, Band(0, 10), Band(4, 6)),))


def test_the_spread_bound_is_pearsons_statistic_in_whole_numbers():
    for look in ORDER_CHECK.looks[1:-1]:
        n, limit = look.samples, look.pearson_limit(ORDERS)
        assert (ORDERS * look.spread - n * n) / n == pytest.approx(limit)
        # the sum of squares crosses the spread bound exactly where Pearson's statistic crosses c
        counts = [n // ORDERS] * ORDERS
        counts[0] += n - sum(counts)
        assert (sum(c * c for c in counts) <= look.spread) == (pearson(counts) <= limit + 1e-9)


def test_a_small_pearson_statistic_keeps_every_weighted_sum_small():
    # The step the power bound rests on: T <= c forces |sum w_i c_i| <= sqrt(c n p sum w_i^2)
    # for weights w adding up to 0 (Cauchy-Schwarz), whatever the counts.
    rng = random.Random(11)
    q = ALTERNATIVES[HARDEST]
    w = [x - 1 / ORDERS for x in q]
    norm = sum(x * x for x in w)
    for _ in range(2000):
        n = rng.randrange(24, 600)
        counts = [0] * ORDERS
        for _ in range(n):
            counts[rng.choices(range(ORDERS), q if rng.random() < 0.5 else UNIFORM)[0]] += 1
        limit = math.sqrt(pearson(counts) * n / ORDERS * norm)
        assert abs(sum(wi * ci for wi, ci in zip(w, counts))) <= limit + 1e-9


def test_chernoff_bounds_the_exact_tail_from_above():
    for n, p, k in [(100, 0.3, 20), (1000, 0.05, 30), (500, 0.5, 240), (50, 0.9, 49)]:
        exact = below(n, p, k + 1)
        bound = chernoff_at_most([0.0, 1.0], [1 - p, p], n, k)
        assert exact <= bound <= 1.0
        assert bound < 50 * math.sqrt(n) * exact or exact > 0.1  # and it is not a silly bound
    assert chernoff_at_most([1.0, 2.0], [0.5, 0.5], 10, 9.5) == 0.0
    assert chernoff_at_most([1.0, 2.0], [0.5, 0.5], 10, 20) == 1.0


def test_binomial_between_is_the_exact_sum():
    assert binomial_between(100, 0.3, 20, 35) == pytest.approx(1 - below(100, 0.3, 20) - above(100, 0.3, 35), abs=1e-13)
    assert binomial_between(10, 1.0, 0, 9) == 0.0 and binomial_between(10, 0.0, 0, 0) == 1.0
    assert binomial_between(10, 0.5, 7, 3) == 0.0


def test_the_acceptance_bound_is_above_the_exact_chance_on_a_small_check():
    # Three outcomes and 45 samples: every table of counts can be listed, so the chance of the
    # early-pass region is exact and must not exceed the bound.
    n, k = 45, 3
    q = [0.5, 0.3, 0.2]
    look = Look(n, Band(0, n), Band(8, 22), 700)
    exact = 0.0
    for a in range(n + 1):
        for b in range(n + 1 - a):
            counts = (a, b, n - a - b)
            if all(c in look.accept for c in counts) and sum(c * c for c in counts) <= look.spread:
                exact += (math.factorial(n) / math.prod(math.factorial(c) for c in counts)
                          * math.prod(x ** c for x, c in zip(q, counts)))
    assert 0 < exact <= acceptance_bound(k, look, q) < 1


def test_the_exact_rate_figures_match_every_path_on_a_small_check():
    # Up to 12 flips of a coin: list every sequence of outcomes and follow the check.
    check = SequentialRate(0.5, (Look(4, Band(1, 3)), Look(8, Band(2, 6), Band(4, 4)), Look(12, Band(3, 9))))
    for rate in (0.5, 0.3, 0.8):
        failed = passed = expected = 0.0
        for flips in itertools.product((0, 1), repeat=12):
            chance = math.prod(rate if f else 1 - rate for f in flips)
            for index, look in enumerate(check.looks):
                verdict = check.judge(index, sum(flips[:look.samples]))
                if verdict != MORE:
                    break
            failed += chance * (verdict == FAIL)
            passed += chance * (verdict == PASS)
            expected += chance * look.samples
        figures = rate_figures(check, rate)
        assert (figures.fail, figures.passes, figures.expected_samples) == pytest.approx((failed, passed, expected))


# --- the flip check (A3) ---------------------------------------------------------------------

def test_flip_check_fails_a_correct_flip_at_most_once_in_a_million():
    total = 0.0
    for look, alpha in zip(FLIP_CHECK.looks, FLIP_DESIGN["alphas"]):
        spent = look.reject.outside_probability(look.samples, FLIP_RATE)
        assert spent <= alpha
        total += spent
    assert total <= FALSE_FAILURE  # the union bound over looks
    assert rate_figures(FLIP_CHECK, FLIP_RATE).fail <= total  # and the exact figure


@pytest.mark.parametrize("model", list(FLIP_MODELS))
def test_flip_check_catches_each_named_wrong_flip_999_times_in_1000(model):
    assert rate_figures(FLIP_CHECK, FLIP_MODELS[model]).fail >= POWER


def test_the_last_flip_look_is_the_smallest_multiple_of_10_that_keeps_the_power():
    assert FLIP_CHECK.most_samples % 10 == 0
    for fewer in range(FLIP_CHECK.looks[-2].samples + 10, FLIP_CHECK.most_samples, 10):
        weaker = with_last_look(FLIP_CHECK, fewer, FLIP_DESIGN["alphas"][-1], FLIP_RATE)
        assert min(rate_figures(weaker, rate).fail for rate in FLIP_MODELS.values()) < POWER, fewer


def test_final_miss_is_the_likeliest_order_staying_inside_the_last_band():
    q = ALTERNATIVES[HARDEST]
    last = ORDER_CHECK.looks[-1]
    assert final_miss(ORDER_CHECK, q) == min(binomial_between(last.samples, x, last.reject.low, last.reject.high) for x in q)
