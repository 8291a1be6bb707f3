"""The Java files of the Elevens lab: reference, starter, buggy variants and demo class.

Everything here runs javac and java as plain subprocesses, outside the grader's sandbox: these
are the project's own files, checked the way a teacher would check them by hand. Each javac
run costs about half a second, so the reference is compiled once and every variant is compiled
alone against it (its one file, with the reference classes on the class path).

Without a JDK the tests that need one are skipped, saying why (pytest runs with -rs).
"""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "elevens" / "java"
STARTER = ROOT / "starter" / "elevens" / "java"
VARIANTS = ROOT / "buggy_variants" / "elevens" / "java"
EXAMPLES = ROOT / "examples" / "elevens-java"

LAB_FILES = [
    "Card.java", "Deck.java", "Shuffler.java", "Board.java", "ElevensBoard.java",
    "ThirteensBoard.java", "TensBoard.java", "ElevensSimulation.java", "CardTester.java",
    "DeckTester.java",
]

# C1 JIT only: javac is short-lived, and this takes about a quarter off each run.
JAVAC_FLAGS = ["-J-XX:TieredStopAtLevel=1", "-encoding", "UTF-8", "-Xlint:all", "-Werror"]
TIMEOUT = 60

DECK_VARIANTS = ["Buggy1", "Buggy2", "Buggy3", "Buggy4", "Buggy5"]
CARD_VARIANTS = ["CardBuggy1", "CardBuggy2", "CardBuggy3", "CardBuggy4"]


@pytest.fixture(scope="module")
def jdk() -> tuple[str, str]:
    javac, java = shutil.which("javac"), shutil.which("java")
    if not javac or not java:
        pytest.skip("no JDK: javac and java must both be on PATH (OpenJDK 17 or later)")
    return javac, java


def javac(jdk, out: Path, sources: list[Path], classpath: list[Path] = ()) -> subprocess.CompletedProcess:
    out.mkdir(parents=True, exist_ok=True)
    command = [jdk[0], *JAVAC_FLAGS, "-d", str(out)]
    if classpath:
        command += ["-cp", os.pathsep.join(map(str, classpath))]
    command += [str(s) for s in sources]
    return subprocess.run(command, check=False, capture_output=True, text=True, timeout=TIMEOUT)


def compiled(jdk, out: Path, sources: list[Path], classpath: list[Path] = ()) -> Path:
    result = javac(jdk, out, sources, classpath)
    assert result.returncode == 0, f"javac failed:\n{result.stderr}"
    return out


def java(jdk, classpath: list[Path], main: str, *args: str, assertions: bool = True):
    command = [jdk[1], *(["-ea"] if assertions else [])]
    command += ["-cp", os.pathsep.join(map(str, classpath)), main, *args]
    return subprocess.run(command, check=False, capture_output=True, text=True, timeout=TIMEOUT)


def passed(run: subprocess.CompletedProcess) -> bool:
    return run.returncode == 0 and "All tests passed!" in run.stdout


@pytest.fixture(scope="module")
def reference_classes(jdk, tmp_path_factory) -> Path:
    return compiled(jdk, tmp_path_factory.mktemp("reference"), sorted(REFERENCE.glob("*.java")))


# --- the files are all there ----------------------------------------------------------------


@pytest.mark.parametrize("folder", [REFERENCE, STARTER], ids=["reference", "starter"])
def test_every_lab_file_is_there_in_the_default_package(folder):
    assert sorted(p.name for p in folder.glob("*.java")) == sorted(LAB_FILES)
    for name in LAB_FILES:
        text = (folder / name).read_text()
        assert not any(line.startswith("package ") for line in text.splitlines()), name


def test_variants_yaml_names_exactly_the_variant_folders():
    listed = yaml.safe_load((VARIANTS / "variants.yaml").read_text())
    ids = [v["id"] for group in listed.values() for v in group]
    folders = sorted(p.name for p in VARIANTS.iterdir() if p.is_dir() and p.name != "mutants")
    assert sorted(ids) == folders
    for group in ("deck", "card"):
        for variant in listed[group]:
            assert {"id", "method", "change", "exposed_by"} <= variant.keys(), variant["id"]
            expected = "Deck.java" if group == "deck" else "Card.java"
            assert [p.name for p in (VARIANTS / variant["id"]).iterdir()] == [expected]


