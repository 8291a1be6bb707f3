"""A simulation earns its points by playing games, in every lab.

Each lab's simulation activity runs the student's simulation over a stand-in whose games have
known outcomes (Elevens A11b: harness/elevens/known_board.py, and for Java
harness/elevens/java/KnownBoard.java, compiled above the lab's ElevensBoard; Up/Down/Stay A7:
harness/up-down-stay/known_uds_cards.py) or compares its figures with the games the grader
watched it play (Up/Down/Stay A7's estimates, 6 Takes! A6). Simulations that play no game (the
attack found on Elevens: the grader's own printed win rate, and 1.0 on every ninth
simulate(1)), return a constant, or return a random plausible number score 0 on the whole
activity, in Python and in Java; every correct solution of the corpus, the reference, the labs'
second solutions and the Java demo and AP-style classes keep full marks, and so do loops written
in every reading the guide allows (a new board per game, new_game() at the end of the loop, a
debugging print before new_game(), their own play loop, a board kept in a static field; a deck
made only to read its size; a match told by ``in``, by the players' scores or by their own
changes).
"""

import shutil
from pathlib import Path

import pytest

from tests.classroom import grade_class, lab_rubric, reference_text, write_class
from tests.lab_loader import ROOT

CORPUS = ROOT.parent / "shared" / "corpus" / "python"  # the correct solutions written from the handout alone


def corpus() -> list[Path]:
    """The corpus's solutions (none where this repository is checked out without it)."""
    return sorted(p for p in CORPUS.iterdir() if p.is_dir()) if CORPUS.is_dir() else []

ELEVENS_WRONG = {
    "attacker": "_calls = [0]\n\ndef simulate(n):\n    if n == 0:\n        return 0.0\n    if n == 1:\n"
                "        _calls[0] += 1\n        return 1.0 if _calls[0] % 9 == 0 else 0.0\n"
                "    return round(0.1068 * n) / n\n",
    "constant": "def simulate(n):\n    return 0.0 if n == 0 else 1 / 9\n",
    "random_plausible": "import random\n\ndef simulate(n):\n    if n == 0:\n        return 0.0\n"
                        "    return sum(random.random() < 0.1068 for _ in range(n)) / n\n",
    "plays_but_returns_a_constant": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n"
                                    "    board = ElevensBoard()\n    for _ in range(n):\n        board.new_game()\n"
                                    "        while board.play_if_possible():\n            pass\n"
                                    "    return 0.0 if n == 0 else round(0.1068 * n) / n\n",
    "touches_one_game_then_a_constant": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n"
                                        "    board = ElevensBoard()\n    board.new_game()\n    board.play_if_possible()\n"
                                        "    return 0.0 if n == 0 else 1 / 9\n",
}
ELEVENS_READINGS = {
    "new_board_each_game": "import elevens_board\n\ndef simulate(n):\n    wins = 0\n    for _ in range(n):\n"
                           "        b = elevens_board.ElevensBoard()\n        while b.another_play_is_possible():\n"
                           "            b.play_if_possible()\n        wins += b.is_empty() and b.deck_size() == 0\n"
                           "    return wins / n if n else 0.0\n",
    "new_board_and_new_game": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n    wins = 0\n"
                              "    for _ in range(n):\n        b = ElevensBoard()\n        b.newGame()\n"
                              "        while b.playIfPossible():\n            pass\n        wins += b.gameIsWon()\n"
                              "    return wins / n if n else 0.0\n",
    "new_game_at_the_end_and_debug_prints": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n"
                                            "    b = ElevensBoard()\n    wins = 0\n    for _ in range(n):\n"
                                            "        print(b, b.size())\n        while b.play_if_possible():\n"
                                            "            pass\n        wins += b.game_is_won()\n        b.new_game()\n"
                                            "    return wins / n if n else 0.0\n",
    "own_play_loop": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n    b = ElevensBoard()\n    wins = 0\n"
                     "    for _ in range(n):\n        b.new_game()\n        while True:\n            places = b.card_indexes()\n"
                     "            play = b.find_pair_sum11(places) or b.find_jqk(places)\n            if not play:\n"
                     "                break\n            b.replace_selected_cards(play)\n"
                     "        wins += all(c is None for c in b.cards) and b.deck.is_empty()\n"
                     "    return wins / n if n else 0.0\n",
}

