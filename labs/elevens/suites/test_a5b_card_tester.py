"""Activity 5, the Card tester: the same rules as the Deck tester, for card_tester.py.

The lab's deck.py imports card, so here it cannot be imported before the Card under test exists:
the warm sandbox only compiles it, and each run imports it beside the Card sent to that run.
"""

import pytest
from grader.testers.verdicts import (
    expect_accepted,
    expect_mutant_killed,
    expect_variant_caught,
)
from grader.idiom import Twin
from grader_labs.elevens.variants import accepted, accepted_words, buggy, live_mutants, run_tester, variant_file


CORRECT = {version: accepted_words(version, "Card") for version in accepted()}
BUGGY = buggy("card")
MUTANTS = live_mutants("card.py", "constructor", "matches", "__str__")



def run(own_tests, card):
    return run_tester(own_tests, "card.py", card)  # the Card changes from run to run; the lab's Deck stays


@pytest.mark.parametrize("correct", list(CORRECT))
def test_accepts_correct_cards(own_tests, correct):
    expect_accepted(run(own_tests, correct), CORRECT[correct], Twin(
        "Check only what the lab promises: rank(), suit(), point_value(), matches() and the exact text of str().",
        "Check only what the lab promises: rank(), suit(), pointValue(), matches() and the exact text of toString()."))


@pytest.mark.parametrize("variant", list(BUGGY))
def test_catches_buggy_card(own_tests, variant):
    expect_variant_caught(own_tests, run(own_tests, variant_file(variant, "card.py")), BUGGY[variant])


@pytest.mark.parametrize("mutant", list(MUTANTS))
def test_kills_card_mutants(own_tests, mutant):
    expect_mutant_killed(own_tests, run(own_tests, variant_file("mutants", f"{mutant}.py")), MUTANTS[mutant], "Card")