def test_each_buggy_class_is_the_reference_with_only_its_change():
    # Buggy1-4 and CardBuggy1-4 change one thing (Buggy4 moves one statement), so at most two
    # lines differ; Buggy5 has all four deck changes.
    def changed_lines(a: Path, b: Path) -> int:
        diff = difflib.unified_diff(a.read_text().splitlines(), b.read_text().splitlines(), n=0)
        return sum(1 for line in diff if line[:1] in "+-" and not line.startswith(("+++", "---")))

    for name in DECK_VARIANTS[:4]:
        assert 0 < changed_lines(REFERENCE / "Deck.java", VARIANTS / name / "Deck.java") <= 2, name
    assert changed_lines(REFERENCE / "Deck.java", VARIANTS / "Buggy5" / "Deck.java") == 8
    for name in CARD_VARIANTS:
        assert 0 < changed_lines(REFERENCE / "Card.java", VARIANTS / name / "Card.java") <= 4, name


# --- reference and starter ------------------------------------------------------------------


def test_reference_testers_pass_on_the_reference(jdk, reference_classes):
    for tester in ("CardTester", "DeckTester"):
        run = java(jdk, [reference_classes], tester)
        assert passed(run), f"{tester}: {run.stdout}{run.stderr}"


def test_reference_testers_refuse_to_run_without_assertions(jdk, reference_classes):
    # The lab's warning: without -ea a buggy class "passes". Our testers stop instead.
    run = java(jdk, [reference_classes], "DeckTester", assertions=False)
    assert run.returncode == 2 and "java -ea" in run.stderr


def test_starter_compiles(jdk, tmp_path):
    compiled(jdk, tmp_path, sorted(STARTER.glob("*.java")))


# --- the testers against the buggy and the second correct classes ---------------------------


@pytest.mark.parametrize("variant", DECK_VARIANTS + ["Correct"])
def test_reference_deck_tester_against_each_deck(jdk, reference_classes, tmp_path, variant):
    # The variant's Deck comes first on the class path, so it hides the reference Deck.
    variant_classes = compiled(jdk, tmp_path, [VARIANTS / variant / "Deck.java"], [reference_classes])
    run = java(jdk, [variant_classes, reference_classes], "DeckTester")
    if variant == "Correct":
        assert passed(run), run.stdout + run.stderr
    else:
        assert run.returncode != 0 and "All tests passed!" not in run.stdout, f"{variant} was not caught"
        assert "Exception in thread" in run.stderr  # an AssertionError, or Buggy5's index error


@pytest.mark.parametrize("variant", CARD_VARIANTS + ["Correct"])
def test_reference_card_tester_against_each_card(jdk, reference_classes, tmp_path, variant):
    variant_classes = compiled(jdk, tmp_path, [VARIANTS / variant / "Card.java"], [reference_classes])
    run = java(jdk, [variant_classes, reference_classes], "CardTester")
    if variant == "Correct":
        assert passed(run), run.stdout + run.stderr
    else:
        assert run.returncode != 0 and "java.lang.AssertionError" in run.stderr, f"{variant} was not caught"


def test_reference_deck_tester_passes_with_both_correct_classes_together(jdk, reference_classes, tmp_path):
    correct = compiled(jdk, tmp_path, [VARIANTS / "Correct" / name for name in ("Card.java", "Deck.java")])
    assert passed(java(jdk, [correct, reference_classes], "DeckTester"))


# --- the reference boards and the simulation ------------------------------------------------

