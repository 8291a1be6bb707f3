"""Java submissions graded end to end by the same suites (issue 16, Activities 1 and 2).

Black-box: ``grader grade`` and ``grader check`` run as a teacher runs them, from another
folder with relative paths, over a class built in a temporary folder: the Java reference, the
Java Buggy Decks and CardBuggy Cards (each beside the reference's other class), a Card that does
not compile, a hostile Card, and a Python student in the same class. One grading run serves most
tests (the machine is small); each test reads its part of results.json. Every grading here runs
in one grading process (--jobs 1): which process grades a test changes no grade, and each extra
one costs a start-up.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JAVA_REFERENCE = ROOT / "reference" / "elevens" / "java"
JAVA_VARIANTS = ROOT / "buggy_variants" / "elevens" / "java"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
VARIANTS = ["Buggy1", "Buggy2", "Buggy3", "Buggy4", "CardBuggy1", "CardBuggy2", "CardBuggy3", "CardBuggy4", "Correct"]

pytestmark = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")


def java_student(folder: Path, **replaced: Path) -> Path:
    """A Java student: the reference Card.java and Deck.java, with some files replaced."""
    folder.mkdir(parents=True)
    for name in ("Card.java", "Deck.java"):
        shutil.copyfile(replaced.get(name, JAVA_REFERENCE / name), folder / name)
    return folder


def grader(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600, env=env)


def scores(results: dict, student: str) -> dict[str, float]:
    sub = next(s for s in results["submissions"] if s["id"] == student)
    return {a["id"]: a["score"] for a in sub["activities"]}


def activity(results: dict, student: str, activity_id: str) -> dict:
    sub = next(s for s in results["submissions"] if s["id"] == student)
    return next(a for a in sub["activities"] if a["id"] == activity_id)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """One `grader grade` of a mixed class, A1 and A2 only; its results, its run and its temp folder."""
    base = tmp_path_factory.mktemp("java-class")
    klass = base / "class"
    java_student(klass / "reference")
    for variant in VARIANTS:
        java_student(klass / variant, **{p.name: p for p in (JAVA_VARIANTS / variant).glob("*.java")})
    java_student(klass / "broken_card", **{"Card.java": FIXTURES / "broken" / "Card.java"})
    java_student(klass / "hostile", **{"Card.java": FIXTURES / "hostile" / "Card.java"})
    python = klass / "python_student"
    python.mkdir()
    for name in ("card.py", "deck.py"):
        shutil.copyfile(ROOT / "reference" / "elevens" / name, python / name)
    scratch = base / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch)}
    done = grader("grade", "class", "--out", "out", "--jobs", "1", "--activity", "A1", "--activity", "A2", cwd=base, env=env)
    assert (base / "out" / "results.json").exists(), done.stdout + done.stderr
    return json.loads((base / "out" / "results.json").read_text()), done, scratch


def test_java_reference_gets_full_marks(graded):
    results, done, _ = graded
    assert done.returncode == 0, done.stdout + done.stderr
    assert scores(results, "reference") == {"A1": 15.0, "A2": 20.0}
    assert scores(results, "Correct") == {"A1": 15.0, "A2": 20.0}


@pytest.mark.parametrize("variant", ["Buggy1", "Buggy2", "Buggy4"])
def test_buggy_decks_lose_points_in_a2_only(graded, variant):
    results, _, _ = graded
    got = scores(results, variant)
    assert got["A1"] == 15.0 and got["A2"] < 20.0, got


def test_a_shuffle_bug_costs_nothing_in_a2(graded):
    """Buggy3's shuffle never swaps: that is Activity 4's business, not Activity 2's."""
    results, _, _ = graded
    assert scores(results, "Buggy3") == {"A1": 15.0, "A2": 20.0}


