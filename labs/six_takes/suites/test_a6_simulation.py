"""Activity 6: simulate(...) and CautiousAI, beside the reference Game and everything under it.

The two mean-score checks use a conservative normal bound (labs/six_takes/stats.py): a correct
simulation fails them at most once in a million gradings; the named wrong versions fail them
at least 999 times in 1,000. The planted CautiousAI decisions are exact.

simulate's figures must be those of the games it played, as the grader watched the lab's own
code play them (harness/six-takes/takes_watching.py): every Game it sets up played through all
its turns by the lab's ``play_turn`` (or ``play``), and each take and each seat's points counted
the moment the lab's Table gave the cards during such a turn. Piles filled by hand and rows taken
outside a turn count for nothing.
"""

import math

from grader_labs.six_takes.stats import (
    CAUTIOUS_GAMES,
    SIMULATION_GAMES,
    cautious_check,
    simulation_check,
)

from grader.checks.assertions import expect, fail, show

SIMULATE_HINT = ("For each game: a Game of RandomAI players (turns as given), play it, and add up the scores. "
                 "mean_score is the mean penalty per player per game; with row_policy='cheapest' the players take "
                 "the cheapest row (RandomAI's choose_row).")
TAKES_HINT = ("rule3_takes and rule4_takes count takes (a seat taking cards once), per game: a 6th card taking "
              "five is a rule-3 take, a too-low card taking a row a rule-4 take.")
CAUTIOUS_HINT = ("For every card of the hand work out its cost now: 0 if it joins a row of fewer than 5 cards, that "
                 "row's penalty if it would be the 6th, the cheapest row's penalty if it is below every row. Play the "
                 "card with the lowest (cost, gap to its row's end, number); a too-low card's gap counts as infinite.")


def is_number(value) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def figures(student, players: int, turns: int, games: int, policy: str) -> tuple[str, dict, dict]:
    """simulate(...) as the student wrote it, its dict checked for shape, and what the grader saw
    the games do (the lab's Game and Table are watched: the turns played, the takes and rows
    chosen in them, each seat's points); every game must have been played through."""
    call = f"simulate({players}, {turns}, {games}, rng" + (f", row_policy={policy!r})" if policy != "cheapest" else ")")
    watched = student.takes_watching.simulate_watched(players, turns, games, student.takes_probes.new_rng(), policy,
                                                      timeout=20)
    got = watched["result"]
    if not isinstance(got, dict):
        fail(f"{call}\n  expected: a dict\n  got:      {show(got)}", "Return a dict with the keys mean_score, "
             "seat_means, rule3_takes and rule4_takes.")
    expect(sorted(got), ["mean_score", "rule3_takes", "rule4_takes", "seat_means"], f"{call}: the dict's keys, sorted",
           "Return exactly the keys mean_score, seat_means, rule3_takes and rule4_takes.")
    if not (isinstance(got["seat_means"], list) and len(got["seat_means"]) == players
            and all(map(is_number, got["seat_means"]))):
        fail(f"{call}['seat_means']\n  expected: a list of {players} numbers, one per seat\n  got:      {show(got['seat_means'])}",
             "seat_means[i] is seat i's mean score per game.")
    for key in ("mean_score", "rule3_takes", "rule4_takes"):
        if not is_number(got[key]) or got[key] < 0:
            fail(f"{call}['{key}']\n  expected: a number, 0 or more\n  got:      {show(got[key])}", SIMULATE_HINT)
    expect_played(call, watched, turns, games)
    return call, got, watched


def expect_played(call: str, watched: dict, turns: int, games: int) -> None:
    """Exactly ``games`` Games set up, each played through its ``turns`` turns by the lab's Game,
    and every turn's answer the cards the Table gave."""
    played = watched["turns"]
    short = [number for number, done in enumerate(played, start=1) if done != turns]
    if watched["games"] != games or short or watched["mismatched"]:
        what = (f"{watched['games']} Game{'s' if watched['games'] != 1 else ''} set up" if watched["games"] != games
                else f"Game {short[0]} played {played[short[0] - 1]} of its {turns} turns" if short
                else "a turn whose cards did not go to the seats the Table gave them to")
        outside = watched["outside"]
        fail(f"{call}\n  expected: {games} Games set up, each played through its {turns} turns by the Game itself "
             f"(play_turn() or play()), and the figures of those games\n  got:      {what}"
             + (f"; {outside} take{'s' if outside != 1 else ''} made on the Table outside the Game's turns, which "
                f"count for nothing" if outside else ""),
             "Let the Game play: game.setup(), then game.play_turn() once per turn (or game.play()), and add up "
             "what the turns gave each seat. " + SIMULATE_HINT)


