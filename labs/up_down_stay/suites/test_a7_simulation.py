"""Activity 7: uds_simulation.estimate_match_probability, beside the reference of every other
file (Card, Deck, uds_cards, uds_deal, uds_changes, uds_predictions, uds_game, the players).

Each estimate is compared with the lab's measured figure (10^6 games) by an exact binomial
band that also allows for that figure's own uncertainty; the games count is the smallest with
power 0.999 against the named wrong versions (labs/up_down_stay/checks.py). The written answer
about which prediction length to choose is not graded.

Every point needs games played. The exact-fractions and known-outcome tests run the simulation
over a stand-in make_standard_deck (harness/up-down-stay/known_uds_cards.py) whose decks make
each game's match known (labs/up_down_stay/known_games.py), with the given players watched as
they lay their cards: every deck dealt from must have been played through, exactly ``games``
of them, and the answer must be exactly the share of those games that match (as the grader
knows it, and as it watched the rows laid); the known-outcome messages never show that share.
The estimates against the measured figures must be exactly the share of the games the spied
players were seen to play that match (harness/up-down-stay/uds_probes.py), before their band
is checked.
"""

import pytest
from grader_labs.up_down_stay.checks import SIMULATION_CASES
from grader_labs.up_down_stay.known_games import exact_runs, known_runs, watched_games

from grader.checks.assertions import expect, fail, show

HINT = ('For each game: make the players ("random": every seat a RandomPlayer(rng, pred); "highest": seat 1 a '
        "HighestPlayer(pred), the others random), a fresh standard deck put in order with rng, play_round, and count the game "
        "when pred occurs in the change string. Return matches / games.")
KNOWN_HINT = ("The grader chose these decks so that it knows exactly which games match; the answer must be the "
              "number of games that match divided by the number of games. " + HINT)


def decks(count: int) -> str:
    return "no deck" if count == 0 else f"{count} deck{'s' if count != 1 else ''}"


