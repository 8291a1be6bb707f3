"""The stated error rates of every statistical check, recomputed exactly (docs/statistics.md)."""

import pytest

from grader.shuffle_checks import FLIP_SAMPLES, ORDER_ITEMS, ORDER_SAMPLES
from grader.shuffle_models import MODELS, order_probabilities, wrong_models
from grader.statistics import (FALSE_FAILURE, POWER, RateCheck, UniformityCheck, acceptance_band,
                               below, above, smallest_samples)

ORDERS = 24
FLIP_WRONG_RATES = {"a fair coin": 1 / 2, "heads one time in three": 1 / 3, "always heads": 1.0}


def test_binomial_tails_add_up_to_one():
    assert below(50, 0.3, 20) + above(50, 0.3, 19) == pytest.approx(1.0, abs=1e-12)
    assert below(10, 0.5, 1) == pytest.approx(0.5 ** 10)


def test_the_band_holds_each_tail_under_half_of_alpha_and_is_the_narrowest():
    band = acceptance_band(1000, 0.25, 1e-3)
    assert below(1000, 0.25, band.low) <= 5e-4 < below(1000, 0.25, band.low + 1)
    assert above(1000, 0.25, band.high) <= 5e-4 < above(1000, 0.25, band.high - 1)


def test_the_models_are_what_their_names_say():
    correct = order_probabilities("correct: r from 0..k", ORDER_ITEMS)
    assert correct == pytest.approx([1 / ORDERS] * ORDERS)
    assert sum(p > 0 for p in order_probabilities("Sattolo's off-by-one: r from 0..k-1", 4)) == 6  # the 4-cycles
    assert max(order_probabilities("a loop that never swaps", 4)) == 1.0
    for name in MODELS:
        assert sum(order_probabilities(name, 4)) == pytest.approx(1.0)


def test_order_check_fails_a_correct_shuffle_at_most_once_in_a_million():
    assert ORDER_ITEMS == 4 and UniformityCheck(ORDERS, ORDER_SAMPLES).false_failure_bound() <= FALSE_FAILURE


@pytest.mark.parametrize("model", list(wrong_models()))
def test_order_check_catches_each_named_wrong_shuffle_999_times_in_1000(model):
    check = UniformityCheck(ORDERS, ORDER_SAMPLES)
    assert check.power_against(order_probabilities(model, ORDER_ITEMS)) >= POWER


def test_reseeding_on_every_call_is_caught_with_certainty():
    # Every sample is the same order: its count is ORDER_SAMPLES, far above the band.
    assert ORDER_SAMPLES > UniformityCheck(ORDERS, ORDER_SAMPLES).band.high


def test_order_sample_size_is_within_one_percent_of_the_smallest_that_meets_both_rates():
    # Power is not perfectly monotone in the sample size (the bands move in whole counts), so
    # the search can land a few samples either side; 1% fewer samples must already fall short.
    alternatives = [order_probabilities(m, ORDER_ITEMS) for m in wrong_models()]
    smallest = smallest_samples(lambda n: UniformityCheck(ORDERS, n), alternatives, start=1000)
    assert abs(smallest - ORDER_SAMPLES) <= ORDER_SAMPLES // 100
    weaker = UniformityCheck(ORDERS, ORDER_SAMPLES * 99 // 100)
    assert min(weaker.power_against(a) for a in alternatives) < POWER


def test_flip_check_error_rates():
    check = RateCheck(2 / 3, FLIP_SAMPLES)
    assert check.false_failure_bound() <= FALSE_FAILURE
    for rate in FLIP_WRONG_RATES.values():
        assert check.power_against(rate) >= POWER
    assert RateCheck(2 / 3, FLIP_SAMPLES * 97 // 100).power_against(1 / 2) < POWER


def test_simulation_check_error_rates():
    from grader.suites.test_a11b_simulation import GAMES, WIN_RATE_HIGH, WIN_RATE_LOW

    check = RateCheck(WIN_RATE_LOW, GAMES, WIN_RATE_HIGH)
    assert (check.band.low, check.band.high) == (1, 34)
    assert check.false_failure_bound() <= FALSE_FAILURE
    assert check.power_against(0.0) >= POWER and check.power_against(0.8932) >= POWER
    assert min(RateCheck(WIN_RATE_LOW, GAMES - 10, WIN_RATE_HIGH).power_against(r) for r in (0.0, 0.8932)) < POWER
