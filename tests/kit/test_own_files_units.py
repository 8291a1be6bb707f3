"""In the kit, an activity that runs on the student's own earlier file (grader/kit/own_files.py):
a bug in that file costs points once, in the activity that owns it, not a chain of zeros."""

import dataclasses
from functools import cache
from pathlib import Path

from grader.kit import own_files
from grader.results.model import ActivityResult, TestResult
from tests.classroom import elevens_rubric as teachers_rubric

wait_for_owners = own_files.wait_for_owners


@cache
def elevens_rubric():
    """The rubric as the kit has it: its folder of given files holds none the students write."""
    rubric = teachers_rubric()
    return dataclasses.replace(rubric, home=dataclasses.replace(rubric.home, reference=Path("/nonexistent/given")))


def activity(id_: str, *tests: tuple[str, str, float], status: str = "graded") -> ActivityResult:
    made = [TestResult(name, outcome, points if outcome == "passed" else 0.0, points) for name, outcome, points in tests]
    return ActivityResult(id_, id_, status, sum(t.points for t in made), sum(t.max_points for t in made), tests=made)


def graded_after_a_failing_shuffle(a8_records=()):
    a2 = activity("A2", ("test_deal", "passed", 2.0))
    a4 = activity("A4", ("test_shuffle_keeps_every_card_exactly_once", "failed", 3.0), ("test_reset", "passed", 2.0))
    a8 = activity("A8", ("test_size", "passed", 1.0), ("test_deal_fills", "failed", 1.0), ("test_str", "failed", 1.0))
    results = [activity("A1", ("test_rank", "passed", 2.0)), a2, a4, a8]
    wait_for_owners(elevens_rubric(), results, {}, list(a8_records))
    return a8


def test_an_activity_whose_deck_fails_its_own_activity_still_counts_what_it_checked():
    a8 = graded_after_a_failing_shuffle()
    assert a8.status == "graded" and a8.score == 1.0  # not a zero: the size check passed on the student's deck
    assert [t.outcome for t in a8.tests] == ["passed", "failed", "failed"]
    assert "deck.py" in a8.note and "Finish A4 first" in a8.note


def test_a_check_that_stopped_inside_the_failing_file_is_not_checked_yet_rather_than_failed():
    a8 = graded_after_a_failing_shuffle([{"activity": "A8", "name": "test_deal_fills", "inside": "deck.py"},
                                         {"activity": "A8", "name": "test_str", "inside": "probe_board.py"}])
    deal, text = a8.tests[1], a8.tests[2]
    assert deal.outcome == "skipped" and deal.message.startswith("not checked yet") and "A4" in deal.message
    assert text.outcome == "failed"  # raised elsewhere: the board's own failure
    assert "1 check that stopped inside it is not checked yet" in a8.note


def test_when_the_earlier_file_could_not_run_at_all_the_activity_waits_as_a_whole():
    a8 = activity("A8", ("test_size", "passed", 1.0))
    results = [activity("A1", ("test_rank", "passed", 2.0)), activity("A2", status="not_started"),
               activity("A4", status="not_started"), a8]
    wait_for_owners(elevens_rubric(), results, {}, [])
    assert a8.status == "waiting" and a8.score == 0.0 and "Finish A2 first" in a8.note


def test_a_card_tester_that_never_imports_the_deck_does_not_wait_for_it(tmp_path):
    rubric = elevens_rubric()
    a5b = rubric.activity("A5b")
    tester = tmp_path / "card_tester.py"
    tester.write_text("from card import Card\nassert Card('a', 's', 1).rank() == 'a'\n", encoding="utf-8")
    files = {"card.py": tmp_path / "card.py", "deck.py": tmp_path / "deck.py"}
    for path in files.values():
        path.write_text("from card import Card\n" if path.name == "deck.py" else "class Card: pass\n", encoding="utf-8")
    assert own_files.tester_needs(rubric, a5b, files.get, {"card_tester.py": tester}) == ["card.py"]
    tester.write_text("from deck import Deck\n", encoding="utf-8")
    assert own_files.tester_needs(rubric, a5b, files.get, {"card_tester.py": tester}) == ["card.py", "deck.py"]
    a5 = rubric.activity("A5")  # the deck tester runs on deck.py, which imports card.py
    assert own_files.tester_needs(rubric, a5, files.get, {"deck_tester.py": tester}) == ["deck.py", "card.py"]