def expect_played(call: str, run, reply: dict) -> None:
    """Every deck the simulation dealt from was played through (every card laid, one row), and
    exactly ``run.games`` of them; the estimate is the share of those rows that contain the
    prediction."""
    got, begun = reply.get("result"), reply.get("begun")
    begun = begun if type(begun) is int else 0
    watched = watched_games(reply.get("laid"), begun, run.players)
    per_game = run.players * (52 // run.players)
    if watched.rows is None or begun != run.games:
        why = watched.why or f"that is {begun} game{'s' if begun != 1 else ''}, not {run.games}"
        fail(f"{call}, on decks the grader chose\n  expected: {run.games} game{'s' if run.games != 1 else ''} played "
             f"through with the given players, each a fresh deck dealt and all {per_game} of its dealt cards laid in "
             f"a row, then the share of them that match\n  got:      {show(got)}; it dealt from {decks(begun)}, and "
             f"{why}", HINT)
    if is_number(got) and abs(got * run.games - watched.matches(run.pred)) > 1e-6:
        fail(f"{call}, on decks the grader chose\n  expected: the fraction of the games it played (the grader watched "
             f"every card laid) whose change string contains {run.pred!r}\n  got:      {show(got)}",
             "Count the games you played whose change string contains pred, and return that count divided by "
             "games. " + HINT)


def is_number(got) -> bool:
    return type(got) in (float, int) and not isinstance(got, bool)


def test_returns_a_fraction(student):
    """docs/labs/up-down-stay.md, A7 ("Exact fractions"): the answers the rules fix, from games
    played. "U" always matches on the lab's decks (2 players and 3 games; 3 players and 1 game),
    "SSSS" never does, and "UUU" never does with a HighestPlayer in one of 2 seats: exactly 1.0,
    1.0, 0.0 and 0.0. The same calls again on decks the grader chose, some with every card
    worth 7 (every change S: "U" never matches there, "SSSS" always), must give exactly the
    share of those games that match, so no answer that depends on the arguments alone passes.
    Every game must be played through with the given players, who are watched: a simulation
    that reads the decks instead of playing them gets nothing."""
    runs = exact_runs(student.link.seed)
    replies = student.batch(*[student.known_uds_cards.estimate_known.later(run.pred, run.players, list(run.kinds), run.strategy)
                              for run in runs])
    for run, reply in zip(runs, replies):
        got, begun = reply["result"], reply["begun"]
        call = f"estimate_match_probability({run.pred!r}, {run.players}, {run.games}, rng, strategy={run.strategy!r})"
        expect_played(call, run, reply)
        if type(got) not in (float, int) or isinstance(got, bool) or abs(got * run.games - run.matches) > 1e-6:
            dealt = f"(it dealt from {decks(begun)})"
            if run.standard:
                fail(f"{call}  ({run.why})\n  expected: {run.matches / run.games}\n  got:      {show(got)} {dealt}", HINT)
            fail(f"{call}, on decks the grader chose (in some games every card is worth 7, so every change is S)\n"
                 f"  expected: the fraction of those games whose change string contains {run.pred!r}\n"
                 f"  got:      {show(got)} {dealt}", KNOWN_HINT)


def test_estimate_is_the_share_of_known_games_that_match(student):
    """docs/labs/up-down-stay.md, A7 and "Shuffling": each game a fresh make_standard_deck()
    put in order with rng, play_round, counted when pred occurs in the change string; the
    fraction of games. Three calls on decks the grader chose (every game matching, none, and
    exactly k: k, the prediction, the players and the strategy from the seed), whatever the
    shuffle and the players do: the answers must be exactly 1.0, 0.0 and k / games. Exact: a
    correct simulation never fails it. Every game must be played through with the given
    players, who are watched, and the answer must be the share of the rows they laid that
    match: a simulation that reads the decks instead of playing them gets nothing."""
    runs = known_runs(student.link.seed)
    replies = student.batch(*[student.known_uds_cards.estimate_known.later(run.pred, run.players, list(run.kinds), run.strategy)
                              for run in runs], timeout=30)
    for run, reply in zip(runs, replies):
        got, begun = reply["result"], reply["begun"]
        call = f"estimate_match_probability({run.pred!r}, {run.players}, {run.games}, rng, strategy={run.strategy!r})"
        expect_played(call, run, reply)
        if type(got) not in (float, int) or isinstance(got, bool) or abs(got * run.games - run.matches) > 1e-6:
            fail(f"{call}, on decks the grader chose\n  expected: the fraction of those games whose change string "
                 f"contains {run.pred!r}\n  got:      {show(got)} (it dealt from {decks(begun)})",
                 KNOWN_HINT)


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
    # given players are spied on: "highest" seats a HighestPlayer in seat 1 only, and the
    # estimate must be exactly the share of the games they were seen to play that match (so a
    # simulation that plays for show and returns the measured figure fails).
    spec = SIMULATION_CASES[case]
    check = spec.check(spec.games)
    rng = student.uds_probes.new_rng()
    call = f"estimate_match_probability({spec.pred!r}, {spec.players}, {spec.games}, rng, strategy={spec.strategy!r})"
    spied = student.uds_probes.estimate_with_spies(spec.pred, spec.players, spec.games, rng, spec.strategy, timeout=30)
    got = spied["estimate"]
    if type(got) not in (float, int) or isinstance(got, bool):
        fail(f"{call}\n  expected: a fraction\n  got:      {show(got)}", HINT)
    expect_seats(spied, call, spec.players, spec.strategy, spec.games)
    watched = spied["watched"]
    if watched is not None and abs(got * spec.games - watched) > 1e-6:
        fail(f"{call}\n  expected: the fraction of the games it played whose change string contains {spec.pred!r}: "
             f"the grader watched every card laid, and {watched} of the {spec.games} rows contain it "
             f"({watched}/{spec.games})\n  got:      {got!r}",
             "Count the games you played whose change string contains pred, and return that count divided by games. " + HINT)
    matches = round(got * spec.games)
    if abs(matches - got * spec.games) > 1e-6 or matches not in check.band:
        band = check.band
        fail(f"{call}\n  expected: between {band.low}/{spec.games} and {band.high}/{spec.games} (it matches in about "
             f"{spec.rate:.1%} of games; a correct simulation falls outside this once in a million gradings)\n  got:      {got!r}", HINT)
