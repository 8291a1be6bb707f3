"""The stated rates of every statistical check of the Up/Down/Stay suites, proved.

For each check (labs/up_down_stay/checks.py): the exact false-failure bound for a correct
submission is at most 1e-6, the power against each named wrong version is at least 0.999, and
the sample size is the smallest with that power. The probabilities the checks expect are
derived again here by exact enumeration, and the reference simulation is compared with the
section 3.1 figures the A7 check uses. (tests/labs/up_down_stay/test_grading.py shows the
wrong versions failing the real suites.)
"""

import itertools
import json
import math
import subprocess
import sys
from fractions import Fraction

import pytest
from grader_labs.up_down_stay import checks

from grader.checks.statistics import FALSE_FAILURE, POWER, RateCheck, UniformityCheck
from tests.labs.up_down_stay.lab_class import REFERENCE


def changes(values):  # the rule itself, written independently of the reference
    return "".join("U" if b > a else "D" if b < a else "S" for a, b in itertools.pairwise(values))


def test_mini_deck_distributions_are_exact():
    for values, expected in [([1, 2, 3], checks.THREE_DISTINCT), ([1, 1, 2], checks.ONE_PAIR)]:
        orders = list(itertools.permutations(values))
        counts = {}
        for order in orders:
            counts[changes(order)] = counts.get(changes(order), 0) + Fraction(1, len(orders))
        assert counts == {k: Fraction(v).limit_denominator(10) for k, v in expected.items()}


def test_letter_probabilities_are_exact():
    # Neighbours in a shuffled deck are a uniform pair of distinct cards: equal values 3/51.
    deck = [v for v in range(1, 14) for _ in range(4)]
    pairs = [(a, b) for i, a in enumerate(deck) for j, b in enumerate(deck) if i != j]
    assert Fraction(sum(a == b for a, b in pairs), len(pairs)) == Fraction(3, 51)
    assert Fraction(sum(b > a for a, b in pairs), len(pairs)) == Fraction(24, 51)
    elevens = [0 if v > 10 else v for v in deck]
    pairs = [(a, b) for i, a in enumerate(elevens) for j, b in enumerate(elevens) if i != j]
    assert math.isclose(sum(a == b for a, b in pairs) / len(pairs), checks.LETTERS_WRONG["Elevens values (J, Q, K = 0)"]["S"])


def test_seat_0_probability_is_17_in_52():
    # Deal positions 0..50 of a uniform order go round-robin to 3 seats; position 51 stays.
    seat0 = [p for p in range(51) if p % 3 == 0]
    assert Fraction(len(seat0), 52) == Fraction(17, 52) == Fraction(checks.SEAT0_RATE).limit_denominator(100)
    assert Fraction(18, 52) == Fraction(checks.SEAT0_WRONG["seat 0 gets 18 cards (RaggedDeal)"]).limit_denominator(100)


def uniform_power(n):
    check = UniformityCheck(52, n)
    return min(check.power_against(p) for p in checks.LEFTOVER_WRONG.values())


def test_leftover_check_rates():
    check = checks.LEFTOVER
    assert check.false_failure_bound() <= FALSE_FAILURE
    for name, probabilities in checks.LEFTOVER_WRONG.items():
        assert check.power_against(probabilities) >= POWER, name
    assert uniform_power(checks.LEFTOVER_DEALS - 1) < POWER  # the smallest size


def test_seat0_check_rates():
    check = checks.SEAT0
    assert check.false_failure_bound() <= FALSE_FAILURE
    for name, rate in checks.SEAT0_WRONG.items():
        assert check.power_against(rate) >= POWER, name
    smaller = RateCheck(checks.SEAT0_RATE, checks.SEAT0_DEALS - 1)
    assert smaller.power_against(18 / 52) < POWER
    # a band around 1/3 instead would fail a correct deal 1.3% of the time at this size (3.7% at 52,000)
    naive = RateCheck(1 / 3, checks.SEAT0_DEALS)
    assert naive.band.outside_probability(checks.SEAT0_DEALS, 17 / 52) > 0.01