# Plants cards into the board's private array through reflection, the way a grader's harness
# would (classes in the unnamed module may open each other's private fields). Cards are written
# "5S", "JH", "AS", "10C"; "-" is an empty place.
BOARD_CHECK = r"""
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;

public class BoardCheck {
    static int checks = 0;

    static void check(boolean ok, String what) {
        checks++;
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    static Card card(String code, boolean thirteens) {
        if (code.equals("-")) {
            return null;
        }
        String r = code.substring(0, code.length() - 1);
        int s = "SHDC".indexOf(code.charAt(code.length() - 1));
        String suit = new String[] {"spades", "hearts", "diamonds", "clubs"}[s];
        switch (r) {
            case "A": return new Card("ace", suit, 1);
            case "J": return new Card("jack", suit, thirteens ? 11 : 0);
            case "Q": return new Card("queen", suit, thirteens ? 12 : 0);
            case "K": return new Card("king", suit, 0);
            default: return new Card(r, suit, Integer.parseInt(r));
        }
    }

    static void plant(Board board, boolean thirteens, String... codes) throws Exception {
        Field field = Board.class.getDeclaredField("cards");
        field.setAccessible(true);
        Card[] cards = (Card[]) field.get(board);
        check(cards.length == codes.length, "planted " + codes.length + " cards on " + cards.length);
        for (int k = 0; k < codes.length; k++) {
            cards[k] = card(codes[k], thirteens);
        }
    }

    static List<Integer> at(Integer... places) {
        return Arrays.asList(places);
    }

    public static void main(String[] args) throws Exception {
        ElevensBoard board = new ElevensBoard();
        check(board.size() == 9 && board.deckSize() == 43, "a new board: 9 places, 43 cards left");

        // Activity 6's question: the plays are exactly {5S, 6C} and {6C, 5C}.
        plant(board, false, "5S", "4H", "2D", "6C", "AS", "JH", "KD", "5C", "2S");
        check(board.findPairSum11(board.cardIndexes()).equals(at(0, 3)), "first 11-pair is places 0 and 3");
        check(board.isLegal(at(0, 3)) && board.isLegal(at(3, 0)) && board.isLegal(at(3, 7)),
            "both 11-pairs legal, in any order");
        check(!board.isLegal(at(0, 7)) && !board.isLegal(at(5, 6)) && !board.isLegal(at(0, 3, 7)),
            "non-plays refused");
        check(!board.isLegal(at(3)) && !board.isLegal(at()), "one card or none is no play");
        check(board.findJQK(board.cardIndexes()).isEmpty(), "no queen, so no J-Q-K");
        // Board places, not positions inside the selection.
        check(board.findPairSum11(at(7, 1, 3)).equals(at(7, 3)), "findPairSum11 returns board places");
        check(board.anotherPlayIsPossible(), "a play is left");

        Card[] before = new Card[9];
        for (int k = 0; k < 9; k++) {
            before[k] = board.cardAt(k);
        }
        check(board.playIfPossible(), "playIfPossible finds the pair");
        for (int k = 0; k < 9; k++) {
            boolean replaced = board.cardAt(k) != before[k];
            check(replaced == (k == 0 || k == 3), "playIfPossible refilled exactly places 0 and 3, not " + k);
        }
        check(board.deckSize() == 41, "two cards dealt to refill");

        // A J-Q-K scattered among cards with no 11-pair; two jacks and a queen are no play.
        plant(board, false, "2S", "JH", "3D", "JC", "QS", "4H", "KD", "2C", "3H");
        check(board.findPairSum11(board.cardIndexes()).isEmpty(), "no 11-pair here");
        check(board.findJQK(board.cardIndexes()).equals(at(1, 4, 6)), "J-Q-K at places 1, 4 and 6");
        check(board.findJQK(at(6, 4, 3)).equals(at(3, 4, 6)), "the jack, queen and king of the selection");
        check(board.isLegal(at(6, 1, 4)) && !board.isLegal(at(1, 3, 4)) && !board.isLegal(at(1, 4)),
            "J-Q-K rules");
        check(!board.isLegal(at(1, 4, 6, 0)), "four cards are no play");
        check(board.playIfPossible() && board.deckSize() == 38, "the J-Q-K is played: three cards dealt");

        // Activity 7's question, with empty places; then a board with no play at all.
        plant(board, false, "JH", "6C", "-", "2S", "-", "-", "AS", "4H", "-");
        check(board.cardIndexes().equals(at(0, 1, 3, 6, 7)), "cardIndexes skips empty places");
        check(!board.isLegal(at(2, 1)), "an empty place is in no pair");
        plant(board, false, "2S", "3H", "4D", "JC", "QS", "2C", "3D", "4C", "QH");
        check(!board.anotherPlayIsPossible(), "no play on this board");
        int deckBefore = board.deckSize();
        check(!board.playIfPossible() && board.deckSize() == deckBefore && board.cardAt(0) != null,
            "playIfPossible changes nothing when there is no play");
        check(!board.gameIsWon(), "cards left on the board: not won");

        ThirteensBoard thirteens = new ThirteensBoard();
        check(thirteens.size() == 10 && thirteens.deckSize() == 42, "Thirteens: 10 places, 42 cards left");
        plant(thirteens, true, "KS", "QH", "AD", "5C", "2S", "3H", "4D", "6C", "7S", "9H");
        check(thirteens.isLegal(at(0)) && thirteens.isLegal(at(2, 1)) && !thirteens.isLegal(at(3)),
            "Thirteens rules");

        TensBoard tens = new TensBoard();
        check(tens.size() == 13 && tens.deckSize() == 39, "Tens: 13 places, 39 cards left");

        double won = ElevensSimulation.simulate(2000);
        System.out.println("won " + won);
        System.out.println("checks " + checks);
    }
}
"""


