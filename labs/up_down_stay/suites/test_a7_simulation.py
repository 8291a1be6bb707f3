"""Activity 7: uds_simulation.estimate_match_probability, beside the reference of every other
file (Card, Deck, uds_cards, uds_deal, uds_changes, uds_predictions, uds_game, the players).

Each estimate is compared with the lab's measured figure (10^6 games) by an exact binomial
band that also allows for that figure's own uncertainty; the games count is the smallest with
power 0.999 against the named wrong versions (labs/up_down_stay/checks.py). The written answer
about which prediction length to choose is not graded.
"""

import pytest
from grader_labs.up_down_stay.checks import SIMULATION_CASES

from grader.assertions import fail, show

HINT = ('For each game: make the players ("random": every seat a RandomPlayer(rng, pred); "highest": seat 1 a '
        "HighestPlayer(pred), the others random), a fresh standard deck put in order with rng, play_round, and count the game "
        "when pred occurs in the change string. Return matches / games.")


def test_returns_a_fraction(student):
    rng = student.uds_probes.new_rng()
    got = student.uds_simulation.estimate_match_probability("UD", 2, 10, rng)
    if type(got) not in (float, int) or isinstance(got, bool) or not 0 <= got <= 1:
        fail(f"estimate_match_probability('UD', 2, 10, rng)\n  expected: a fraction from 0.0 to 1.0\n  got:      {show(got)}", HINT)


@pytest.mark.parametrize("case", list(SIMULATION_CASES))
def test_estimate_matches_the_measured_probability(student, case):
    # False failure <= 1e-6 for every true rate within the figure's 5-standard-error interval;
    # power >= 0.999 against the strategies mixed up and against ignoring the last letter.
    spec = SIMULATION_CASES[case]
    check = spec.check(spec.games)
    rng = student.uds_probes.new_rng()
    call = f"estimate_match_probability({spec.pred!r}, {spec.players}, {spec.games}, rng, strategy={spec.strategy!r})"
    got = student.uds_simulation.estimate_match_probability(spec.pred, spec.players, spec.games, rng, spec.strategy, timeout=30)
    if type(got) not in (float, int) or isinstance(got, bool):
        fail(f"{call}\n  expected: a fraction\n  got:      {show(got)}", HINT)
    matches = round(got * spec.games)
    if abs(matches - got * spec.games) > 1e-6 or matches not in check.band:
        band = check.band
        fail(f"{call}\n  expected: between {band.low}/{spec.games} and {band.high}/{spec.games} (it matches in about "
             f"{spec.rate:.1%} of games; a correct simulation falls outside this once in a million gradings)\n  got:      {got!r}", HINT)
