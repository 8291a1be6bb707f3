"""The scores each Classroom step hands the reporter add up, in floating point and in the
reporter's order, to exactly the grader's decimal total (grader/integrations/github/exact_total.py)."""

import random

from grader.integrations.github.exact_total import format_total, js_sum, landed_scores, parse_total


def test_hundredths_drift_when_added_as_they_are_but_land_exactly_once_adjusted():
    shares = [0.67, 0.67, 0.66] * 80  # 2 points over 3 runs, 80 times: 160
    assert js_sum(0.0, shares) != 160.0  # the drift Classroom showed as 160.00000000000003
    landed, after, reached = landed_scores(shares, 0, 0.0)
    assert after == 16000 and reached == js_sum(0.0, landed) == 160.0
    assert max(abs(a - b) for a, b in zip(landed, shares)) < 1e-12


def test_a_chain_of_steps_ends_on_the_decimal_total_whatever_the_scores():
    rng = random.Random(22)
    misses = 0
    for _ in range(3000):
        steps = [[rng.randint(0, 300) / 100 for _ in range(rng.randint(2, 8))] for _ in range(rng.randint(1, 12))]
        before, reached = parse_total(None)
        for scores in steps:
            landed, before, reached = landed_scores(scores, before, reached)
            assert parse_total(format_total(before, reached)) == (before, reached)
        misses += reached != before / 100
    assert misses == 0


def test_zero_scores_are_left_alone_and_the_total_passes_through():
    landed, after, reached = landed_scores([0.0, 0.0], 1234, 12.34)
    assert landed == [0.0, 0.0] and after == 1234 and reached == 12.34
    assert parse_total("not ours") == (0, 0.0)
