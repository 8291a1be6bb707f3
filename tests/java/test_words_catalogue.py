"""Java words for Java students, Python words for Python students (issue 28, point 4): the
catalogue of what a message is made of, in both idioms, and every hand-written message of the
suites checked for the other language's words. No JVM needed.

- values and calls: one row per kind of value or call, its Python and its Java rendering;
- names: a method is spelled as the student's class declares it, else as the lab's Java spells
  it, else in camelCase; an argument is written for its parameter's type when that is known;
- errors: a Java frame names the file's path in the submission, a constructor is "the
  constructor", the grader's own "no such method" is said with the Java name;
- the suites' texts: test_suite_twins.py;
- the Java twins of Activity 5's wrong classes: every Buggy class and live mutant has its Java
  words, and a Java student's tester hint uses them.
"""

from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from grader.idiom import PYTHON, Raw, Twin, call, new, show, size_of, speaking, text_of
from grader.idiom.java import JavaIdiom, java_double, spellings_in
from grader.java.members import ClassMembers, Method, parse_descriptor
from grader.testers.own_tests import TesterRun as Run
from grader.sandbox.proxy import Remote, RemoteModule
from grader.testers.verdicts import expect_mutant_killed, expect_variant_caught
from tests.java.language_words import PYTHON_WORDS

ROOT = Path(__file__).resolve().parents[2]
LAB = ROOT / "labs" / "elevens"
# -- values and calls ---------------------------------------------------------------------------
class _Link:
    """A link that only names things (no sandbox): its idiom is the one given."""

    def __init__(self, idiom) -> None:
        self._idiom = idiom

    @property
    def idiom(self):
        return self._idiom

    def request(self, message, call, timeout=None):
        raise AssertionError("no sandbox here")


def _lab_classes() -> dict[str, ClassMembers]:
    """Declarations like the lab's Java classes (what javac would leave in their class files)."""
    card = ClassMembers("Card", "java/lang/Object", {"rank": "Ljava/lang/String;", "pointValue": "I"}, [
        Method("<init>", ("Ljava/lang/String;", "Ljava/lang/String;", "I"), "V", False),
        Method("rank", (), "Ljava/lang/String;", False), Method("pointValue", (), "I", False),
        Method("matches", ("LCard;",), "Z", False)])
    deck = ClassMembers("Deck", "java/lang/Object", {"cards": "Ljava/util/List;", "size": "I"}, [
        Method("<init>", ("[Ljava/lang/String;", "[Ljava/lang/String;", "[I"), "V", False),
        Method("isEmpty", (), "Z", False), Method("deal", (), "LCard;", False)])
    board = ClassMembers("Board", "java/lang/Object", {"cards": "[LCard;"}, [
        Method("isLegal", ("Ljava/util/List;",), "Z", False), Method("cardAt", ("I",), "LCard;", False)])
    elevens = ClassMembers("ElevensBoard", "Board", {}, [
        Method("<init>", (), "V", False), Method("isLegal", ("Ljava/util/List;",), "Z", False)])
    shuffler = ClassMembers("Shuffler", "java/lang/Object", {}, [
        Method("perfectShuffle", ("[I",), "V", True), Method("flip", (), "Ljava/lang/String;", True)])
    return {c.simple: c for c in (card, deck, board, elevens, shuffler)}


JAVA = JavaIdiom(_lab_classes(), spellings=frozenset({"findJQK", "playIfPossible"}),
                 files={"Deck": "src/cards/Deck.java"}, student={"Deck", "Card"})

VALUES = [
    (None, "None", "null"),
    (True, "True", "true"),
    (False, "False", "false"),
    (7, "7", "7"),
    (0.5, "0.5", "0.5"),
    (1e-05, "1e-05", "1.0E-5"),
    (12345678.0, "12345678.0", "1.2345678E7"),
    (float("inf"), "inf", "Infinity"),
    ("ace", "'ace'", '"ace"'),
    ('say "hi"\n', "'say \"hi\"\\n'", '"say \\"hi\\"\\n"'),
    ([1, 2], "[1, 2]", "[1, 2]"),
    (["ace", None], "['ace', None]", '["ace", null]'),
    (("ace", "hearts", 1), "('ace', 'hearts', 1)", '("ace", "hearts", 1)'),
    ([], "[]", "[]"),
]


