"""Activity 11, part 2: elevens_simulation.simulate, beside the reference ElevensBoard.

Only the simulation loop is the student's here (new game, play until stuck, count the wins,
return a fraction), so a bug in their board costs points in A9 or A11 only.
"""

from grader.assertions import fail, show
from grader.idiom import Twin, call, code
from grader.statistics import RateCheck

# 10.68% of games are won, measured on 1.5 million games (standard error 0.025 points); the
# band allows the true rate anywhere within 4 standard errors of that.
WIN_RATE_LOW, WIN_RATE_HIGH = 0.1058, 0.1078
# The fewest games that catch "never starts a new game" (0%) and "counts the games lost"
# (89.3%) with power 0.999 (docs/statistics.md).
GAMES = 130
HINT = Twin("For each game: new_game(), then call play_if_possible() until it returns False, then "
            "count the game if game_is_won(). Return wins / games, a decimal number from 0.0 to 1.0.",
            "For each game: newGame(), then call playIfPossible() until it returns false, then "
            "count the game if gameIsWon(). Return (double) wins / games, a double from 0.0 to 1.0.")


def is_fraction(got) -> bool:
    return type(got) in (float, int) and not isinstance(got, bool) and 0 <= got <= 1


def test_simulate_returns_a_fraction(student):
    got = student.elevens_simulation.simulate(10)
    if not is_fraction(got):
        fail(f"{call(student.elevens_simulation, 'simulate', 10)}\n  expected: the fraction of games won, a number from 0.0 to 1.0\n"
             f"  got:      {show(got)}", HINT)
    got = student.elevens_simulation.simulate(0)
    if not is_fraction(got) or got != 0:
        fail(f"{call(student.elevens_simulation, 'simulate', 0)}\n  expected: 0.0 (no games, so none won)\n  got:      {show(got)}",
             "With no games to play, return 0.0 (and never divide by zero).")


def test_simulate_plays_one_game_when_asked_for_one(student):
    """simulate(1), GAMES times: each answer is 0.0 or 1.0, and the wins are as many as in
    simulate(GAMES) (the same band: docs/statistics.md). Catches a loop that plays one game
    too few, which simulate(GAMES) alone cannot tell apart."""
    check = RateCheck(WIN_RATE_LOW, GAMES, WIN_RATE_HIGH)
    got = student.elevens_simulation.simulate.repeat(GAMES, 1)
    odd = next((value for value in got if value not in (0, 1) or isinstance(value, bool)), None)
    if odd is not None:
        fail(f"{call(student.elevens_simulation, 'simulate', 1)}\n  expected: 0.0 or 1.0 (one game, lost or won)\n  got:      {show(odd)}",
             HINT)
    wins = round(sum(got))
    if wins not in check.band:
        fail(f"{call(student.elevens_simulation, 'simulate', 1)}, called {GAMES} times\n  expected: 1.0 (a won game) between {check.band.low} and {check.band.high} times "
             f"(about 10.7% of games are won; a correct simulation falls outside this in one grading in a million)\n"
             f"  got:      1.0 {wins} times",
             "simulate(1) must play exactly one game: check the bounds of your loop over the games.")


def test_simulate_wins_about_one_game_in_nine(student):
    check = RateCheck(WIN_RATE_LOW, GAMES, WIN_RATE_HIGH)
    got = student.elevens_simulation.simulate(GAMES)
    if type(got) not in (float, int) or isinstance(got, bool):
        fail(f"{call(student.elevens_simulation, 'simulate', GAMES)}\n  expected: a fraction\n  got:      {show(got)}", HINT)
    wins = round(got * GAMES)
    if abs(wins - got * GAMES) > 1e-6 or wins not in check.band:
        band = check.band
        fail(f"{call(student.elevens_simulation, 'simulate', GAMES)}\n  expected: between {band.low}/{GAMES} and {band.high}/{GAMES} "
             f"(about 10.7% of games are won; a correct simulation falls outside this in one grading in a million)\n"
             f"  got:      {code(got)}", HINT)