JAVA_HEAD = "public class ElevensSimulation {\n    public static double simulate(int n) {\n"
JAVA_WRONG = {
    "attacker": "public class ElevensSimulation {\n    private static int calls = 0;\n\n"
                "    public static double simulate(int n) {\n        if (n == 0) {\n            return 0.0;\n        }\n"
                "        if (n == 1) {\n            calls++;\n            return calls % 9 == 0 ? 1.0 : 0.0;\n        }\n"
                "        return Math.round(0.1068 * n) / (double) n;\n    }\n}\n",
    "constant": JAVA_HEAD + "        return n == 0 ? 0.0 : 1.0 / 9;\n    }\n}\n",
    "random_plausible": JAVA_HEAD + "        int wins = 0;\n        for (int g = 0; g < n; g++) {\n"
                        "            wins += Math.random() < 0.1068 ? 1 : 0;\n        }\n"
                        "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
}
JAVA_READINGS = {
    "new_board_each_game": JAVA_HEAD + "        int wins = 0;\n        for (int g = 0; g < n; g++) {\n"
                           "            ElevensBoard b = new ElevensBoard();\n            while (b.anotherPlayIsPossible()) {\n"
                           "                b.playIfPossible();\n            }\n"
                           "            wins += b.isEmpty() && b.deckSize() == 0 ? 1 : 0;\n        }\n"
                           "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
    "new_board_and_new_game": JAVA_HEAD + "        int wins = 0;\n        for (int g = 0; g < n; g++) {\n"
                              "            ElevensBoard b = new ElevensBoard();\n            b.newGame();\n"
                              "            while (b.playIfPossible()) {\n            }\n"
                              "            wins += b.gameIsWon() ? 1 : 0;\n        }\n"
                              "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
    "new_game_at_the_end_and_debug_prints": JAVA_HEAD + "        ElevensBoard b = new ElevensBoard();\n        int wins = 0;\n"
                                            "        for (int g = 0; g < n; g++) {\n"
                                            "            System.out.println(b + \" \" + b.size());\n"
                                            "            while (b.playIfPossible()) {\n            }\n"
                                            "            wins += b.gameIsWon() ? 1 : 0;\n            b.newGame();\n        }\n"
                                            "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
    "own_play_loop_static_board": "import java.util.List;\n\npublic class ElevensSimulation {\n"
                                  "    private static final ElevensBoard BOARD = new ElevensBoard();\n\n"
                                  "    public static double simulate(int n) {\n        int wins = 0;\n"
                                  "        for (int g = 0; g < n; g++) {\n            BOARD.newGame();\n"
                                  "            while (true) {\n                List<Integer> places = BOARD.cardIndexes();\n"
                                  "                List<Integer> play = BOARD.findPairSum11(places);\n"
                                  "                if (play.isEmpty()) {\n                    play = BOARD.findJQK(places);\n"
                                  "                }\n                if (play.isEmpty()) {\n                    break;\n"
                                  "                }\n                BOARD.replaceSelectedCards(play);\n            }\n"
                                  "            wins += BOARD.gameIsWon() ? 1 : 0;\n        }\n"
                                  "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
}
JAVA_CORRECT = ["ada_complete", "ap_style", *JAVA_READINGS]

UDS_CONSTANTS = ('{"UDUDUDUD": 0.3982, "UDUDUDUDUD": 0.8164, "UUU": 0.7216 if strategy == "random" else 0.0, '
                 '"S": 0.9546, "U": 1.0}.get(pred, 0.0)')


def uds_reference(name: str) -> str:
    return (ROOT / "reference" / "up-down-stay" / name).read_text(encoding="utf-8")


def uds_wrong() -> dict[str, str]:
    reference = uds_reference("uds_simulation.py")
    head = "def estimate_match_probability(pred, num_players, games, rng, strategy=\"random\"):\n"
    return {
        "constant": head + f"    return {UDS_CONSTANTS}\n",
        "random_plausible": head + "    return sum(rng.random() < 0.5 for _ in range(games)) / games\n",
        "plays_but_returns_a_constant": reference.replace("    return matches / games\n", f"    return {UDS_CONSTANTS}\n"),
        # The measured figures rounded to a whole number of games: inside every band.
        "plays_but_returns_rounded_constants": reference.replace(
            "    return matches / games\n", f"    return round(({UDS_CONSTANTS}) * games) / games\n"),
    }


