"""A simulation earns its points by playing games, in every lab.

Each lab's simulation activity runs the student's simulation over a stand-in whose games have
known outcomes (Elevens A11b: harness/elevens/known_board.py, and for Java
harness/elevens/java/KnownBoard.java, compiled above the lab's ElevensBoard; Up/Down/Stay A7:
harness/up-down-stay/known_uds_cards.py) or compares its figures with the games the grader
watched it play (Up/Down/Stay A7's estimates, 6 Takes! A6: harness/six-takes/takes_watching.py).
Simulations that play no game (the attack found on Elevens: the grader's own printed win rate,
and 1.0 on every ninth simulate(1)), return a constant, or return a random plausible number
score 0 on the whole activity, in Python and in Java; so do the red team's simulations that read
the games instead of playing them (December 2026: Elevens 5/5 by looking each game up from its
first two cards, Up/Down/Stay 3/7 by reading one card of each deck, 6 Takes! 10/10 by filling
the piles by hand) and variants that play a copy, one move, one game or one turn, or change the
board or the table by hand: every game begun must now be played to its end, as the grader
replays or watches it. Every correct solution of the corpus, the reference, the labs' second
solutions and the Java demo and AP-style classes keep full marks, and so do loops written in
every reading the guide allows (a new board per game, new_game() at the end of the loop, a
debugging print before new_game(), their own play loop, one that takes a play's cards off before
refilling, a board kept in a static field; a deck made only to read its size; a match told by
``in``, by the players' scores or by their own changes).
"""

import shutil

import pytest

from tests.classroom import grade_class, lab_rubric, reference_text, write_class
from tests.lab_loader import ROOT
from tests.suites.simulation_sources import (
    corpus,
    ELEVENS_WRONG,
    ELEVENS_UNPLAYED,
    ELEVENS_READINGS,
    JAVA_WRONG,
    JAVA_UNPLAYED,
    JAVA_READINGS,
    JAVA_CORRECT,
    uds_reference,
    uds_wrong,
    UDS_UNPLAYED,
    uds_readings,
    takes_constant,
    takes_with_simulate,
    TAKES_UNPLAYED,
)


def outcomes(results, activity: str) -> dict[str, dict[str, str]]:
    """submission -> {test name (parametrized runs by their base name): worst outcome}."""
    found: dict[str, dict[str, str]] = {}
    for sub in results.submissions:
        for act in sub.activities:
            if act.id == activity:
                tests = found.setdefault(sub.id, {})
                for test in act.tests:
                    name = test.name.split("[")[0]
                    tests[name] = test.outcome if tests.get(name, "passed") == "passed" else tests[name]
    return found


def full_marks(results, activity: str) -> dict[str, tuple[float, float]]:
    return {sub.id: (act.score, act.max) for sub in results.submissions for act in sub.activities if act.id == activity}


@pytest.fixture(scope="module")
def elevens(tmp_path_factory):
    root = tmp_path_factory.mktemp("elevens")
    for folder in corpus():
        shutil.copytree(folder, root / folder.name)
    reference = {name: reference_text(name) for name in ("card.py", "deck.py", "board.py", "elevens_board.py",
                                                          "elevens_simulation.py")}
    write_class(root, {"reference": reference})
    write_class(root, {name: {**reference, "elevens_simulation.py": text}
                       for name, text in {**ELEVENS_WRONG, **ELEVENS_READINGS}.items()})
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A11b"], jobs=1)


