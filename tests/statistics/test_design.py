"""The stated error rates of every statistical check, recomputed exactly (docs/statistics.md).

The sequential checks (A3, A4) have their own file, test_sequential.py, and are simulated in
test_simulation.py; this one holds the binomial arithmetic, the wrong models, the fixed-size
uniformity check the deck diagnosis still uses. (A11b has no statistical check left: its
simulation runs on games of known outcome, docs/statistics.md.)
"""

import pytest
from grader_labs.elevens.shuffle_checks import ORDER_ITEMS, ORDER_SAMPLES
from grader_labs.elevens.shuffle_models import (
    FLIP_MODELS,
    FLIP_RATE,
    MODELS,
    distribution,
    order_probabilities,
    wrong_models,
)

from grader.checks.statistics import (
    FALSE_FAILURE,
    POWER,
    UniformityCheck,
    above,
    acceptance_band,
    below,
    smallest_samples,
)

ORDERS = 24
HARDEST = "swap every position with any index: for i in 0..n-1, r from 0..n-1"
BACKWARDS = "swap every position with any index, counting down: for i in n-1..0, r from 0..n-1"


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
    assert sum(p > 0 for p in order_probabilities("never index 0: r from 1..k", 4)) == 6
    assert max(order_probabilities("a loop that never swaps", 4)) == 1.0
    for name in MODELS:
        assert sum(order_probabilities(name, 4)) == pytest.approx(1.0)
    assert FLIP_RATE == 2 / 3 and set(FLIP_MODELS.values()) == {1 / 2, 1 / 3, 1.0, 0.0}


def test_counting_down_gives_the_inverse_orders_so_the_same_probabilities_elsewhere():
    forward, backward = (distribution(MODELS[name](4), 4) for name in (HARDEST, BACKWARDS))
    inverse = {order: tuple(sorted(range(4), key=order.__getitem__)) for order in forward}
    assert all(backward[inverse[order]] == chance for order, chance in forward.items())
    assert forward != backward and sorted(forward.values()) == sorted(backward.values())


# The fixed-size check: the deck diagnosis (labs/elevens/diagnosis/shuffle.py) still draws
# ORDER_SAMPLES rearrangements and judges them with it.

def test_fixed_order_check_fails_a_correct_shuffle_at_most_once_in_a_million():
    assert ORDER_ITEMS == 4 and UniformityCheck(ORDERS, ORDER_SAMPLES).false_failure_bound() <= FALSE_FAILURE
    assert (UniformityCheck(ORDERS, ORDER_SAMPLES).band.low, UniformityCheck(ORDERS, ORDER_SAMPLES).band.high) == (384, 623)


@pytest.mark.parametrize("model", list(wrong_models()))
def test_fixed_order_check_catches_each_named_wrong_shuffle_999_times_in_1000(model):
    check = UniformityCheck(ORDERS, ORDER_SAMPLES)
    assert check.power_against(order_probabilities(model, ORDER_ITEMS)) >= POWER


def test_fixed_order_sample_size_is_within_one_percent_of_the_smallest_that_meets_both_rates():
    # Power is not perfectly monotone in the sample size (the bands move in whole counts), so
    # the search can land a few samples either side; 1% fewer samples must already fall short.
    alternatives = [order_probabilities(m, ORDER_ITEMS) for m in wrong_models()]
    smallest = smallest_samples(lambda n: UniformityCheck(ORDERS, n), alternatives, start=1000)
    assert abs(smallest - ORDER_SAMPLES) <= ORDER_SAMPLES // 100
    weaker = UniformityCheck(ORDERS, ORDER_SAMPLES * 99 // 100)
    assert min(weaker.power_against(a) for a in alternatives) < POWER
