"""Activity 5: the student's own Deck tester, run against correct and wrong Decks.

The tester must first accept two correct Decks (the reference and one written differently):
if it rejects either, the activity scores 0 (a `gate` in the rubric). Then it earns points for
each Buggy deck of the lab it catches and for each curated mutant it kills, weighted by the
methods the lab asks a tester to cover. A tester catches a wrong Deck only by failing on it;
not finishing (a timeout) catches nothing. See docs/testers.md.
"""

import pytest

from grader.assertions import fail
from grader.own_test_variants import buggy, live_mutants
from grader.own_tests import variant_file

CARD = variant_file("reference", "card.py")
CORRECT = {"reference": "the lab's reference Deck", "Correct": "a second correct Deck, written differently"}
REJECTED_HINT = ("A test must only check what the lab promises: size(), is_empty(), that every card is dealt "
                 "once and then None, and that shuffling changes the order. A 2-card deck may deal its cards "
                 "in either order, and the count may be stored under any name.")


@pytest.mark.parametrize("correct", list(CORRECT))
def test_accepts_correct_decks(own_tests, correct):
    run = own_tests.run(variant_file(correct, "deck.py"), CARD)
    if not run.passed:
        fail(f"Your tester rejected {CORRECT[correct]}, which has no bug:\n  {run.message}", REJECTED_HINT)


@pytest.mark.parametrize("variant", [v["id"] for v in buggy("deck")])
def test_catches_buggy_deck(own_tests, variant):
    about = next(v for v in buggy("deck") if v["id"] == variant)
    expect_caught(own_tests, own_tests.run(variant_file(variant, "deck.py"), CARD), variant, about["method"],
                  f"A test that catches it: {about['exposed_by']}.")


def expect_caught(own_tests, run, name: str, method: str, hint: str) -> None:
    if run.outcome == "failed" and not run.by_assertion and not own_tests.has_assertions:
        fail(f"Your tester crashed on {name} ({run.message}), but it has no assert statements, so it did not "
             "check anything: a crash is not a test.", "Check each result with `assert <condition>, \"<message>\"`.")
    if run.outcome == "timeout":
        fail(f"Your tester did not finish on {name} (a class with a bug in {method}), so it caught nothing: {run.message}",
             "Make every loop in your tester end, even when the Deck misbehaves.")
    if run.passed:
        fail(f"Your tester passed {name}, a class with a bug in {method}.", hint)


def mutant_ids(method: str) -> list[str]:
    return [m["id"] for m in live_mutants("deck.py", method)]


def run_mutant(own_tests, mutant_id: str, method: str) -> None:
    mutant = next(m for m in live_mutants("deck.py", method) if m["id"] == mutant_id)
    change = " / ".join(line[1:].strip() for line in mutant["diff"] if line.startswith("+")) or "a line removed"
    expect_caught(own_tests, own_tests.run(variant_file("mutants", f"{mutant_id}.py"), CARD), f"mutant {mutant_id}", method,
                  f"This Deck's {method} was changed to `{change}`: add a test that notices.")


@pytest.mark.parametrize("mutant", mutant_ids("constructor"))
def test_kills_constructor_mutants(own_tests, mutant):
    run_mutant(own_tests, mutant, "constructor")


@pytest.mark.parametrize("mutant", mutant_ids("is_empty"))
def test_kills_is_empty_mutants(own_tests, mutant):
    run_mutant(own_tests, mutant, "is_empty")


@pytest.mark.parametrize("mutant", mutant_ids("deal"))
def test_kills_deal_mutants(own_tests, mutant):
    run_mutant(own_tests, mutant, "deal")


@pytest.mark.parametrize("mutant", mutant_ids("shuffle"))
def test_kills_shuffle_mutants(own_tests, mutant):
    run_mutant(own_tests, mutant, "shuffle")
