"""Activity 5, the Card tester: the same rules as the Deck tester, for card_tester.py."""

import pytest

from grader.assertions import fail
from grader.own_test_variants import buggy, live_mutants
from grader.own_tests import variant_file
from grader.suites.test_a5_deck_tester import expect_caught

DECK = variant_file("reference", "deck.py")
CORRECT = {"reference": "the lab's reference Card", "Correct": "a second correct Card, written differently"}


@pytest.mark.parametrize("correct", list(CORRECT))
def test_accepts_correct_cards(own_tests, correct):
    run = own_tests.run(DECK, variant_file(correct, "card.py"))
    if not run.passed:
        fail(f"Your tester rejected {CORRECT[correct]}, which has no bug:\n  {run.message}",
             "Check only what the lab promises: rank(), suit(), point_value(), matches() and the exact text of str().")


@pytest.mark.parametrize("variant", [v["id"] for v in buggy("card")])
def test_catches_buggy_card(own_tests, variant):
    about = next(v for v in buggy("card") if v["id"] == variant)
    expect_caught(own_tests, own_tests.run(DECK, variant_file(variant, "card.py")), variant, about["method"],
                  f"A test that catches it: {about['exposed_by']}.")


CARD_MUTANTS = [m for method in ("constructor", "matches", "__str__") for m in live_mutants("card.py", method)]


@pytest.mark.parametrize("mutant", [m["id"] for m in CARD_MUTANTS])
def test_kills_card_mutants(own_tests, mutant):
    found = next(m for m in CARD_MUTANTS if m["id"] == mutant)
    change = " / ".join(line[1:].strip() for line in found["diff"] if line.startswith("+")) or "a line removed"
    expect_caught(own_tests, own_tests.run(DECK, variant_file("mutants", f"{mutant}.py")), f"mutant {mutant}", found["method"],
                  f"This Card's {found['method']} was changed to `{change}`: add a test that notices.")
