"""Activity 11, part 2: elevens_simulation.simulate, beside the reference ElevensBoard.

Only the simulation loop is the student's here (new game, play until stuck, count the wins,
return a fraction), so a bug in their board costs points in A9 or A11 only.

Every point needs games played: each test runs ``simulate`` over a known board that deals games
the grader chose (shuffles drawn from the test's seed) and played out with its own rules
(labs/elevens/known_games.py), so it knows exactly how many are won (all, none, or exactly k of
them, k from the test's seed). The board writes down every change made to its places, and the
suite plays each game begun again from that record (known_games.replay): every game begun must
have been played to its end (legal plays only, until no play is left or the game is won), and
the answer must be exactly the fraction won, which no number returned without playing the games
can be. In Python the known board (harness/elevens/known_board.py) takes the lab's
ElevensBoard's place for the run; in Java the lab's ElevensBoard is compiled above it
(harness/elevens/java/KnownBoard.java, grader/java/inserted.py), since a Java simulation builds
its board with ``new``. The same calls drive both: the orders to deal, then the student's
``simulate`` (or the AP lab's ``main``: docs/java.md) and the record of every game begun.
Failure messages never show the expected fraction.
"""

from grader_labs.elevens.known_games import KnownGames, KnownRun, Replay, known_runs, replay, single_runs

from grader.checks.assertions import fail, show
from grader.idiom import Twin, call

HINT = Twin("For each game: new_game(), then call play_if_possible() until it returns False, then "
            "count the game if game_is_won(). Return wins / games, a decimal number from 0.0 to 1.0.",
            "For each game: newGame(), then call playIfPossible() until it returns false, then "
            "count the game if gameIsWon(). Return (double) wins / games, a double from 0.0 to 1.0.")


def is_fraction(got) -> bool:
    return type(got) in (float, int) and not isinstance(got, bool) and 0 <= got <= 1


def play_known(student, known: KnownGames) -> list[tuple]:
    """simulate(run.games) for each run, its games dealt by the known board: (what it returned,
    each game it began as the suite replays it from the board's record). The orders go first,
    alone; then each simulate and its games' records, in one round trip (so a simulation that
    never ends is named by its own call)."""
    board, sim = student.known_board, student.elevens_simulation
    board.deal_from(*known.sent())
    calls = [pending for run in known.runs for pending in (sim.simulate.later(run.games), board.games_played.later())]
    replies = student.batch(*calls)
    found = []
    for k, run in enumerate(known.runs):
        records = replies[2 * k + 1] if isinstance(replies[2 * k + 1], list) else []
        found.append((replies[2 * k], [replay(known.order(run, game), record) for game, record in enumerate(records)]))
    return found


def expect_played(sim, run: KnownRun, got, games: list[Replay]) -> None:
    """Every game the simulation began must have been played to its end."""
    if not games:
        fail(f"{on_known(sim, run.games)}\n  expected: the fraction of those games won, after playing them\n"
             f"  got:      {show(got)}, and it played none of them", HINT)
    for number, game in enumerate(games, start=1):
        if not game.played:
            fail(f"{on_known(sim, run.games)}\n  expected: every game played to its end (plays made until no play "
                 f"is left, or the game is won), then the fraction won\n  got:      {show(got)}; it began "
                 f"{played(len(games))}, and game {number} was not played to its end: {game.why}", HINT)


def played(begun: int) -> str:
    return "none of them" if begun == 0 else f"{begun} game{'s' if begun != 1 else ''}"


def on_known(sim, games: int) -> str:
    return f"{call(sim, 'simulate', games)}, on {games} game{'s' if games != 1 else ''} the grader dealt"