@pytest.mark.parametrize("value, python, java", VALUES, ids=[repr(v[0]) for v in VALUES])
def test_values_are_shown_in_each_language(value, python, java):
    assert PYTHON.show(value) == python
    assert JAVA.show(value) == java


def test_a_student_object_is_shown_by_its_class_and_written_by_its_label():
    card = Remote(_Link(JAVA), 4, "Card", 'new Card("ace", "hearts", 1)')
    assert JAVA.show(card) == PYTHON.show(card) == "a Card object"
    assert JAVA.show([card, None]) == "[a Card object, null]"
    assert JAVA.literal(card) == 'new Card("ace", "hearts", 1)'


@pytest.mark.parametrize("value, python, java", [
    (3, "a whole number", "an int"), (0.5, "a decimal number", "a double"), ("x", "a text string", "a String"),
    (True, "a True/False", "a boolean"), ([1], "a list", "a list"), (None, "a None", "null"),
])
def test_kinds_of_value(value, python, java):
    assert PYTHON.kind(value) == python
    assert JAVA.kind(value) == java


def test_java_doubles_are_written_as_double_to_string():
    assert [java_double(v) for v in (0.0, -0.0, 1.0, 0.001, 9999999.0, 1e7, 0.0001, -2.5e-10, float("nan"))] == \
        ["0.0", "-0.0", "1.0", "0.001", "9999999.0", "1.0E7", "1.0E-4", "-2.5E-10", "NaN"]


def _calls(idiom):
    """The same calls made by a suite, in ``idiom``."""
    link = _Link(idiom)
    card = Remote(link, 1, "Card", idiom.new("Card", ("ace", "hearts", 1)))
    deck = Remote(link, 2, "Deck", "a Deck holding 6 cards")
    board = Remote(link, 3, "ElevensBoard", "the board 5♠ 6♣")
    with speaking(idiom):
        return {
            "constructor": idiom.module_call("card", "Card", ("ace", "hearts", 1)),
            "constructor with arrays": idiom.module_call("deck", "Deck", (["ace"], ["hearts"], [1])),
            "method": call(card, "point_value"),
            "method with an object": call(card, "matches", card),
            "static method": call(RemoteModule(link, "shuffler"), "perfect_shuffle", [1, 2, 3]),
            "static, no arguments": call(RemoteModule(link, "shuffler"), "flip"),
            "inherited method with a list": call(board, "is_legal", [0, 1]),
            "method alone": call(None, "card_at", 3),
            "method only the lab spells": call(None, "find_jqk", [0, 4]),
            "method nobody declares": call(None, "deck_size"),
            "on an expression": call(new("Deck", Raw("<13 ranks>"), Raw("<4 suits>"), Raw("<13 values>")), "size"),
            "text": text_of(card),
            "size of a list field": size_of(deck, "cards"),
            "size of an array field": size_of(board, "cards"),
            "no board": new("ElevensBoard"),
            "str": call(card, "__str__"),
        }


