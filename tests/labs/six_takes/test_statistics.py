"""The stated rates of the 6 Takes! lab's statistical checks (labs/six_takes/stats.py), proved.

A4's checks use exact binomial bands: the false-failure bound and the power against each named
wrong version are computed exactly. A6's checks use a conservative normal bound: the arithmetic
is checked here, and the reference (and the named wrong CautiousAIs) are played through the
same check with fixed seeds: the reference passes, the random-row policy fails (the wrong
CautiousAIs are graded in test_a6_checks.py).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from grader_labs.six_takes import stats

from grader.checks.statistics import FALSE_FAILURE, POWER, UniformityCheck, smallest_samples
from tests.lab_loader import ROOT

REFERENCE = ROOT / "reference" / "six-takes"
MEASURE = Path(__file__).with_name("measure.py")


def measure(*args) -> object:
    done = subprocess.run([sys.executable, str(MEASURE), *map(str, args)], check=False, cwd=REFERENCE, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(REFERENCE), "PATH": ""})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_pick_position_check_rates():
    check = stats.position_check()
    assert check.false_failure_bound() <= FALSE_FAILURE
    for alternative in stats.POSITION_ALTERNATIVES.values():
        assert check.power_against(alternative) >= POWER
    assert stats.POSITION_PICKS == smallest_samples(lambda n: UniformityCheck(10, n),
                                                    list(stats.POSITION_ALTERNATIVES.values()))
    assert stats.POSITION_PICKS % stats.PLAYERS_FOR_PICKS == 0


def test_starter_check_rates():
    check = stats.starter_check()
    assert check.false_failure_bound() <= FALSE_FAILURE
    for rate in stats.STARTER_ALTERNATIVES.values():
        assert check.power_against(rate) >= POWER
    assert stats.STARTER_SETUPS == smallest_samples(stats.StarterCheck, list(stats.STARTER_ALTERNATIVES.values()))


def test_reference_game_passes_the_starter_check():
    counts = measure("starters", stats.STARTER_SETUPS, 2024)
    assert sum(counts) == 4 * stats.STARTER_SETUPS
    assert all(count in stats.starter_check().band for count in counts)


@pytest.mark.parametrize("check, target, wrongs, games", [
    (stats.simulation_check(), stats.SIMULATION, stats.SIMULATION_WRONG, stats.SIMULATION_GAMES),
    (stats.cautious_check(), stats.CAUTIOUS, stats.CAUTIOUS_WRONG, stats.CAUTIOUS_GAMES)], ids=["simulate", "cautious"])
def test_mean_checks_rates(check, target, wrongs, games):
    assert check.false_failure_bound() <= FALSE_FAILURE / 10 * 1.000001  # the 10x margin for skew
    for wrong in wrongs.values():
        assert check.power_against(wrong) >= POWER
    assert games == stats.fewest_games(target, wrongs.values())
    assert check.low < target.mean - target.half and check.high > target.mean + target.half


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_reference_simulation_passes_and_random_rows_fail(seed):
    check = stats.simulation_check()
    assert check.low <= measure("simulate", stats.SIMULATION_GAMES, seed, "cheapest") <= check.high
    assert measure("simulate", stats.SIMULATION_GAMES, seed, "random") > check.high


# The CautiousAI check on the reference passes in test_grading.py (the reference gets full marks),
# and on the named wrong CautiousAIs fails in test_a6_checks.py, both through the real engine.