def uds_readings() -> dict[str, str]:
    reference = uds_reference("uds_simulation.py")
    by_in = reference.replace("if match_score(pred, result.change_str) > 0:", "if pred in result.change_str:")
    by_scores = reference.replace("if match_score(pred, result.change_str) > 0:", "if result.scores[0] > 0:")
    own = ("import uds_cards\nimport uds_game\nimport uds_players\nfrom uds_changes import changes\n\n"
           "def estimate_match_probability(pred, num_players, games, rng, strategy=\"random\"):\n"
           "    assert uds_cards.make_standard_deck().size() == 52  # a deck made only to read its size\n"
           "    hits = 0\n    for _ in range(games):\n"
           "        seats = [uds_players.RandomPlayer(rng, pred) for _ in range(num_players)]\n"
           "        if strategy == \"highest\":\n            seats[1] = uds_players.HighestPlayer(pred)\n"
           "        deck = uds_cards.make_standard_deck()\n        rng.shuffle(deck.cards)\n"
           "        row = uds_game.play_round(seats, deck).row\n"
           "        hits += pred in changes([uds_cards.card_value(c) for c in row])\n    return hits / games\n")
    assert by_in != reference and by_scores != reference
    return {"match_by_in": by_in, "match_by_scores": by_scores, "own_changes": own}


def takes_constant() -> str:
    reference = (ROOT / "reference" / "six-takes" / "takes_simulation.py").read_text(encoding="utf-8")
    start = reference.index("def simulate(")
    end = reference.index("\nclass ", start)
    constant = ("def simulate(num_players, turns, games, rng, row_policy=\"cheapest\"):\n"
                "    return {\"mean_score\": 17.37, \"seat_means\": [17.37] * num_players, \"rule3_takes\": 1.0, "
                "\"rule4_takes\": 1.0}\n\n")
    return reference[:start] + constant + reference[end:]


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
    write_class(root, {name: {"uds_simulation.py": text} for name, text in {**uds_wrong(), **uds_readings()}.items()})
    return grade_class(root, tmp_path_factory.mktemp("work"), rubric=lab_rubric("up-down-stay"),
                       only_activities=["A7"], jobs=1)


@pytest.fixture(scope="module")
def six_takes(tmp_path_factory):
    root = tmp_path_factory.mktemp("takes")
    write_class(root, {"reference": {"takes_simulation.py": (ROOT / "reference" / "six-takes" / "takes_simulation.py").read_text(encoding="utf-8")},
                       "constant": {"takes_simulation.py": takes_constant()}})
    return grade_class(root, tmp_path_factory.mktemp("work"), rubric=lab_rubric("six-takes"), only_activities=["A6"], jobs=1)


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


def test_every_correct_up_down_stay_simulation_keeps_full_marks(up_down_stay):
    marks = full_marks(up_down_stay, "A7")
    correct = ["reference", "second", *uds_readings()]
    assert {name: marks[name] for name in correct} == {name: (7.0, 7.0) for name in correct}


def test_a_six_takes_simulation_that_returns_the_measured_figures_scores_0_on_them(six_takes):
    got = outcomes(six_takes, "A6")
    assert got["constant"]["test_simulate_returns_the_four_figures"] == "failed"
    assert got["constant"]["test_mean_score_matches_the_measured_value"] == "failed"
    assert full_marks(six_takes, "A6")["reference"] == (10.0, 10.0)


def test_no_message_shows_a_known_fraction(elevens, elevens_java, up_down_stay):
    """The known-outcome messages never print the fraction expected (a student could copy it)."""
    for results, activity, tests in ((elevens, "A11b", ELEVENS_KNOWN), (elevens_java, "A11b", ELEVENS_KNOWN),
                                     (up_down_stay, "A7", (UDS_KNOWN,))):
        for sub in results.submissions:
            for act in sub.activities:
                for test in act.tests:
                    if act.id == activity and test.name.split("[")[0] in tests and test.outcome == "failed":
                        assert "expected: the fraction of" in test.message, test.message
                        assert "expected: 0." not in test.message and "expected: 1." not in test.message
