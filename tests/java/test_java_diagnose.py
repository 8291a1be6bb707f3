"""`grader diagnose` on Java files: the method whose swap for the lab's repairs the activity is
named (grader/diagnosis/swapping.py over grader/java/splicing.py).

- the splicer, on its own: every method and constructor of the lab's Java Deck is found by its
  signature, also through comments, strings, text blocks, annotations, generics, lambdas in
  fields and nested classes; a swap replaces exactly one declaration and brings the imports and
  helpers the lab's method needs;
- black-box, as a teacher types it: ``grader diagnose`` of a folder with a Java Buggy Deck and a
  Java CardBuggy Card names both methods (one run, both activities), and of one ``Deck.java``
  file names its method.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.java.splicing import members, splice, swappable

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "elevens" / "java"
JAVA_VARIANTS = ROOT / "buggy_variants" / "elevens" / "java"

TRICKY = '''package cards.game;
import java.util.*;
/** A class } with { braces in its comments. */
public class Deck {
  private int[] counts = {1, 2};
  private Comparator<String> order = (a, b) -> { return a.compareTo(b); };
  static { System.out.println("}"); }
  { int y = 0; }
  @SuppressWarnings("unchecked") public <T extends Comparable<T>> void sort(final List<Map<String, Integer>> list, int... more) { }
  Deck(String @Deprecated [] ranks, int values[], char c) { String s = "}{"; char q = '}'; }
  class Inner { void sort() { } }
  abstract void later();
  /* } */ public String toString() { return """
     }}
     """; }
}
class Other { void size() { } }
'''


def test_members_are_found_by_signature_through_the_hard_parts():
    found = members(TRICKY, "Deck")
    assert [m.label for m in found] == ["sort(List, int[])", "Deck(String[], int[], char)", "toString()"]
    assert TRICKY[found[0].start:].startswith('@SuppressWarnings("unchecked") public <T')
    assert TRICKY[found[2].start:found[2].end].endswith('"""; }')  # the text block's braces are text
    assert members(TRICKY, "Other")[0].label == "size()"


def test_every_method_of_the_lab_deck_can_be_swapped():
    reference = (REFERENCE / "Deck.java").read_text()
    buggy = (JAVA_VARIANTS / "Buggy4" / "Deck.java").read_text()
    swaps = swappable(buggy, reference, "Deck")
    assert [s.label for s in swaps] == ["Deck(String[], String[], int[])", "isEmpty()", "size()", "deal()",
                                        "shuffle()", "toString()"]
    deal = next(s for s in swaps if s.label == "deal()")
    assert splice(buggy, reference, "Deck", deal) == reference  # Buggy4 is the reference but for deal()


def test_a_swap_brings_the_imports_and_helpers_the_labs_method_needs():
    student = ("package mine;\n\npublic class Deck {\n    private int left;\n    // my notes\n"
               "    public int size() { return left + 1; }\n}\n")
    reference = ("import java.util.List;\n\npublic class Deck {\n    public int size() { return count(List.of()); }\n"
                 "    private int count(List<String> x) { return x.size(); }\n}\n")
    [swap] = swappable(student, reference, "Deck")
    hybrid = splice(student, reference, "Deck", swap)
    assert hybrid.startswith("package mine;\nimport java.util.List;\n")
    assert "// my notes\n    public int size() { return count(List.of()); }" in hybrid
    assert "private int count(List<String> x)" in hybrid and "left + 1" not in hybrid


def test_overloads_are_told_apart_and_a_renamed_parameter_type_still_matches_by_name():
    student = "class Deck { void add(int a) { } void add(String b) { } int size(ArrayList<Integer> l) { return 0; } }"
    reference = "class Deck { void add(String s) { } int size(List<Integer> l) { return 1; } }"
    assert [s.label for s in swappable(student, reference, "Deck")] == ["add(String)", "size(ArrayList)"]


def grader(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=900)


needs_jdk = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")


@needs_jdk
def test_diagnose_names_the_wrong_method_of_a_java_deck_and_card(tmp_path):
    student = tmp_path / "student"
    student.mkdir()
    shutil.copyfile(JAVA_VARIANTS / "Buggy3" / "Deck.java", student / "Deck.java")  # shuffle's loop never runs
    shutil.copyfile(JAVA_VARIANTS / "CardBuggy2" / "Card.java", student / "Card.java")  # suit() returns the rank
    done = grader("diagnose", "student", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Card.java (A1 Card" in done.stdout and "suit() is wrong: with the lab's own suit() in its place, every A1 test passes." in done.stdout
    assert "Deck.java (A4 Deck shuffle" in done.stdout and "shuffle() is wrong" in done.stdout, done.stdout


@needs_jdk
def test_diagnose_of_one_deck_java_file(tmp_path):
    deck = tmp_path / "Deck.java"
    shutil.copyfile(JAVA_VARIANTS / "Buggy2" / "Deck.java", deck)  # the rank loop starts at 1
    done = grader("diagnose", "Deck.java", "--lab", "elevens", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "constructor Deck(String[], String[], int[]) is wrong" in done.stdout, done.stdout