@pytest.mark.parametrize("variant", ["CardBuggy1", "CardBuggy2", "CardBuggy3", "CardBuggy4"])
def test_buggy_cards_lose_points_in_a1_only(graded, variant):
    results, _, _ = graded
    got = scores(results, variant)
    assert got["A1"] < 15.0 and got["A2"] == 20.0, got


def test_a_card_that_does_not_compile_costs_a1_only_with_javacs_message(graded):
    results, _, _ = graded
    card = activity(results, "broken_card", "A1")
    assert card["status"] == "not_loaded" and card["score"] == 0.0
    message = card["tests"][0]["message"]
    assert "Card.java line 15 does not compile: ';' expected" in message, message
    assert "suit = cardSuit" in message and "javac Card.java" in message
    assert card["tests"][0]["file"] == "Card.java" and card["tests"][0]["line"] == 15
    # Activity 2 runs the student's Deck beside the reference Card, so it is graded in full.
    assert activity(results, "broken_card", "A2")["score"] == 20.0


def test_a_python_and_a_java_student_in_one_run(graded):
    results, _, _ = graded
    assert scores(results, "python_student") == {"A1": 15.0, "A2": 20.0}
    assert scores(results, "reference") == {"A1": 15.0, "A2": 20.0}


def test_a_hostile_card_is_contained_and_reported(graded):
    results, _, scratch = graded
    card = activity(results, "hostile", "A1")
    by_test = {t["name"]: t for t in card["tests"]}
    assert by_test["test_rank[spades]"]["outcome"] == "error"
    assert "called System.exit(3)" in by_test["test_rank[spades]"]["message"]  # said in Java (grader/idiom/java.py)
    assert by_test["test_suit[spades]"]["outcome"] == "timeout"
    assert by_test["test_point_value[spades]"]["outcome"] == "passed"  # the output is capped, not fatal
    assert by_test["test_matches_itself_and_a_duplicate[spades]"]["outcome"] == "error"
    assert "OutOfMemoryError" in by_test["test_matches_itself_and_a_duplicate[spades]"]["message"]
    assert by_test["test_str[spades]"]["outcome"] == "passed"  # the endless thread stops nothing
    # Its Deck is graded beside the reference Card, and the students after it are unharmed.
    assert activity(results, "hostile", "A2")["score"] == 20.0
    assert scores(results, "python_student") == {"A1": 15.0, "A2": 20.0}
    # Nothing is left running: no process works in the run's temporary folder any more.
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.readlink(f"/proc/{pid}/cwd").startswith(str(scratch)):
                left.append(pid)
        except OSError:
            continue
    assert not left, f"processes left running: {left}"
    assert not [p for p in scratch.iterdir() if p.name.startswith("grader-sandbox-")]


