"""The small rules of grader/java/: names, finding classes in layouts, moving a packaged class
to the default package, and the Java twins of the lab's files (no JVM needed)."""

from pathlib import Path

from grader.java.compiling import default_package
from grader.java.sources import class_name, is_java_submission, java_sources
from grader.java.testers import contains_java_assert, java_twin
from grader.lab.registry import _with_java


def test_python_file_names_map_to_java_class_names():
    assert class_name("card.py") == "Card"
    assert class_name("elevens_board.py") == "ElevensBoard"
    assert class_name("deck_tester.py") == "DeckTester"
    assert _with_java(("deck.py", "answers.yaml")) == {"deck.py", "answers.yaml", "deck.java"}


def write(root: Path, relative: str, text: str = "class X {}") -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_the_latest_activity_folder_wins_and_build_output_is_ignored(tmp_path):
    write(tmp_path, "Activity1/Card.java")
    newest = write(tmp_path, "Activity10/Card.java")
    write(tmp_path, "Activity2/Deck.java")
    deck = write(tmp_path, "Activity4/Deck.java")
    write(tmp_path, "target/classes/Board.java")
    found = java_sources(tmp_path)
    assert found == {"Card": newest, "Deck": deck}


def test_a_folder_is_java_only_without_the_labs_python_files(tmp_path):
    write(tmp_path, "src/main/java/org/x/Card.java")
    assert is_java_submission(tmp_path, ["card.py", "deck.py"], present=set())
    assert not is_java_submission(tmp_path, ["card.py", "deck.py"], present={"card.py"})
    assert not is_java_submission(tmp_path, ["shuffler.py"], present=set())


def test_a_packaged_class_moves_to_the_default_package_with_its_lines_kept():
    source = "package org.x.lab;\n\nimport java.util.List;\nimport org.x.lab.Card;\nimport org.x.lab.*;\npublic class Deck {}\n"
    moved = default_package(source, {"org.x.lab"})
    assert moved.count("\n") == source.count("\n")
    assert "package" not in moved and "org.x" not in moved
    assert "import java.util.List;" in moved and moved.splitlines()[5] == "public class Deck {}"


def test_versions_have_java_twins_by_rule():
    root = Path(__file__).resolve().parents[2]
    assert java_twin(root / "reference/elevens/deck.py", "deck.py") == root / "reference/elevens/java/Deck.java"
    assert java_twin(root / "buggy_variants/elevens/Buggy2/deck.py", "deck.py") == \
        root / "buggy_variants/elevens/java/Buggy2/Deck.java"
    assert java_twin(root / "buggy_variants/elevens/mutants/card-004.py", "card.py") == \
        root / "buggy_variants/elevens/java/mutants/card-004/Card.java"


def test_an_assert_in_a_comment_or_a_string_is_not_a_check(tmp_path):
    quiet = write(tmp_path, "A.java", 'class A { // assert nothing\n String s = "assert"; /* assert */ }')
    loud = write(tmp_path, "B.java", "class B { void f() { assert 1 > 0 : \"x\"; } }")
    assert not contains_java_assert(quiet) and contains_java_assert(loud)


def test_a_throw_of_the_testers_own_exception_is_a_check(tmp_path):
    own = write(tmp_path, "C.java", 'class C { static void check(boolean ok) { if (!ok) throw new RuntimeException("no"); } }')
    words = write(tmp_path, "D.java", 'class D { // throw new RuntimeException\n String s = "throw new X()"; }')
    assert contains_java_assert(own) and not contains_java_assert(words)
