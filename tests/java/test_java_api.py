"""Java submissions written to the AP lab's own files, graded end to end (issue 28, points 1-3
and the students' helper classes).

Black-box: one ``grader grade`` over a class generated in a temporary folder, A8, A9, A11 and
A11b only, each student handing in only the files their case needs (so the other activities
are "missing" and cost no time):

- the College Board's ElevensSimulation (only a main, GAMES_TO_PLAY, I_AM_DEBUGGING on), as it
  is and counting losses (wrong: what was read is said; the other wordings are read in
  test_java_api_units.py);
- an Activity 9 board (no findPairSum11, findJQK or playIfPossible), the Java starter
  untouched, and the starter with only Activity 9 written: "not started", no wall of failures;
- a board whose searches use a helper class of the student's (Pair.java), beside a scratch
  file that does not compile;
- a Board the student changed (a helper method their ElevensBoard uses; a redesigned
  constructor): graded with theirs, and the note says so (the note for a changed Board that
  fails A8: test_java_api_units.py).
"""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "elevens" / "java"
STARTER = ROOT / "starter" / "elevens" / "java"
AP = Path(__file__).resolve().parent / "fixtures" / "ap_lab"

pytestmark = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")

# A helper method the student added to Board and uses in ElevensBoard: their ElevensBoard then
# compiles only with their Board.
HELPER_METHOD = "    public Card cardIn(int k) {\n        return cardAt(k);\n    }\n\n    public Card cardAt(int k) {"
LAB_CONSTRUCTOR = "public Board(int size, String[] ranks, String[] suits, int[] pointValues) {"


def write(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def reference(name: str) -> str:
    return (REFERENCE / name).read_text(encoding="utf-8")


def simulation(**replaced: str) -> str:
    text = (AP / "ElevensSimulation.java").read_text(encoding="utf-8")
    for old, new in replaced.items():
        assert old in text
        text = text.replace(old, new)
    return text


def starter_a9_only() -> str:
    """The Java starter's ElevensBoard with Activity 9's two methods written (Activity 11's
    still the starter's placeholders)."""
    text = (STARTER / "ElevensBoard.java").read_text(encoding="utf-8")
    written = text.replace("// TODO (Activity 9)\n        return false;", "return !cardIndexes().isEmpty();", 2)
    assert written.count("TODO (Activity 9)") == 0
    return written


def build_class(klass: Path) -> None:
    board = reference("Board.java")
    elevens = reference("ElevensBoard.java")
    write(klass / "ap_sim", {"ElevensSimulation.java": simulation()})
    write(klass / "ap_sim_losses", {"ElevensSimulation.java": simulation(**{
        "if (board.gameIsWon()) {": "if (!board.gameIsWon()) {"})})
    write(klass / "a9_era", {"ElevensBoard.java": (AP / "ElevensBoardActivity9.java").read_text(encoding="utf-8")})
    write(klass / "starter_untouched", {"ElevensBoard.java": "// my board\n" + (STARTER / "ElevensBoard.java").read_text()})
    write(klass / "starter_a9", {"ElevensBoard.java": starter_a9_only()})
    write(klass / "helper", {"ElevensBoard.java": (AP / "ElevensBoardWithHelper.java").read_text(encoding="utf-8"),
                             "Pair.java": (AP / "Pair.java").read_text(encoding="utf-8"),
                             "Scratch.java": "public class Scratch { int x = \"not a number\"; }\n"})
    with_helper = board.replace("    public Card cardAt(int k) {", HELPER_METHOD)
    write(klass / "board_helper", {"Board.java": with_helper, "ElevensBoard.java": elevens.replace("cardAt(", "cardIn(")})
    write(klass / "board_constructor", {
        "Board.java": board.replace(LAB_CONSTRUCTOR, "public Board(int size, Deck deck) {")
                           .replace("deck = new Deck(ranks, suits, pointValues);", "this.deck = deck;"),
        "ElevensBoard.java": elevens.replace("super(BOARD_SIZE, RANKS, SUITS, POINT_VALUES);",
                                             "super(BOARD_SIZE, new Deck(RANKS, SUITS, POINT_VALUES));")})


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("java-api")
    build_class(base / "class")
    scratch = base / "tmp"
    scratch.mkdir()
    args = ["grade", "class", "--out", "out"] + [x for a in ("A8", "A9", "A11", "A11b") for x in ("--activity", a)]
    done = subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=base,
                          timeout=600, env={**os.environ, "TMPDIR": str(scratch)})
    assert (base / "out" / "results.json").exists(), done.stdout + done.stderr
    results = json.loads((base / "out" / "results.json").read_text())
    return {s["id"]: {a["id"]: a for a in s["activities"]} for s in results["submissions"]}, done


