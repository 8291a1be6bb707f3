"""The Activity 6 checks catch the wrong simulations and CautiousAIs they are stated against
(labs/six_takes/stats.py, docs/labs/six-takes.md), and only the checks aimed at each. Each is
the reference takes_simulation.py with one change (wrong_versions.py), handed in alone and
graded by the real engine (whole_class.py)."""

import pytest

from tests.labs.six_takes.wrong_versions import (
    CAUTIOUS,
    MEAN,
    PLANTED,
    SIMULATION_MUST_FAIL,
    WRONG_SIMULATIONS,
)


@pytest.mark.parametrize("name", list(WRONG_SIMULATIONS))
def test_wrong_simulation_fails_the_checks_aimed_at_it(tests_of, name):
    outcomes = {t.name: t.outcome for t in tests_of[f"sim-{name}"]["A6"]}
    for test in (PLANTED, MEAN, CAUTIOUS):
        assert outcomes[test] == ("failed" if test in SIMULATION_MUST_FAIL[name] else "passed"), (name, outcomes)