CALLS = {
    "constructor": ("Card('ace', 'hearts', 1)", 'new Card("ace", "hearts", 1)'),
    "constructor with arrays": ("Deck(['ace'], ['hearts'], [1])",
                                'new Deck(new String[] {"ace"}, new String[] {"hearts"}, new int[] {1})'),
    "method": ("Card('ace', 'hearts', 1).point_value()", 'new Card("ace", "hearts", 1).pointValue()'),
    "method with an object": ("Card('ace', 'hearts', 1).matches(Card('ace', 'hearts', 1))",
                              'new Card("ace", "hearts", 1).matches(new Card("ace", "hearts", 1))'),
    "static method": ("perfect_shuffle([1, 2, 3])", "Shuffler.perfectShuffle(new int[] {1, 2, 3})"),
    "static, no arguments": ("flip()", "Shuffler.flip()"),
    "inherited method with a list": ("the board 5♠ 6♣.is_legal([0, 1])", "the board 5♠ 6♣.isLegal(List.of(0, 1))"),
    "method alone": ("card_at(3)", "cardAt(3)"),
    "method only the lab spells": ("find_jqk([0, 4])", "findJQK([0, 4])"),
    "method nobody declares": ("deck_size()", "deckSize()"),
    "on an expression": ("Deck(<13 ranks>, <4 suits>, <13 values>).size()", "new Deck(<13 ranks>, <4 suits>, <13 values>).size()"),
    "text": ("str(Card('ace', 'hearts', 1))", 'new Card("ace", "hearts", 1).toString()'),
    "size of a list field": ("len(a Deck holding 6 cards.cards)", "a Deck holding 6 cards.cards.size()"),
    "size of an array field": ("len(the board 5♠ 6♣.cards)", "the board 5♠ 6♣.cards.length"),
    "no board": ("ElevensBoard()", "new ElevensBoard()"),
    "str": ("Card('ace', 'hearts', 1).__str__()", 'new Card("ace", "hearts", 1).toString()'),
}


@pytest.mark.parametrize("kind", list(CALLS))
def test_calls_are_written_in_each_language(kind):
    assert _calls(PYTHON)[kind] == CALLS[kind][0]
    assert _calls(JAVA)[kind] == CALLS[kind][1]


def test_the_students_own_spelling_wins_over_the_labs():
    classes = _lab_classes()
    classes["Deck"].methods.append(Method("isempty", (), "Z", False))  # and isEmpty: two spellings
    mine = ClassMembers("ElevensBoard", "Board", {}, [Method("findJqk", ("Ljava/util/List;",), "Ljava/util/List;", False)])
    idiom = JavaIdiom({**classes, "ElevensBoard": mine}, spellings=frozenset({"findJQK"}), student={"ElevensBoard"})
    assert idiom.method("find_jqk", "ElevensBoard") == "findJqk"
    assert idiom.method("is_empty", "Deck") == "isEmpty"  # sorted first of the two
    assert idiom.method("isempty", "Deck") == "isempty"  # an exact spelling is taken as it is
    assert idiom.method("__str__") == "toString"


def test_the_lab_spellings_come_from_its_java_files():
    names = spellings_in((str(ROOT / "reference" / "elevens" / "java"),))
    assert {"findJQK", "findPairSum11", "playIfPossible", "pointValue"} <= names


def test_descriptors_are_read_as_parameter_types():
    assert parse_descriptor("(I[Ljava/lang/String;[[ILjava/util/List;)V") == \
        (("I", "[Ljava/lang/String;", "[[I", "Ljava/util/List;"), "V")
    assert JAVA.literal([[1, 2], [3]], "[[I") == "new int[][] {new int[] {1, 2}, new int[] {3}}"
    assert JAVA.literal("c", "C") == "'c'"
    assert JAVA.literal(3, "D") == "3.0"
    assert JAVA.literal([1], "Ljava/util/ArrayList;") == "new ArrayList<>(List.of(1))"


# -- errors -------------------------------------------------------------------------------------
FRAME = {"file": "Deck.java", "line": 47, "function": "deal", "code": "return cards.get(size);"}


def test_a_java_error_names_the_file_where_it_sits_in_the_submission():
    error = JAVA.student_error("deck.deal()", {"type": "IndexOutOfBoundsException", "message": "Index -1 out of bounds",
                                               "frames": [FRAME]})
    assert str(error) == ("deck.deal() threw IndexOutOfBoundsException: Index -1 out of bounds at src/cards/Deck.java "
                          "line 47, in deal():\n    return cards.get(size);")
    assert error.details["frames"][0]["file"] == "src/cards/Deck.java"  # what annotations and JUnit point at
    python = PYTHON.student_error("deck.deal()", {"type": "IndexError", "message": "list index out of range",
                                                  "frames": [{**FRAME, "file": "deck.py"}]})
    assert str(python) == ("deck.deal() raised IndexError: list index out of range at deck.py line 47, in deal:\n"
                           "    return cards.get(size);")