@pytest.fixture(scope="module")
def elevens_java(tmp_path_factory):
    """The Java demo's finished student, the AP lab's main-only ElevensSimulation, the readings
    and the wrong simulations, each handing in only ElevensSimulation.java."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("needs a JDK")
    root = tmp_path_factory.mktemp("elevens-java")
    shutil.copytree(ROOT / "examples" / "elevens-java" / "ada_complete", root / "ada_complete")
    ap_style = (ROOT / "tests" / "java" / "fixtures" / "ap_lab" / "ElevensSimulation.java").read_text(encoding="utf-8")
    write_class(root, {name: {"ElevensSimulation.java": text}
                       for name, text in {"ap_style": ap_style, **JAVA_WRONG, **JAVA_READINGS}.items()})
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A11b"], jobs=1)


@pytest.fixture(scope="module")
def up_down_stay(tmp_path_factory):
    root = tmp_path_factory.mktemp("uds")
    write_class(root, {"reference": {"uds_simulation.py": uds_reference("uds_simulation.py")},
                       "second": {"uds_simulation.py": (ROOT / "tests" / "labs" / "up_down_stay" / "second_solution"
                                                        / "uds_simulation.py").read_text(encoding="utf-8")}})
    write_class(root, {name: {"uds_simulation.py": text}
                       for name, text in {**uds_wrong(), **UDS_UNPLAYED, **uds_readings()}.items()})
    return grade_class(root, tmp_path_factory.mktemp("work"), rubric=lab_rubric("up-down-stay"),
                       only_activities=["A7"], jobs=1)


@pytest.fixture(scope="module")
def six_takes(tmp_path_factory):
    root = tmp_path_factory.mktemp("takes")
    write_class(root, {"reference": {"takes_simulation.py": (ROOT / "reference" / "six-takes" / "takes_simulation.py").read_text(encoding="utf-8")},
                       "constant": {"takes_simulation.py": takes_constant()}})
    return grade_class(root, tmp_path_factory.mktemp("work"), rubric=lab_rubric("six-takes"), only_activities=["A6"], jobs=1)


TAKES_SIMULATE = ["test_simulate_returns_the_four_figures", "test_mean_score_matches_the_measured_value"]


@pytest.fixture(scope="module")
def six_takes_simulate(tmp_path_factory):
    """The lab's second solution and the simulations that play no turn of the Game, graded on
    A6's two simulate tests only (CautiousAI's tests never call simulate, and cost most of A6's
    time: the reference's full marks above cover them)."""
    root = tmp_path_factory.mktemp("takes-simulate")
    second = (ROOT / "tests" / "labs" / "six_takes" / "second_solution" / "takes_simulation.py").read_text(encoding="utf-8")
    write_class(root, {"second": {"takes_simulation.py": second}})
    write_class(root, {name: {"takes_simulation.py": takes_with_simulate(body)} for name, body in TAKES_UNPLAYED.items()})
    return grade_class(root, tmp_path_factory.mktemp("work"), rubric=lab_rubric("six-takes"), only_activities=["A6"],
                       only_tests=TAKES_SIMULATE, jobs=1)


ELEVENS_KNOWN = ("test_simulate_returns_the_fraction_of_known_games_won", "test_simulate_plays_one_game_when_asked_for_one")


@pytest.mark.parametrize("name", list(ELEVENS_WRONG))
def test_an_elevens_simulation_that_does_not_count_its_games_scores_0_on_the_known_games(elevens, name):
    got = outcomes(elevens, "A11b")[name]
    assert all(got[test] == "failed" for test in ELEVENS_KNOWN), got


@pytest.mark.parametrize("name", ["attacker", "constant", "random_plausible", "plays_but_returns_a_constant",
                                  "touches_one_game_then_a_constant"])
def test_an_elevens_simulation_that_plays_no_game_scores_0_on_the_whole_activity(elevens, name):
    """Even "returns a fraction" needs the answer to come from the games: 0.0 when every game
    played was lost, more when every one was won (no constant is both). The advisory
    simulate(0) check is worth nothing, whatever it says."""
    assert full_marks(elevens, "A11b")[name] == (0.0, 5.0), outcomes(elevens, "A11b")[name]


@pytest.mark.parametrize("name", list(JAVA_WRONG))
def test_a_java_simulation_that_plays_no_game_scores_0_on_the_whole_activity(elevens_java, name):
    assert full_marks(elevens_java, "A11b")[name] == (0.0, 5.0), outcomes(elevens_java, "A11b")[name]


@pytest.mark.parametrize("name", list(ELEVENS_UNPLAYED))
def test_an_elevens_simulation_that_does_not_play_the_games_it_was_dealt_scores_0_on_the_whole_activity(elevens, name):
    """The red team's simulation read the first two cards of each game and looked it up among
    the known games (5/5 on main e1a4c88); the others know every outcome (as a student who
    works out the seed's games could) but play a copy, only the first move, or empty the board
    by hand. Every game begun must be played to its end on the board that was dealt it: each
    gets 0 on the whole activity, with a message that says which game was not played."""
    assert full_marks(elevens, "A11b")[name] == (0.0, 5.0), outcomes(elevens, "A11b")[name]
    messages = [test.message for sub in elevens.submissions if sub.id == name for act in sub.activities
                for test in act.tests if act.id == "A11b" and test.outcome == "failed" and not test.advisory]
    assert any("was not played to its end" in message for message in messages), messages


@pytest.mark.parametrize("name", list(JAVA_UNPLAYED))
def test_a_java_simulation_that_does_not_play_the_games_it_was_dealt_scores_0_on_the_whole_activity(elevens_java, name):
    assert full_marks(elevens_java, "A11b")[name] == (0.0, 5.0), outcomes(elevens_java, "A11b")[name]


