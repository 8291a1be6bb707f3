"""Activity 6: simulate(...) and CautiousAI, beside the reference Game and everything under it.

The two mean-score checks use a conservative normal bound (labs/six_takes/stats.py): a correct
simulation fails them at most once in a million gradings; the named wrong versions fail them
at least 999 times in 1,000. The planted CautiousAI decisions are exact.
"""

import math

from grader_labs.six_takes.stats import (
    CAUTIOUS_GAMES,
    SIMULATION_GAMES,
    cautious_check,
    simulation_check,
)

from grader.assertions import expect, fail, show

SIMULATE_HINT = ("For each game: a Game of RandomAI players (turns as given), play it, and add up the scores. "
                 "mean_score is the mean penalty per player per game; with row_policy='cheapest' the players take "
                 "the cheapest row (RandomAI's choose_row).")
CAUTIOUS_HINT = ("For every card of the hand work out its cost now: 0 if it joins a row of fewer than 5 cards, that "
                 "row's penalty if it would be the 6th, the cheapest row's penalty if it is below every row. Play the "
                 "card with the lowest (cost, gap to its row's end, number); a too-low card's gap counts as infinite.")


def is_number(value) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def test_simulate_returns_the_four_figures(student):
    call = "simulate(3, 2, 5, rng)"
    got = student.takes_simulation.simulate(3, 2, 5, student.takes_probes.new_rng())
    if not isinstance(got, dict):
        fail(f"{call}\n  expected: a dict\n  got:      {show(got)}", "Return a dict with the keys mean_score, "
             "seat_means, rule3_takes and rule4_takes.")
    expect(sorted(got), ["mean_score", "rule3_takes", "rule4_takes", "seat_means"], f"{call}: the dict's keys, sorted",
           "Return exactly the keys mean_score, seat_means, rule3_takes and rule4_takes.")
    if not (isinstance(got["seat_means"], list) and len(got["seat_means"]) == 3 and all(map(is_number, got["seat_means"]))):
        fail(f"{call}['seat_means']\n  expected: a list of 3 numbers, one per seat\n  got:      {show(got['seat_means'])}",
             "seat_means[i] is seat i's mean score per game.")
    for key in ("mean_score", "rule3_takes", "rule4_takes"):
        if not is_number(got[key]) or got[key] < 0:
            fail(f"{call}['{key}']\n  expected: a number, 0 or more\n  got:      {show(got[key])}", SIMULATE_HINT)
    expect(round(got["mean_score"], 9), round(sum(got["seat_means"]) / 3, 9),
           f"{call}: mean_score against the mean of seat_means", "mean_score is the mean over the seats of seat_means.")


def test_mean_score_matches_the_measured_value(student):
    check = simulation_check()
    call = f"simulate(4, 7, {SIMULATION_GAMES}, rng)['mean_score']"
    got = student.takes_simulation.simulate(4, 7, SIMULATION_GAMES, student.takes_probes.new_rng(), timeout=30)
    mean = got.get("mean_score") if isinstance(got, dict) else None
    if not is_number(mean) or not check.low <= mean <= check.high:
        fail(f"{call}\n  expected: between {check.low:.2f} and {check.high:.2f} (4 players, 7 turns, RandomAI taking "
             f"the cheapest row score 17.37 points each on average; a correct simulation falls outside this in one "
             f"grading in a million)\n  got:      {show(mean)}", SIMULATE_HINT)


PLANTED = [
    ([[10], [20, 21, 22, 23, 24], [60], [80]], [25, 5, 61, 15], 61, "61 joins [60] with a gap of 1: cost 0, closest"),
    ([[10], [20, 21, 22, 23, 24], [60], [80]], [25, 5, 15], 15, "15 joins [10] for free; 25 would be 6th, 5 too low"),
    ([[10, 11, 12, 13, 14], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34], [96]], [15, 5], 5,
     "15 would be the 6th card (21 points); 5 is too low and costs the cheapest row, [96] (3 points)"),
    ([[1, 2, 3, 4, 6], [50, 55, 57], [60, 66, 70], [80, 88, 90]], [7, 5], 7,
     "7 would be the 6th card (15 points); 5 is too low and costs the cheapest row, also 15: the smaller gap wins"),
    ([[10, 11, 12, 13, 14], [50], [60], [70]], [15, 3], 3, "15 would be the 6th card (15 points); 3 costs the cheapest row (5)"),
    ([[10], [30], [50], [70]], [40, 20, 60], 20, "all cost 0 with a gap of 10: the lower number"),
]


def test_cautious_ai_plays_the_cheapest_card(student):
    for rows, hand, card, why in PLANTED:
        expect(student.takes_probes.cautious_pick(rows, hand), card,
               f"CautiousAI().choose_card(hand {hand}, rows {rows})  ({why})", CAUTIOUS_HINT)


def test_cautious_ai_scores_about_8_points(student):
    check = cautious_check()
    scores = student.takes_probes.cautious_scores(CAUTIOUS_GAMES, timeout=60)
    mean = sum(scores) / len(scores)
    if not check.low <= mean <= check.high:
        fail(f"CautiousAI in seat 0 against 3 RandomAI, {CAUTIOUS_GAMES} games of 7 turns: its mean score\n"
             f"  expected: between {check.low:.2f} and {check.high:.2f} (the specified CautiousAI scores 8.24 on "
             f"average; a correct one falls outside this in one grading in a million)\n  got:      {mean:.2f}",
             CAUTIOUS_HINT)
