"""Activity 5: the student's own Deck tester, run against correct and wrong Decks.

The tester must first accept two correct Decks (the reference and one written differently):
if it rejects either, the activity scores 0 (a `gate` in the rubric). Then it earns points for
each Buggy deck of the lab it catches and for each curated mutant it kills, weighted by the
methods the lab asks a tester to cover. A tester catches a wrong Deck only by failing on it;
not finishing (a timeout) catches nothing. See docs/testers.md.

Every run of one student's tester is a fresh fork of one warm sandbox that has the lab's Card
imported and the tester compiled; the Deck under test is sent to each run (grader/testers/own_tests.py).
"""

import pytest
from grader.testers.verdicts import (
    expect_accepted,
    expect_mutant_killed,
    expect_variant_caught,
)
from grader.idiom import Twin
from grader_labs.elevens.variants import accepted, accepted_words, buggy, live_mutants, run_tester, variant_file


CORRECT = {version: accepted_words(version, "Deck") for version in accepted()}
REJECTED_HINT = Twin("A test must only check what the lab promises: size(), is_empty(), that every card is dealt "
                     "once and then None, and that shuffling changes the order. A 2-card deck may deal its cards "
                     "in either order, and the count may be stored under any name.",
                     "A test must only check what the lab promises: size(), isEmpty(), that every card is dealt "
                     "once and then null, and that shuffling changes the order. A 2-card deck may deal its cards "
                     "in either order, and the count may be kept in a field of any name.")
BUGGY = buggy("deck")



def run(own_tests, deck):
    return run_tester(own_tests, "deck.py", deck)  # the Deck changes from run to run; the lab's Card stays


@pytest.mark.parametrize("correct", list(CORRECT))
def test_accepts_correct_decks(own_tests, correct):
    expect_accepted(run(own_tests, correct), CORRECT[correct], REJECTED_HINT)


@pytest.mark.parametrize("variant", list(BUGGY))
def test_catches_buggy_deck(own_tests, variant):
    expect_variant_caught(own_tests, run(own_tests, variant_file(variant, "deck.py")), BUGGY[variant])


def kill(own_tests, mutant: dict) -> None:
    expect_mutant_killed(own_tests, run(own_tests, variant_file("mutants", f"{mutant['id']}.py")), mutant, "Deck")


CONSTRUCTOR, IS_EMPTY, DEAL, SHUFFLE = (live_mutants("deck.py", m) for m in ("constructor", "is_empty", "deal", "shuffle"))


@pytest.mark.parametrize("mutant", list(CONSTRUCTOR))
def test_kills_constructor_mutants(own_tests, mutant):
    kill(own_tests, CONSTRUCTOR[mutant])


@pytest.mark.parametrize("mutant", list(IS_EMPTY))
def test_kills_is_empty_mutants(own_tests, mutant):
    kill(own_tests, IS_EMPTY[mutant])


@pytest.mark.parametrize("mutant", list(DEAL))
def test_kills_deal_mutants(own_tests, mutant):
    kill(own_tests, DEAL[mutant])


@pytest.mark.parametrize("mutant", list(SHUFFLE))
def test_kills_shuffle_mutants(own_tests, mutant):
    kill(own_tests, SHUFFLE[mutant])
