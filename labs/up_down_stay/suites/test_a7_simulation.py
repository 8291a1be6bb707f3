"""Activity 7: uds_simulation.estimate_match_probability, beside the reference of every other
file (Card, Deck, uds_cards, uds_deal, uds_changes, uds_predictions, uds_game, the players).

Each estimate is compared with the lab's measured figure (10^6 games) by an exact binomial
band that also allows for that figure's own uncertainty; the games count is the smallest with
power 0.999 against the named wrong versions (labs/up_down_stay/checks.py). The written answer
about which prediction length to choose is not graded.
"""

import pytest
from grader_labs.up_down_stay.checks import SIMULATION_CASES

from grader.assertions import expect, fail, show

HINT = ('For each game: make the players ("random": every seat a RandomPlayer(rng, pred); "highest": seat 1 a '
        "HighestPlayer(pred), the others random), a fresh standard deck put in order with rng, play_round, and count the game "
        "when pred occurs in the change string. Return matches / games.")


# Exact answers: "U" matches unless a whole row never goes up (probability below 1e-40 for the
# 51 or 52 cards of 2 or 3 players), "SSSS" would need five cards of one number, and with a
# HighestPlayer in one of 2 seats "UUU" would need that player to lay a higher card after a lower.
EXACT = [("U", 2, 3, "random", 1.0, "a row of 52 cards always goes up somewhere"),
         ("U", 3, 1, "random", 1.0, "one game of 3 players"),
         ("SSSS", 2, 4, "random", 0.0, "four stays in a row need five cards of one number"),
         ("UUU", 2, 4, "highest", 0.0, "seat 1 lays its cards highest first, so three ups in a row never happen")]


def test_returns_a_fraction(student):
    for pred, players, games, strategy, answer, why in EXACT:
        call = f"estimate_match_probability({pred!r}, {players}, {games}, rng, strategy={strategy!r})"
        got = student.uds_simulation.estimate_match_probability(pred, players, games, student.uds_probes.new_rng(), strategy)
        if type(got) not in (float, int) or isinstance(got, bool) or got != answer:
            fail(f"{call}  ({why})\n  expected: {answer}\n  got:      {show(got)}", HINT)


def expect_seats(spied: dict, call: str, players: int, strategy: str, games: int) -> None:
    """The players the simulation seated, as the spies saw them lay their cards."""
    others = sorted(set(range(players)) - ({1} if strategy == "highest" else set()))
    seated = {"highest": [1] if strategy == "highest" else [], "random": others}
    got = {kind: spied[kind] for kind in seated}
    expect(got, seated, f"{call}: the seats where a HighestPlayer and a RandomPlayer laid cards", HINT)
    cards = games * players * (52 // players)
    expect(spied["moves"]["highest"] + spied["moves"]["random"], cards,
           f"{call}: how many cards the given players laid in all", "Play `games` rounds, each with the given players.")


@pytest.mark.parametrize("case", list(SIMULATION_CASES))
def test_estimate_matches_the_measured_probability(student, case):
    # False failure <= 1e-6 for every true rate within the figure's 5-standard-error interval;
    # power >= 0.999 against the strategies mixed up and against ignoring the last letter. The
    # given players are spied on: "highest" seats a HighestPlayer in seat 1 only.
    spec = SIMULATION_CASES[case]
    check = spec.check(spec.games)
    rng = student.uds_probes.new_rng()
    call = f"estimate_match_probability({spec.pred!r}, {spec.players}, {spec.games}, rng, strategy={spec.strategy!r})"
    spied = student.uds_probes.estimate_with_spies(spec.pred, spec.players, spec.games, rng, spec.strategy, timeout=30)
    got = spied["estimate"]
    if type(got) not in (float, int) or isinstance(got, bool):
        fail(f"{call}\n  expected: a fraction\n  got:      {show(got)}", HINT)
    expect_seats(spied, call, spec.players, spec.strategy, spec.games)
    matches = round(got * spec.games)
    if abs(matches - got * spec.games) > 1e-6 or matches not in check.band:
        band = check.band
        fail(f"{call}\n  expected: between {band.low}/{spec.games} and {band.high}/{spec.games} (it matches in about "
             f"{spec.rate:.1%} of games; a correct simulation falls outside this once in a million gradings)\n  got:      {got!r}", HINT)