@pytest.mark.parametrize("check, expected, wrong", [
    (checks.THREE_DISTINCT_CHECK, checks.THREE_DISTINCT, checks.THREE_DISTINCT_WRONG),
    (checks.ONE_PAIR_CHECK, checks.ONE_PAIR, checks.ONE_PAIR_WRONG),
    (checks.LETTERS_CHECK, checks.LETTERS, checks.LETTERS_WRONG),
], ids=["1-2-3", "1-1-2", "letters"])
def test_distribution_check_rates(check, expected, wrong):
    assert check.false_failure_bound() <= FALSE_FAILURE
    for name, probabilities in wrong.items():
        assert check.power_against(probabilities) >= POWER, name
    smaller = checks.DistributionCheck(tuple(expected.items()), check.samples - 1)
    if expected is not checks.ONE_PAIR:  # its wrong versions give impossible strings: any size catches them
        assert min(smaller.power_against(p) for p in wrong.values()) < POWER


def test_distribution_check_fails_impossible_outcomes():
    check = checks.ONE_PAIR_CHECK
    assert check.unusual({"SU": 147, "UD": 146, "DS": 147}) == []
    assert check.unusual({"SU": 146, "UD": 146, "DS": 147, "US": 1}) == ["US"]


@pytest.mark.parametrize("case", list(checks.SIMULATION_CASES))
def test_simulation_check_rates(case):
    spec = checks.SIMULATION_CASES[case]
    check = spec.check(spec.games)
    assert check.false_failure_bound() <= FALSE_FAILURE  # for every true rate in the figure's interval
    for name, rate in spec.wrong.items():
        assert check.power_against(rate) >= POWER, name
    assert spec.smallest_games() == spec.games


def run_reference(code: str) -> dict:
    """Run ``code`` with the reference lab importable, in a child process (the lab's flat module
    names must not meet the Elevens lab's in this one); it prints one JSON value."""
    done = subprocess.run([sys.executable, "-c", code], cwd=REFERENCE, capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


GAMES = 5_000


def test_reference_simulation_agrees_with_the_figures_and_the_wrong_rates():
    # Each figure (10^6 games) and each wrong version's rate, against the reference's own
    # estimate from 5,000 games (a fixed seed): within 5 standard errors of the two combined.
    runs = [(spec.pred, spec.players, spec.strategy) for spec in checks.SIMULATION_CASES.values()]
    runs += [("UDUDUDU", 2, "random"), ("UDUDUDUDU", 2, "highest")]  # the "last letter ignored" versions
    code = ("import json, random\nfrom uds_simulation import estimate_match_probability as e\n"
            f"rng = random.Random(2026)\nprint(json.dumps([e(p, n, {GAMES}, rng, s) for p, n, s in {runs!r}]))")
    got = run_reference(code)
    figures = [(spec.rate, 10**6) for spec in checks.SIMULATION_CASES.values()] + [(0.5806, 40_000), (0.8807, 40_000)]
    for (pred, _, strategy), (figure, measured_on), estimate in zip(runs, figures, got):
        error = math.sqrt(figure * (1 - figure) / GAMES + figure * (1 - figure) / measured_on)
        assert abs(estimate - figure) <= 5 * error + 1e-4, (pred, strategy, estimate, figure)
    # the power figures for "last letter ignored" sit below the measured rates
    assert checks.SIMULATION_CASES["UDUDUDUD-random"].wrong["last letter ignored"] < 0.5806
    assert checks.SIMULATION_CASES["UDUDUDUDUD-highest"].wrong["last letter ignored"] < 0.8807


def test_every_sample_size_is_the_smallest():
    assert checks.smallest_samples(lambda n: UniformityCheck(52, n), list(checks.LEFTOVER_WRONG.values())) == checks.LEFTOVER_DEALS
    assert checks.smallest_samples(lambda n: RateCheck(checks.SEAT0_RATE, n), list(checks.SEAT0_WRONG.values())) == checks.SEAT0_DEALS
    assert checks.smallest_distribution_samples(checks.THREE_DISTINCT, list(checks.THREE_DISTINCT_WRONG.values())) == checks.MINI_SHUFFLES
    assert checks.smallest_distribution_samples(checks.LETTERS, list(checks.LETTERS_WRONG.values())) == checks.LETTER_GAMES