def test_the_run_ends_cleanly(graded):
    _, done = graded
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_ap_labs_main_only_simulation_gets_full_marks(graded):
    by_id, _ = graded
    sim = by_id["ap_sim"]["A11b"]
    assert sim["status"] == "graded" and sim["score"] == sim["max"] == 5.0, sim
    assert sim["note"] == ""  # nothing went wrong, so nothing to explain (a failure's note: below)


def test_debugging_is_off_and_what_main_printed_is_the_tests_output(graded):
    by_id, _ = graded
    outputs = [t["output"] for t in by_id["ap_sim"]["A11b"]["tests"]]
    assert any("Percent won:" in text for text in outputs), outputs
    # I_AM_DEBUGGING is true in the file: a board printed would show its places ("0: ...").
    assert not any(re.search(r"^\d+: ", text, re.MULTILINE) for text in outputs), outputs


def test_a_wrong_simulation_loses_points_and_says_what_was_read(graded):
    by_id, _ = graded
    sim = by_id["ap_sim_losses"]["A11b"]
    assert sim["status"] == "graded" and sim["score"] < 5.0
    assert "graded through its main" in sim["note"] and "GAMES_TO_PLAY = n" in sim["note"], sim["note"]
    assert "I_AM_DEBUGGING = false" in sim["note"], sim["note"]
    failed = [t for t in sim["tests"] if t["outcome"] != "passed"]
    assert failed
    message = next(t["message"] for t in failed if "simulate(12)" in t["message"])
    assert "What the grader read:" in message and "ElevensSimulation.main with GAMES_TO_PLAY = 12" in message, message
    assert "“Games won:" in message and "of 12 games won" in message, message


def test_an_activity_9_board_is_not_started_in_activity_11(graded):
    by_id, _ = graded
    assert by_id["a9_era"]["A9"]["score"] == by_id["a9_era"]["A9"]["max"] == 16.0
    a11 = by_id["a9_era"]["A11"]
    assert a11["status"] == "not_started" and a11["score"] == 0.0 and a11["tests"] == []
    for method in ("findPairSum11()", "findJQK()", "playIfPossible()"):
        assert method in a11["note"], a11["note"]


def test_the_starters_placeholders_are_not_started(graded):
    by_id, _ = graded
    assert by_id["starter_untouched"]["A9"]["status"] == "not_started"
    assert "still the starter file" in by_id["starter_untouched"]["A9"]["note"]
    assert by_id["starter_untouched"]["A11"]["status"] == "not_started"
    assert by_id["starter_a9"]["A9"]["status"] == "graded"
    assert by_id["starter_a9"]["A11"]["status"] == "not_started"
    assert "starter's placeholder" in by_id["starter_a9"]["A11"]["note"]


def test_a_students_helper_class_is_compiled_with_their_board(graded):
    by_id, _ = graded
    for activity_id, points in (("A9", 16.0), ("A11", 14.0)):
        result = by_id["helper"][activity_id]
        assert result["status"] == "graded" and result["score"] == points, result


def test_a_board_changed_by_the_student_grades_their_subclass_with_it(graded):
    by_id, _ = graded
    assert by_id["board_helper"]["A8"]["score"] == 18.0
    for activity_id, points in (("A9", 16.0), ("A11", 14.0)):
        result = by_id["board_helper"][activity_id]
        assert result["score"] == points, result
        assert "graded with your own Board.java" in result["note"] and "passes every test of A8" in result["note"]


def test_a_redesigned_constructor_costs_points_in_a8_only(graded):
    by_id, _ = graded
    assert by_id["board_constructor"]["A8"]["status"] == "not_loaded"
    for activity_id, points in (("A9", 16.0), ("A11", 14.0)):
        result = by_id["board_constructor"][activity_id]
        assert result["score"] == points, result
        assert "A8 could not run it" in result["note"], result["note"]