def close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


def test_simulate_returns_the_four_figures(student):
    # The figures must be those of the games simulate played: the grader counts the Games set
    # up, the turns the lab's Game played, and the takes the lab's Table made in those turns
    # (each seat's points from what they gave it). "cheapest" takes RandomAI's row every
    # time. "random" picks each row with chance 1/4: over 16 games of 4 players it must take some
    # row other than the cheapest, and every one of the 4 rows. A correct version misses a given
    # row in a game with probability E[(3/4)^K] = 0.321 (K its rule-4 takes; 20,000 reference
    # games; taken as 0.35), so it fails below 4 * 0.35^16 = 2.1e-7 (docs/labs/six-takes.md).
    for players, turns, games, policy in ((3, 2, 5, "cheapest"), (2, 10, 3, "cheapest"), (4, 7, 16, "random")):
        call, got, watched = figures(student, players, turns, games, policy)
        wanted = {"seat_means": [total / games for total in watched["seat_totals"]],
                  "mean_score": sum(watched["seat_totals"]) / games / players,
                  "rule3_takes": watched["rule3"] / games, "rule4_takes": watched["rule4"] / games}
        for key, value in wanted.items():
            values = value if isinstance(value, list) else [value]
            theirs = got[key] if isinstance(value, list) else [got[key]]
            if not all(close(a, b) for a, b in zip(theirs, values)):
                expect(got[key], value, f"{call}['{key}'], against the games it played", SIMULATE_HINT + " " + TAKES_HINT)
        if policy == "cheapest":
            expect(watched["other"], 0, f"{call}: rule-4 takes that did not take the cheapest row", SIMULATE_HINT)
        elif watched["other"] == 0 or [index for index, _ in watched["rows"]] != [0, 1, 2, 3]:
            fail(f"{call}: the rows taken under rule 4, as [row, times]\n  expected: every row 0 to 3 at least once, "
                 f"and not always the cheapest (each row is picked with chance 1/4)\n  got:      {watched['rows']}"
                 f" ({watched['other']} of {watched['rule4']} not the cheapest)",
                 "row_policy='random': under rule 4 the players pick a row uniformly at random, e.g. "
                 "rng.randrange(len(table.rows())).")


def test_mean_score_matches_the_measured_value(student):
    """docs/labs/six-takes.md, A6: mean_score is the mean penalty per player per game of the
    games simulate played. First exact: the grader watches the lab's Game and Table while
    simulate runs (takes_watching.simulate_watched): SIMULATION_GAMES Games set up, each played
    through its 7 turns by the lab's Game, and mean_score must be the mean penalty the lab's
    Table gave in those turns, so no number returned without playing passes. Then the
    statistical band (docs/labs/six-takes.md, "Mean score")."""
    check = simulation_check()
    call = f"simulate(4, 7, {SIMULATION_GAMES}, rng)['mean_score']"
    watched = student.takes_watching.simulate_watched(4, 7, SIMULATION_GAMES, student.takes_probes.new_rng(), "cheapest",
                                                      timeout=30)
    expect_played(call, watched, 7, SIMULATION_GAMES)
    got = watched["result"]
    mean = got.get("mean_score") if isinstance(got, dict) else None
    played = sum(watched["seat_totals"]) / SIMULATION_GAMES / 4
    if watched["games"] != SIMULATION_GAMES or not is_number(mean) or not close(mean, played):
        fail(f"{call}, against the games it played\n  expected: the mean penalty per player per game of the "
             f"{SIMULATION_GAMES} Games it plays (the grader watches them)\n  got:      {show(mean)} "
             f"({watched['games']} Games set up)", SIMULATE_HINT)
    if not check.low <= mean <= check.high:
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
    ([[10], [30], [50], [70]], [40], 40, "a hand of one card"),
    ([[10], [30], [50], [70]], [5, 3], 3, "both too low, both cost the cheapest row (5): the lower number"),
    ([[10, 11, 12, 13, 14], [40, 44, 45, 50, 55], [60, 66, 70, 77, 80], [88, 90, 99, 100]], [5, 34], 34,
     "34 would be the 6th card of the cheapest row (21 points), 5 is too low and costs that row too: "
     "34's gap (20) is smaller than a too-low card's (infinite)"),
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