def test_simulate_returns_a_fraction(student):
    """Guide, Activity 11 (ElevensSimulation prints the share of games won); docs/lab.md: a
    fraction from 0.0 to 1.0 of the games it played. simulate(12) twice, on games the grader
    dealt: once where every game is won, once where every game is lost. Whatever number of
    games the loop plays, the answer must be a number from 0.0 to 1.0, more than 0.0 when every
    game it played was won, and 0.0 when every game it played was lost (a loop that plays past
    the twelfth game gets won games, so only the next tests judge it). No single number does
    both: the answer has to come from the games. And every game it began must have been played
    to its end (the suite replays each from the board's record: legal plays, until no play is
    left or the game is won). How many games is the next tests' to judge."""
    sim = student.elevens_simulation
    known = known_runs(student.link.seed)
    runs = sorted((run for run in known.runs if run.won in (0, run.games)), key=lambda r: -r.won)
    for run, (got, games) in zip(runs, play_known(student, KnownGames(tuple(runs), known.extra))):
        if not is_fraction(got):
            fail(f"{on_known(sim, run.games)}\n  expected: the fraction of games won, a number from 0.0 to 1.0\n"
                 f"  got:      {show(got)}", HINT)
        expect_played(sim, run, got, games)
        begun = len(games)
        if run.won and got == 0:
            fail(f"{on_known(sim, run.games)}, every one of them a game that is won\n  expected: more than 0.0\n"
                 f"  got:      {show(got)} (it played {played(begun)})", HINT)
        if not run.won and begun <= run.games and got != 0:
            fail(f"{on_known(sim, run.games)}, every one of them a game that is lost\n  expected: 0.0\n"
                 f"  got:      {show(got)} (it played {played(begun)})", HINT)


def test_simulate_of_no_games_beyond_the_guide(student):
    """Beyond the guide (advisory): the guide never asks for zero games, and 0 won of 0 played
    has no right answer. simulate(0) returning 0.0 (not a ZeroDivisionError) is a kindness to
    whoever calls it, reported but not graded (rubrics/elevens.yaml, ``advisory: true``)."""
    sim = student.elevens_simulation
    got = sim.simulate(0)
    if not is_fraction(got) or got != 0:
        fail(f"{call(sim, 'simulate', 0)}\n  expected: 0.0 (no games, so none won)\n  got:      {show(got)}",
             "With no games to play, return 0.0 (and never divide by zero).")


def check_known(student, known: KnownGames) -> None:
    """simulate over each run's games, dealt by the known board: every game begun played to its
    end, and exactly the share won."""
    sim = student.elevens_simulation
    for run, (got, games) in zip(known.runs, play_known(student, known)):
        expect_played(sim, run, got, games)
        if type(got) not in (float, int) or isinstance(got, bool) or abs(got * run.games - run.won) > 1e-6:
            fail(f"{on_known(sim, run.games)}\n  expected: the fraction of those games that are won (the grader "
                 f"played them out itself, so it knows how many are)\n  got:      {show(got)} (it played "
                 f"{played(len(games))})", HINT)


def test_simulate_returns_the_fraction_of_known_games_won(student):
    """Guide, Activity 11 (ElevensSimulation plays GAMES_TO_PLAY games and reports the share
    won); docs/lab.md, Activity 11: new_game(), play_if_possible() until False, game_is_won(),
    the fraction won. Three calls of simulate(12) on games the grader dealt: all won,
    all lost, and exactly k won (k, the order and the shuffles from the seed): every game
    begun played to its end, and the answers exactly 1.0, 0.0 and k / 12. Exact: a correct
    simulation never fails it."""
    check_known(student, known_runs(student.link.seed))


def test_simulate_plays_one_game_when_asked_for_one(student):
    """Guide, Activity 11 (GAMES_TO_PLAY set to 1 plays one game); docs/lab.md, Activity 11.
    simulate(1), several times, each on one game the grader dealt (won or lost, at least one
    of each): the game played to its end, and exactly 1.0 for a won game and 0.0 for a lost one.
    Catches a loop that plays one game too few, or one too many (the known board then deals a
    won game). Exact."""
    check_known(student, single_runs(student.link.seed))
