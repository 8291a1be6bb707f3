"""Activity 11, part 2: elevens_simulation.simulate, beside the reference ElevensBoard.

Only the simulation loop is the student's here (new game, play until stuck, count the wins,
return a fraction), so a bug in their board costs points in A9 or A11 only.
"""

from grader.assertions import fail, show
from grader.statistics import RateCheck

# 10.68% of games are won, measured on 1.5 million games (standard error 0.025 points); the
# band allows the true rate anywhere within 4 standard errors of that.
WIN_RATE_LOW, WIN_RATE_HIGH = 0.1058, 0.1078
# The fewest games that catch "never starts a new game" (0%) and "counts the games lost"
# (89.3%) with power 0.999 (docs/statistics.md).
GAMES = 130
HINT = ("For each game: new_game(), then call play_if_possible() until it returns False, then "
        "count the game if game_is_won(). Return wins / games, a decimal number from 0.0 to 1.0.")


def test_simulate_returns_a_fraction(student):
    got = student.elevens_simulation.simulate(10)
    if type(got) not in (float, int) or isinstance(got, bool) or not 0 <= got <= 1:
        fail(f"simulate(10)\n  expected: the fraction of games won, a number from 0.0 to 1.0\n  got:      {show(got)}", HINT)


def test_simulate_wins_about_one_game_in_nine(student):
    check = RateCheck(WIN_RATE_LOW, GAMES, WIN_RATE_HIGH)
    got = student.elevens_simulation.simulate(GAMES)
    if type(got) not in (float, int) or isinstance(got, bool):
        fail(f"simulate({GAMES})\n  expected: a fraction\n  got:      {show(got)}", HINT)
    wins = round(got * GAMES)
    if abs(wins - got * GAMES) > 1e-6 or wins not in check.band:
        band = check.band
        fail(f"simulate({GAMES})\n  expected: between {band.low}/{GAMES} and {band.high}/{GAMES} "
             f"(about 10.7% of games are won; a correct simulation falls outside this in one grading in a million)\n"
             f"  got:      {got!r}", HINT)