def grader_plays(order) -> list[list[list[int]]]:
    """The grader's own game from ``order`` (games.py's rules), as the known board would write it
    down: each play's refills, [place, 1 if a card from the deck went there else 0]."""
    from grader_labs.elevens.games import ELEVENS

    board, deck, plays = list(order[:ELEVENS.places]), list(order[ELEVENS.places:]), []
    while play := ELEVENS.find_play(board):
        plays.append([])
        for k in play:
            plays[-1].append([k, 1 if deck else 0])
            board[k] = deck.pop(0) if deck else None
    return plays


def test_the_known_games_are_shuffles_drawn_from_the_seed():
    """Elevens A11b's games are no longer a fixed pool (the first won and lost games of seeds 0, 1,
    2, ..., listed in the kit: the red team told each game by its first two cards). Each test's
    games are shuffles of the whole deck drawn from its seed, each outcome the grader's own."""
    from grader_labs.elevens.games import ELEVENS
    from grader_labs.elevens.known_games import known_runs, single_runs

    pool = {tuple(order) for order, _ in ELEVENS.planted_games(won=40, lost=40)}
    dealt = []
    for seed in (1, 2):
        for known in (known_runs(seed), single_runs(seed)):
            for run in known.runs:
                assert sum(ELEVENS.play_out(list(order)).won for order in run.orders) == run.won
                dealt += run.orders
            assert ELEVENS.play_out(list(known.extra)).won
    assert len(set(dealt)) == len(dealt) and not set(dealt) & pool


def test_a_game_counts_as_played_only_when_legal_plays_bring_it_to_its_end():
    """known_games.replay, the trusted side's judge of the known board's records: the grader's own
    plays to the end are a played game (won or lost as games.py says); stopping one play early,
    half a play, emptying places by hand, any other change, or a record that is not one, are not."""
    from grader_labs.elevens.games import ELEVENS
    from grader_labs.elevens.known_games import known_runs, replay

    for run in known_runs(3).runs:
        for order in run.orders:
            plays = grader_plays(order)
            writes = [write for play in plays for write in play]
            whole = replay(order, {"writes": writes, "other_changes": 0})
            assert whole.played and whole.won == ELEVENS.play_out(list(order)).won, whole
            if plays:
                assert not replay(order, {"writes": writes[:-1], "other_changes": 0}).played
                assert not replay(order, {"writes": writes[:-len(plays[-1])], "other_changes": 0}).played
            assert not replay(order, {"writes": writes, "other_changes": 1}).played
            assert not replay(order, {"writes": [[k, 0] for k in range(9)], "other_changes": 0}).played
    order = known_runs(3).runs[0].orders[0]
    for record in ("x", {}, {"writes": "no", "other_changes": 0}, {"writes": [[0, 2]], "other_changes": 0},
                   {"writes": [[0, 1, 2]], "other_changes": 0}, {"writes": [[True, 1]], "other_changes": 0}):
        assert not replay(order, record).played, record


def test_the_java_known_board_is_compiled_above_the_labs_elevens_board():
    """Only the word after ``extends`` changes, on its own line (grader/java/inserted.py)."""
    from grader.java.inserted import inserted, insertions

    board = ROOT / "reference" / "elevens" / "java" / "ElevensBoard.java"
    above = insertions({"ElevensBoard": board, "KnownBoard": ROOT / "harness" / "elevens" / "java" / "KnownBoard.java"})
    assert above == {"ElevensBoard": ("Board", "KnownBoard")}
    before = board.read_text(encoding="utf-8").splitlines()
    after = inserted("ElevensBoard", board.read_text(encoding="utf-8"), above).splitlines()
    changed = [(old, new) for old, new in zip(before, after) if old != new]
    assert len(before) == len(after) and changed == [("public class ElevensBoard extends Board {",
                                                      "public class ElevensBoard extends KnownBoard {")]


def test_a_java_students_messages_are_in_java(elevens_java):
    failed = [test.message for sub in elevens_java.submissions for act in sub.activities for test in act.tests
              if act.id == "A11b" and test.outcome == "failed"]
    assert failed and all("newGame()" in message and "new_game()" not in message for message in failed), failed


def test_every_correct_java_simulation_keeps_full_marks(elevens_java):
    """The demo's simulate(int), the AP lab's main (graded through it), and every reading."""
    marks = full_marks(elevens_java, "A11b")
    assert {name: marks[name] for name in JAVA_CORRECT} == {name: (5.0, 5.0) for name in JAVA_CORRECT}, \
        {name: outcomes(elevens_java, "A11b")[name] for name in JAVA_CORRECT}


