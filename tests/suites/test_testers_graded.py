"""Activity 5: testers that test nothing score 0; a tester as thorough as the lab's scores >= 90%."""

import pytest

from tests.classroom import grade_class, reference_text, write_class

NO_ASSERTS = "from deck import Deck\nd = Deck(['ace'], ['hearts'], [1])\nprint(d.size(), d.deal())\nprint('All tests passed!')\n"
ALWAYS_FAILS = "from deck import Deck\nassert False, 'always'\n"
EXITS_AT_ONCE = "import sys\nsys.exit(0)\n" + reference_text("deck_tester.py")
HANGS = "while True:\n    pass\n"
PYTEST_STYLE = (
    "from deck import Deck\n\n"
    "def test_one_card():\n    d = Deck(['ace'], ['hearts'], [1])\n    assert d.size() == 1 and not d.is_empty()\n"
    "    c = d.deal()\n    assert c is not None and c.rank() == 'ace'\n    assert d.is_empty() and d.deal() is None and d.size() == 0\n\n"
    "def test_two_cards():\n    d = Deck(['ace', 'king'], ['hearts'], [1, 13])\n    assert d.size() == 2\n"
    "    assert sorted(c.rank() for c in [d.deal(), d.deal()]) == ['ace', 'king']\n"
)
# Checks the reference's incidental choices: a private attribute and one dealing order.
TOO_STRICT = reference_text("deck_tester.py").replace(
    '    deck = Deck(["ace"], ["hearts"], [1])\n', '    deck = Deck(["ace"], ["hearts"], [1])\n    assert deck._undealt == 1\n', 1)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    subs = {
        "reference": {"deck_tester.py": reference_text("deck_tester.py"), "card_tester.py": reference_text("card_tester.py")},
        "no_asserts": {"deck_tester.py": NO_ASSERTS},
        "always_fails": {"deck_tester.py": ALWAYS_FAILS},
        "exits_at_once": {"deck_tester.py": EXITS_AT_ONCE},
        "hangs": {"deck_tester.py": HANGS},
        "pytest_functions": {"test_deck.py": PYTEST_STYLE},
        "too_strict": {"deck_tester.py": TOO_STRICT},
    }
    # The testers in other styles (``styles`` below) share this grading: one run of the
    # reference's tester serves both, and each submission is graded in sandboxes of its own. Their
    # runs take well under the 2 s call limit (the reference's do, under it, here).
    subs.update(STYLES)
    root = write_class(tmp_path_factory.mktemp("class"), subs)
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A5", "A5b"], limits={"call_seconds": 2.0},
                       jobs=1)  # one grading process: which one grades a test changes no grade


def activity(results, sub_id: str, activity_id: str = "A5"):
    return next(a for a in results.submission(sub_id).activities if a.id == activity_id)


def test_the_labs_kind_of_tester_scores_at_least_90_percent(graded):
    for activity_id in ("A5", "A5b"):
        found = activity(graded, "reference", activity_id)
        assert found.score >= 0.9 * found.max, (activity_id, found.score)


def test_the_reference_tester_catches_every_buggy_class(graded):
    for activity_id, test in (("A5", "test_catches_buggy_deck"), ("A5b", "test_catches_buggy_card")):
        runs = [t for t in activity(graded, "reference", activity_id).tests if t.name.startswith(test)]
        assert len(runs) in (4, 5) and all(t.outcome == "passed" for t in runs)


@pytest.mark.parametrize("sub_id", ["no_asserts", "always_fails", "exits_at_once", "hangs", "too_strict"])
def test_a_tester_that_tests_nothing_or_rejects_a_correct_deck_scores_0(graded, sub_id):
    found = activity(graded, sub_id)
    assert found.status == "graded" and found.score == 0


def test_the_gate_says_why_the_score_is_0(graded):
    found = activity(graded, "too_strict")
    assert "test_accepts_correct_decks failed" in found.note
    # A private attribute is out of a tester's reach in every version, the reference's included
    # (sandbox_runtime/hosting/guest.py): the tester is rejected on the first correct Deck it meets.
    rejected = next(t for t in found.tests if t.name == "test_accepts_correct_decks[reference]")
    assert "the lab's reference Deck" in rejected.message and "AttributeError" in rejected.message
    assert "_undealt" in rejected.message


def test_an_early_exit_is_reported_as_one(graded):
    rejected = next(t for t in activity(graded, "exits_at_once").tests if t.name.startswith("test_accepts_correct_decks"))
    assert "stopped early with sys.exit(0)" in rejected.message