def test_a_constructor_frame_and_an_exit_in_java_words():
    error = JAVA.student_error("new Deck(...)", {"type": "NullPointerException", "message": "",
                                                 "frames": [{**FRAME, "function": "<init>", "code": ""}]})
    assert str(error) == "new Deck(...) threw NullPointerException at src/cards/Deck.java line 47, in the constructor"
    exit_error = JAVA.student_error("Shuffler.flip()", {"type": "SystemExit", "message": "", "exit_code": 3, "frames": []})
    assert str(exit_error).startswith("Shuffler.flip() called System.exit(3): a program ends there")


def test_a_missing_method_is_named_in_java():
    details = {"type": "NameNotFound", "message": "Deck has no method or attribute called 'is_empty'",
               "owner": "Deck", "name": "is_empty", "frames": []}
    assert str(JAVA.student_error("deck.isEmpty()", details)).startswith(
        "deck.isEmpty() could not be called: Deck has no method or field named isEmpty (the grader finds it")
    statics = {**details, "owner": "module Shuffler", "name": "are_permutations"}
    assert "Shuffler has no method or field named arePermutations" in str(JAVA.student_error("x", statics))
    assert str(PYTHON.student_error("deck.is_empty()", details)) == \
        "deck.is_empty() raised NameNotFound: Deck has no method or attribute called 'is_empty'"


def test_the_workers_refusals_are_said_without_its_module_label():
    details = {"type": "TypeError", "message": "module Shuffler.perfectShuffle has no overload that accepts (); it has: "
               "perfectShuffle(int[])", "frames": []}
    assert str(JAVA.student_error("Shuffler.perfectShuffle()", details)) == (
        "Shuffler.perfectShuffle() could not be called: Shuffler.perfectShuffle has no overload that accepts (); "
        "it has: perfectShuffle(int[])")


def test_a_load_error_in_java_names_the_students_files():
    error = JAVA.load_error({"type": "ExceptionInInitializerError", "message": "boom", "frames": [FRAME]})
    assert str(error).startswith("Card.java, src/cards/Deck.java could not be loaded: ExceptionInInitializerError: boom at "
                                  "src/cards/Deck.java line 47, in deal()")
    assert "python" not in str(error)


def test_files_are_named_as_each_language_hands_them_in():
    assert [JAVA.source_file(n) for n in ("deck.py", "elevens_board.py", "deck_tester.py", "answers.yaml")] == \
        ["Deck.java", "ElevensBoard.java", "DeckTester.java", "answers.yaml"]
    assert PYTHON.source_file("deck.py") == "deck.py"


# -- Activity 5: the wrong classes' words in Java -------------------------------------------------
VARIANTS = ROOT / "buggy_variants" / "elevens"


def test_every_live_mutant_and_buggy_class_has_java_words():
    from grader_labs.elevens.variants import buggy, mutants

    live = [m for m in mutants() if m["status"] == "live" and m["file"] in ("card.py", "deck.py")]
    assert live and all("java" in m for m in live)
    java_ids = [m["id"] for m in yaml.safe_load((VARIANTS / "java" / "mutants.yaml").read_text(encoding="utf-8"))]
    assert sorted(java_ids) == sorted(m["id"] for m in live)
    for kind in ("deck", "card"):
        assert all("java" in v for v in buggy(kind).values())
    for m in live:
        text = m["java"]["behaviour"]
        assert not PYTHON_WORDS.search(text), (m["id"], PYTHON_WORDS.search(text).group())


def _hints(check, *args) -> list[str]:
    texts = []
    for run, asserts in ((Run("passed"), True), (Run("failed", "DeckTester.java threw X"), False)):
        with pytest.raises(AssertionError) as failed:
            check(SimpleNamespace(has_assertions=asserts), run, *args)
        texts.append(str(failed.value))
    return texts