def test_every_correct_elevens_simulation_keeps_full_marks(elevens):
    marks = full_marks(elevens, "A11b")
    correct = [p.name for p in corpus()] + ["reference", *ELEVENS_READINGS]
    assert {name: marks[name] for name in correct} == {name: (5.0, 5.0) for name in correct}


UDS_KNOWN = "test_estimate_is_the_share_of_known_games_that_match"


@pytest.mark.parametrize("name", list(uds_wrong()))
def test_an_up_down_stay_simulation_that_does_not_count_its_games_scores_0_on_the_known_games(up_down_stay, name):
    assert outcomes(up_down_stay, "A7")[name][UDS_KNOWN] == "failed"


@pytest.mark.parametrize("name", list(uds_wrong()))
def test_an_up_down_stay_simulation_that_does_not_count_its_games_scores_0_on_the_whole_activity(up_down_stay, name):
    """The exact fractions are asked twice on different decks, and the estimates must be the
    share of the games the spies watched: a table of answers per prediction, played for show
    or not, gets nothing."""
    assert full_marks(up_down_stay, "A7")[name] == (0.0, 7.0), outcomes(up_down_stay, "A7")[name]


@pytest.mark.parametrize("name", list(UDS_UNPLAYED))
def test_an_up_down_stay_simulation_that_reads_the_decks_scores_0_on_the_whole_activity(up_down_stay, name):
    """The red team's simulation dealt one card, told the kind of known deck from its numbers
    and answered from that (3/7 on main e1a4c88); the others play the first game only, or lay
    one card per seat. The given players are watched on the known decks too: every deck dealt
    from must be played through, one whole row, and the estimate must be the share of those
    rows that match. Each gets 0 on the whole activity."""
    assert full_marks(up_down_stay, "A7")[name] == (0.0, 7.0), outcomes(up_down_stay, "A7")[name]


def test_every_correct_up_down_stay_simulation_keeps_full_marks(up_down_stay):
    marks = full_marks(up_down_stay, "A7")
    correct = ["reference", "second", *uds_readings()]
    assert {name: marks[name] for name in correct} == {name: (7.0, 7.0) for name in correct}


def test_a_six_takes_simulation_that_returns_the_measured_figures_scores_0_on_them(six_takes):
    got = outcomes(six_takes, "A6")
    assert got["constant"]["test_simulate_returns_the_four_figures"] == "failed"
    assert got["constant"]["test_mean_score_matches_the_measured_value"] == "failed"
    assert full_marks(six_takes, "A6")["reference"] == (10.0, 10.0)


@pytest.mark.parametrize("name", list(TAKES_UNPLAYED))
def test_a_six_takes_simulation_that_plays_no_turn_of_the_game_scores_0_on_the_simulation(six_takes_simulate, name):
    """The red team's simulation set each game up and filled its piles by hand (and took each row
    once with take_row for "random"): 10/10 on main e1a4c88 with the reference's CautiousAI. The
    others place every card by hand on the lab's Table, or play one turn and fill the rest. The
    grader now counts only what the lab's Game and Table do in the turns the Game plays, and every
    Game must be played through its turns: both simulate tests fail (0 of their 4 points). The
    other 6 are CautiousAI's, whose tests never call simulate: a correct CautiousAI keeps them."""
    got = outcomes(six_takes_simulate, "A6")[name]
    assert all(got[test] == "failed" for test in TAKES_SIMULATE), got
    assert full_marks(six_takes_simulate, "A6")[name] == (0.0, 4.0), got


def test_every_correct_six_takes_simulation_keeps_full_marks(six_takes, six_takes_simulate):
    assert full_marks(six_takes, "A6")["reference"] == (10.0, 10.0), outcomes(six_takes, "A6")["reference"]
    assert full_marks(six_takes_simulate, "A6")["second"] == (4.0, 4.0), outcomes(six_takes_simulate, "A6")["second"]


def test_no_message_shows_a_known_fraction(elevens, elevens_java, up_down_stay):
    """The known-outcome messages never print the fraction expected (a student could copy it): they
    ask for the fraction, or for every game played through first."""
    for results, activity, tests in ((elevens, "A11b", ELEVENS_KNOWN), (elevens_java, "A11b", ELEVENS_KNOWN),
                                     (up_down_stay, "A7", (UDS_KNOWN,))):
        for sub in results.submissions:
            for act in sub.activities:
                for test in act.tests:
                    if act.id == activity and test.name.split("[")[0] in tests and test.outcome == "failed":
                        assert any(says in test.message for says in ("expected: the fraction of", "expected: every game "
                                                                     "played to its end", "games played through")), \
                            test.message
                        assert "expected: 0." not in test.message and "expected: 1." not in test.message