def test_a_pytest_style_tester_is_run_without_pytest(graded):
    found = activity(graded, "pytest_functions")
    assert 0 < found.score < found.max
    assert all(t.outcome == "passed" for t in found.tests if t.name.startswith("test_accepts_correct_decks"))


def test_a_slow_tester_is_stopped_by_the_submissions_time_budget(tmp_path):
    # Each run takes just under the call limit, so no single run times out: only the budget
    # for the whole submission can stop the other ~40 runs.
    slow = "import time\ntime.sleep(0.4)\n" + reference_text("deck_tester.py")
    root = write_class(tmp_path / "class", {"slow": {"deck_tester.py": slow}})
    results = grade_class(root, tmp_path / "work", only_activities=["A5"], submission_seconds=2.0,
                          limits={"call_seconds": 1.0})
    tests = activity(results, "slow").tests
    assert any("took over 2 s in all" in t.message for t in tests)
    assert sum(t.outcome == "passed" for t in tests) < len(tests)


# -- testers in any common style (the style is read from the file, not its name) -----------------

FULL_DECK = (
    'RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]\n'
    'SUITS = ["spades", "hearts", "diamonds", "clubs"]\n'
    "VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0]\n"
)
# The reference tester's checks, written the pytest way: a yield fixture, a fixture taking
# another, stacked parametrize with pytest.param, pytest.raises and pytest.approx.
PYTEST_TESTER = "import pytest\nfrom deck import Deck\n\n" + FULL_DECK + '''

@pytest.fixture
def full_deck():
    deck = Deck(RANKS, SUITS, VALUES)
    yield deck
    assert deck.size() >= 0


@pytest.fixture
def part_dealt(full_deck):
    for _ in range(10):
        full_deck.deal()
    return full_deck


def check_empty(deck):
    assert deck.is_empty() and deck.size() == 0
    assert deck.deal() is None and deck.deal() is None and deck.size() == 0


@pytest.mark.parametrize("size", [1, pytest.param(2, id="two"), 3])
@pytest.mark.parametrize("suits", [["hearts"], ["hearts", "spades"]])
def test_small_decks(size, suits):
    deck = Deck(RANKS[:size], suits, VALUES[:size])
    assert deck.size() == size * len(suits) and not deck.is_empty()
    dealt = []
    for left in range(size * len(suits), 0, -1):
        assert deck.size() == left and not deck.is_empty()
        card = deck.deal()
        assert card is not None
        dealt.append((card.rank(), card.suit(), card.point_value()))
    expected = sorted((r, s, v) for r, v in zip(RANKS[:size], VALUES[:size]) for s in suits)
    assert sorted(dealt) == expected
    check_empty(deck)


def test_a_deck_needs_its_cards():
    with pytest.raises(TypeError):
        Deck()


def test_shuffle(part_dealt):
    part_dealt.shuffle()
    assert part_dealt.size() == pytest.approx(52)
    dealt = [part_dealt.deal() for _ in range(52)]
    assert None not in dealt and len({str(card) for card in dealt}) == 52
    other = Deck(RANKS, SUITS, VALUES)
    assert [str(other.deal()) for _ in range(52)] != [str(card) for card in dealt]
    check_empty(part_dealt)


def test_shuffle_reaches_every_order():
    seen = {tuple(card.rank() for card in Deck(["a", "b", "c"], ["spades"], [1, 2, 3]).cards) for _ in range(600)}
    assert len(seen) == 6
'''
# The same checks as a unittest TestCase, run by its main guard when the student runs the file.
UNITTEST_TESTER = "import unittest\nfrom deck import Deck\n\n" + FULL_DECK + '''

class DeckTest(unittest.TestCase):
    def assert_empty(self, deck):
        self.assertTrue(deck.is_empty())
        self.assertEqual(deck.size(), 0)
        self.assertIsNone(deck.deal())
        self.assertIsNone(deck.deal())
        self.assertEqual(deck.size(), 0)

    def test_small_decks(self):
        for size in (1, 2, 3):
            for suits in (["hearts"], ["hearts", "spades"]):
                with self.subTest(size=size, suits=suits):
                    deck = Deck(RANKS[:size], suits, VALUES[:size])
                    dealt = []
                    for left in range(size * len(suits), 0, -1):
                        self.assertEqual(deck.size(), left)
                        self.assertFalse(deck.is_empty())
                        card = deck.deal()
                        self.assertIsNotNone(card)
                        dealt.append((card.rank(), card.suit(), card.point_value()))
                    expected = sorted((r, s, v) for r, v in zip(RANKS[:size], VALUES[:size]) for s in suits)
                    self.assertEqual(sorted(dealt), expected)
                    self.assert_empty(deck)

    def test_shuffle(self):
        deck = Deck(RANKS, SUITS, VALUES)
        for _ in range(10):
            deck.deal()
        deck.shuffle()
        self.assertEqual(deck.size(), 52)
        dealt = [deck.deal() for _ in range(52)]
        self.assertNotIn(None, dealt)
        self.assertEqual(len({str(card) for card in dealt}), 52)
        other = Deck(RANKS, SUITS, VALUES)
        self.assertNotEqual([str(other.deal()) for _ in range(52)], [str(card) for card in dealt])
        self.assert_empty(deck)

    def test_shuffle_reaches_every_order(self):
        seen = {tuple(card.rank() for card in Deck(["a", "b", "c"], ["spades"], [1, 2, 3]).cards) for _ in range(600)}
        self.assertEqual(len(seen), 6)


if __name__ == "__main__":
    unittest.main()
'''
# The Java lab's way: helpers that take the deck (testEmpty(deck)), called from main().
LAB_HELPERS = "import sys\nfrom deck import Deck\n\n" + FULL_DECK + '''

def test_empty(deck):
    assert deck.is_empty(), "is_empty() is False for an empty deck"
    assert deck.size() == 0, f"size() is {deck.size()} for an empty deck"
    assert deck.deal() is None, "deal() on an empty deck should give None"


def test_deals(deck, count):
    for left in range(count, 0, -1):
        assert deck.size() == left and not deck.is_empty(), f"size() is {deck.size()}, expected {left}"
        assert deck.deal() is not None, "deal() gave None too early"


def main():
    for size in (1, 2):
        deck = Deck(RANKS[:size], ["hearts"], VALUES[:size])
        test_deals(deck, size)
        test_empty(deck)
    deck = Deck(RANKS, SUITS, VALUES)
    test_deals(deck, 52)
    deck.shuffle()
    test_deals(deck, 52)
    test_empty(deck)
    print("All tests passed!")
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''
UNKNOWN_FIXTURE = PYTEST_TESTER.replace("def test_a_deck_needs_its_cards():", "def test_a_deck_needs_its_cards(capsys):")


# deck_tester.py holds pytest or unittest tests and test_deck.py a script too: the style is read
# from the file's contents. Graded with the testers above (``graded``), beside its reference.
STYLES = {
    "pytest_style": {"deck_tester.py": PYTEST_TESTER},
    "unittest_style": {"test_deck.py": UNITTEST_TESTER},
    "lab_helpers": {"test_deck.py": LAB_HELPERS},
    "unknown_fixture": {"test_deck.py": UNKNOWN_FIXTURE},
}


@pytest.fixture(scope="module")
def styles(graded):
    return graded


@pytest.mark.parametrize("sub_id", ["pytest_style", "unittest_style"])
def test_pytest_and_unittest_testers_earn_the_same_full_credit_as_the_labs_tester(styles, sub_id):
    reference, found = activity(styles, "reference"), activity(styles, sub_id)
    assert reference.score == reference.max == 18
    assert found.score == reference.score, [(t.name, t.outcome, t.message) for t in found.tests if t.outcome != "passed"]
    buggy = [t for t in found.tests if t.name.startswith("test_catches_buggy_deck")]
    assert len(buggy) == 5 and all(t.outcome == "passed" for t in buggy)


def test_a_lab_style_tester_with_helpers_taking_the_deck_runs_from_main(styles):
    found = activity(styles, "lab_helpers")
    assert all(t.outcome == "passed" for t in found.tests if t.name.startswith("test_accepts_correct_decks"))
    assert found.score > 0


def test_a_tester_asking_for_an_unknown_fixture_is_told_which_one(styles):
    found = activity(styles, "unknown_fixture")
    rejected = next(t for t in found.tests if t.name == "test_accepts_correct_decks[reference]")
    assert found.score == 0 and rejected.outcome == "failed"
    assert "'capsys'" in rejected.message and "without pytest's built-in fixtures" in rejected.message


def test_every_run_of_a_tester_starts_from_the_same_seed(graded):
    # Otherwise a tester could recognise the class under test by its first random draw.
    tests = activity(graded, "reference").tests
    assert len(tests) > 20 and len({t.seed for t in tests}) == 1