def test_reference_boards_and_simulation(jdk, reference_classes, tmp_path):
    source = tmp_path / "src" / "BoardCheck.java"
    source.parent.mkdir()
    source.write_text(BOARD_CHECK)
    driver = compiled(jdk, tmp_path / "out", [source], [reference_classes])
    run = java(jdk, [driver, reference_classes], "BoardCheck")
    assert run.returncode == 0, run.stdout + run.stderr
    lines = dict(line.split(" ", 1) for line in run.stdout.splitlines())
    assert int(lines["checks"]) >= 30
    # The measured rate is 10.68% (1.5 M games). 2000 games: standard deviation 0.69 points.
    # The band 7.0%..14.5% (140 to 290 wins) misses a correct simulation with probability
    # about 6e-8 (exact binomial tails at p = 0.1068, at most 8.3e-8 anywhere in the measured
    # rate's 95% interval), while a simulation that never plays a J-Q-K, or stops after one
    # play, or counts lost games, lands well outside it.
    assert 0.070 <= float(lines["won"]) <= 0.145, f"won {lines['won']} of 2000 games"
    assert java(jdk, [reference_classes], "ElevensSimulation", "0").stdout.strip() == "Won 0.00% of 0 games"


# --- the demo class -------------------------------------------------------------------------


def test_demo_ada_compiles_and_her_testers_pass(jdk, tmp_path):
    classes = compiled(jdk, tmp_path, sorted((EXAMPLES / "ada_complete").glob("*.java")))
    for tester in ("CardTester", "DeckTester"):
        assert passed(java(jdk, [classes], tester)), tester


def test_demo_broken_files_fail_to_compile_as_the_readme_says(jdk, tmp_path):
    eli_files = [EXAMPLES / "eli_deal_bug" / name for name in ("Practice.java", "Card.java", "Deck.java")]
    eli = javac(jdk, tmp_path / "eli", eli_files)
    assert eli.returncode != 0 and "Practice.java" in eli.stderr
    with zipfile.ZipFile(EXAMPLES / "fay_zipped.zip") as archive:
        archive.extractall(tmp_path / "fay")
    fay = javac(jdk, tmp_path / "fay-out", [tmp_path / "fay" / "fay_project" / "src" / "Card.java"])
    assert fay.returncode != 0 and "';' expected" in fay.stderr


def test_java_mutants_are_the_live_card_and_deck_mutants():
    """buggy_variants/elevens/java/mutants/: one folder per live Card or Deck mutant of the
    Python edition (tools/make_java_mutants.py writes them), each one file differing from the
    Java reference."""
    index = yaml.safe_load((VARIANTS.parent / "mutants" / "index.yaml").read_text())
    live = sorted(m["id"] for m in index if m["status"] == "live" and m["file"] in ("card.py", "deck.py"))
    assert sorted(p.name for p in (VARIANTS / "mutants").iterdir()) == live
    for mutant in live:
        (file,) = list((VARIANTS / "mutants" / mutant).iterdir())
        reference = ROOT / "reference" / "elevens" / "java" / file.name
        assert file.read_text() != reference.read_text(), mutant
