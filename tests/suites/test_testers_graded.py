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
        "pytest_style": {"test_deck.py": PYTEST_STYLE},
        "too_strict": {"deck_tester.py": TOO_STRICT},
    }
    root = write_class(tmp_path_factory.mktemp("class"), subs)
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A5", "A5b"], limits={"call_seconds": 2.0})


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
    rejected = next(t for t in found.tests if t.name == "test_accepts_correct_decks[Correct]")
    assert "a second correct Deck" in rejected.message and "AttributeError" in rejected.message


def test_an_early_exit_is_reported_as_one(graded):
    rejected = next(t for t in activity(graded, "exits_at_once").tests if t.name.startswith("test_accepts_correct_decks"))
    assert "stopped early with sys.exit(0)" in rejected.message


def test_a_pytest_style_tester_is_run_without_pytest(graded):
    found = activity(graded, "pytest_style")
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