def test_a_java_students_tester_hints_are_in_java():
    from grader_labs.elevens.variants import buggy, mutants

    reference_lines = {line.strip() for name in ("Deck.java", "Card.java")
                       for line in (ROOT / "reference" / "elevens" / "java" / name).read_text().splitlines()
                       if len(line.strip()) > 10}
    deck_003 = next(m for m in mutants() if m["id"] == "deck-003")
    with speaking(JavaIdiom()):
        java = _hints(expect_variant_caught, buggy("deck")["Buggy1"]) + _hints(expect_mutant_killed, deck_003, "Deck")
    with speaking(PYTHON):
        python = _hints(expect_variant_caught, buggy("deck")["Buggy1"]) + _hints(expect_mutant_killed, deck_003, "Deck")
    assert "a class with a bug in isEmpty" in java[0] and "assert isEmpty() is true" in java[0]
    assert "`assert <condition> : \"<message>\";`" in java[1]
    assert "isEmpty() gives the opposite answer: true while" in java[2]
    assert "a class with a bug in is_empty" in python[0] and "assert <condition>, " in python[1]
    assert not any(PYTHON_WORDS.search(text) for text in java[:1] + java[2:])
    assert not any(line in text for text in java for line in reference_lines)


def test_suites_pick_the_java_side_of_a_twin():
    from grader.checks.assertions import expect

    hint = Twin("returns None", "returns null")
    with speaking(JavaIdiom()), pytest.raises(AssertionError) as failed:
        expect(3, "3", call(None, "point_value"), hint)
    assert str(failed.value) == ('pointValue()\n  expected: "3"\n  got:      3\n  (an int, but it should be a String)\n'
                                 "Hint: returns null")
    with pytest.raises(AssertionError) as failed:
        expect(3, "3", call(None, "point_value"), hint)
    assert str(failed.value) == ("point_value()\n  expected: '3'\n  got:      3\n  (a whole number, but it should be a text "
                                 "string)\nHint: returns None")
    assert show(None) == "None"


# -- reports group a Java student's failures by cause, as a Python student's ----------------------
def test_java_failures_with_one_cause_are_grouped():
    from grader.reporters.grouping import group_failures
    from grader.results.model import TestResult

    def failed(name, message):
        return TestResult(name, "error", 0.0, 1.0, message)

    where = " at src/cards/Deck.java line 35, in deal():\n    Card dealt = cards.get(size);"
    tests = [failed("a", f"new Deck(...).deal() threw IndexOutOfBoundsException: Index 1 out of bounds for length 1{where}"),
             failed("b", f"new Deck(...).deal() threw IndexOutOfBoundsException: Index 52 out of bounds for length 52{where}"),
             failed("c", "x.isEmpty() could not be called: Deck has no method or field named isEmpty (the grader ...)"),
             failed("d", "y.isEmpty() could not be called: Deck has no method or field named isEmpty (the grader ...)"),
             failed("e", "new Deck(...).deal() threw NullPointerException at src/cards/Deck.java line 9, in deal():\n    x"),
             failed("f", "Shuffler.flip() called System.exit(1): a program ends there, so nothing after it can be checked")]
    assert [[t.name for t in g.tests] for g in group_failures(tests)] == [["a", "b"], ["c", "d"], ["e"], ["f"]]


def test_items_of_a_field_are_named_as_its_type_is_read():
    class Answering(_Link):
        def request(self, message, call, timeout=None):
            return [{"$handle": 7, "type": "Card"}]

    for idiom, owner, wanted in ((JAVA, "Deck", "deck.cards.get(0)"), (JAVA, "Board", "deck.cards[0]"),
                                 (PYTHON, "Deck", "deck.cards[0]")):
        (card,) = Remote(Answering(idiom), 1, owner, "deck").get("cards")
        assert card.label == wanted