def test_check_grades_a_java_folder_given_by_a_relative_path(tmp_path):
    java_student(tmp_path / "me", **{"Card.java": JAVA_VARIANTS / "CardBuggy2" / "Card.java"})
    done = grader("check", "me", "--activity", "A1", "--activity", "A2", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "suit()" in done.stdout and "A2 Deck  16 / 16" in done.stdout


def test_without_a_jdk_a_java_submission_needs_a_jdk_and_is_not_scored(tmp_path):
    java_student(tmp_path / "class" / "ada")
    bin_dir = tmp_path / "bin"  # a PATH with no java and no javac, but the tools the jail needs
    bin_dir.mkdir()
    for tool in ("unshare", "setpriv", "prlimit", "sh"):
        if shutil.which(tool):
            (bin_dir / tool).symlink_to(shutil.which(tool))
    env = {**os.environ, "PATH": str(bin_dir)}
    done = grader("grade", "class", "--out", "out", "--activity", "A1", cwd=tmp_path, env=env)
    assert done.returncode == 70, done.stdout + done.stderr
    sub = json.loads((tmp_path / "out" / "results.json").read_text())["submissions"][0]
    assert sub["status"] == "grader_error"
    assert any("needs a JDK" in m for m in sub["messages"]), sub


def test_the_java_demo_class_gets_its_python_twins_grades(tmp_path):
    """examples/elevens-java, the whole lab: six layouts (flat, package, Maven, Activity folders,
    BlueJ with a scratch file that does not compile, a zipped IntelliJ project). Each student has
    the same bugs as the Python demo student of the same name, so every activity scores what
    the Python twin scores (tests/labs/golden/elevens_grades.json), testers included."""
    golden = json.loads((ROOT / "tests" / "labs" / "golden" / "elevens_grades.json").read_text())
    shutil.copytree(ROOT / "examples" / "elevens-java", tmp_path / "demo")
    done = grader("grade", "demo", "--out", "out", "--jobs", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    for sub in results["submissions"]:
        got = {a["id"]: a["score"] for a in sub["activities"]}
        if sub["id"] == "ben_packaged":  # his Python twin (ben_java_names) hands in other files
            assert {a: s for a, s in got.items() if s} == {"A1": 15.0, "A2": 20.0, "A4": 11.0}, got
            continue
        wanted = {a: golden[sub["id"]][a][1] for a in got}
        assert got == wanted, (sub["id"], got, wanted)
        assert sub["total"] == golden[sub["id"]]["total"]
    fay = next(s for s in results["submissions"] if s["id"] == "fay_zipped")
    card = next(a for a in fay["activities"] if a["id"] == "A1")
    assert card["status"] == "not_loaded" and "';' expected" in card["tests"][0]["message"]


def test_shuffles_in_java_are_judged_by_the_same_statistics(tmp_path):
    """A3 and A4 in Java: a selection shuffle that never leaves a card in place (r in 0..k-1)
    loses A3's uniformity test, a Deck whose shuffle never swaps (Buggy3) loses A4's."""
    reference = java_student(tmp_path / "class" / "reference")
    shutil.copyfile(JAVA_REFERENCE / "Shuffler.java", reference / "Shuffler.java")
    sattolo = tmp_path / "class" / "sattolo"
    shutil.copytree(reference, sattolo)
    text = (sattolo / "Shuffler.java").read_text()
    assert "Math.random() * (k + 1)" in text
    (sattolo / "Shuffler.java").write_text(text.replace("Math.random() * (k + 1)", "Math.random() * k"))
    java_student(tmp_path / "class" / "Buggy3", **{"Deck.java": JAVA_VARIANTS / "Buggy3" / "Deck.java"})
    done = grader("grade", "class", "--out", "out", "--jobs", "1", "--activity", "A3", "--activity", "A4", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    assert scores(results, "reference") == {"A3": 18.0, "A4": 11.0}
    shuffle = {t["name"]: t["outcome"] for t in activity(results, "sattolo", "A3")["tests"]}
    assert shuffle["test_selection_shuffle_makes_every_order_equally_likely"] == "failed"
    assert activity(results, "sattolo", "A3")["score"] < 18.0
    assert activity(results, "Buggy3", "A4")["score"] < 10.0


def test_a_shuffle_that_throws_costs_a4_only(tmp_path):
    """The rubric switches the student's shuffle off in A2 (``disable``); a Java Deck's
    constructor calls it, so without that every A2 test would fail for an A4 bug."""
    java_student(tmp_path / "me", **{"Deck.java": FIXTURES / "shuffle_throws" / "Deck.java"})
    done = grader("check", "me", "--activity", "A2", "--activity", "A4", "--hidden", cwd=tmp_path)
    assert "A2 Deck          20 / 20" in done.stdout and "A4 Deck shuffle  0 / 11" in done.stdout, done.stdout


BOARD_FILES = ["Card.java", "Deck.java", "Board.java", "ElevensBoard.java", "ThirteensBoard.java", "TensBoard.java",
               "ElevensSimulation.java"]
BOARD_ACTIVITIES = ["A8", "A9", "A10", "A11", "A11b", "bonus-tens"]
# One change each to the reference: (student, file, text, replacement, the activities that must
# lose points). ElevensBoard.java is graded by A9 (legal plays) and A11 (finding and making them),
# as elevens_board.py is in Python, so a wrong pair sum costs in both.
BOARD_BUGS = [
    ("indexes_all", "Board.java", "if (cards[k] != null) {", "if (cards[k] != null || k == 0) {", ("A8",)),
    ("pair_ten", "ElevensBoard.java", "first.pointValue() + second.pointValue() == 11",
     "first.pointValue() + second.pointValue() == 10", ("A9", "A11")),
    ("wins_not_fraction", "ElevensSimulation.java", "return (double) wins / games;", "return wins;", ("A11b",)),
]


def test_boards_are_planted_and_judged_in_java(tmp_path):
    """A8-A11, A11b and the bonus in Java: the suites plant their own cards on the student's
    Java board (and in its reference Deck, whose count is the Java reference's ``size``); the
    Java ProbeBoard (harness/elevens/java/) stands in for a game in A8. The reference scores
    full marks; each one-change bug loses points in its own activity and no other."""
    klass = tmp_path / "class"
    (klass / "reference").mkdir(parents=True)
    for name in BOARD_FILES:
        shutil.copyfile(JAVA_REFERENCE / name, klass / "reference" / name)
    for student, file, text, replacement, _ in BOARD_BUGS:
        shutil.copytree(klass / "reference", klass / student)
        source = (klass / student / file).read_text()
        assert text in source, (file, text)
        (klass / student / file).write_text(source.replace(text, replacement))
    args = [arg for a in BOARD_ACTIVITIES for arg in ("--activity", a)]
    done = grader("grade", "class", "--out", "out", "--jobs", "1", *args, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    full = scores(results, "reference")
    assert all(activity(results, "reference", a)["score"] == activity(results, "reference", a)["max"] for a in full), full
    for student, _, _, _, loses in BOARD_BUGS:
        got = scores(results, student)
        assert all(got[a] < full[a] for a in loses), (student, got)
        assert {a: s for a, s in got.items() if a not in loses} == {a: s for a, s in full.items() if a not in loses}, (student, got)


def test_a_java_tester_that_exits_or_hangs_is_contained(tmp_path):
    """A tester that calls System.exit(0) rejects the correct Decks (it ended early), so A5 is
    closed at its gate; one that never ends times out; the next student is graded as usual."""
    klass = tmp_path / "class"
    for kind in ("exits", "hangs"):
        java_student(klass / kind)
        shutil.copyfile(FIXTURES / "testers" / kind / "DeckTester.java", klass / kind / "DeckTester.java")
    java_student(klass / "good")
    shutil.copyfile(JAVA_REFERENCE / "DeckTester.java", klass / "good" / "DeckTester.java")
    broken = java_student(klass / "broken")
    (broken / "DeckTester.java").write_text("public class DeckTester {\n    public static void main(String[] a) {\n"
                                            "        assert new Deck(null, null, null) != null\n    }\n}\n")
    done = grader("grade", "class", "--out", "out", "--jobs", "1", "--activity", "A5", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    exits = activity(results, "exits", "A5")
    assert exits["score"] == 0.0
    assert "System.exit(0)" in exits["tests"][0]["message"], exits["tests"][0]
    hangs = {t["name"]: t for t in activity(results, "hangs", "A5")["tests"]}
    assert hangs["test_accepts_correct_decks[reference]"]["outcome"] == "passed"
    assert hangs["test_catches_buggy_deck[Buggy1]"]["outcome"] == "failed"
    assert "did not finish" in hangs["test_catches_buggy_deck[Buggy1]"]["message"]
    assert hangs["test_catches_buggy_deck[Buggy2]"]["outcome"] == "passed"  # the JVM was replaced
    assert activity(results, "good", "A5")["score"] == 18.0
    compile_error = activity(results, "broken", "A5")["tests"][0]["message"]
    assert "DeckTester.java line 3 does not compile" in compile_error, compile_error
