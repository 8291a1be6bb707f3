"""Activity 6: the student's own tester (uds_tester.py or test_uds.py), run against correct and
wrong versions of the lab's five student files, one file at a time.

It must first accept the reference and a second correct version of each file: if it rejects
any, the activity scores 0 (a `gate` in the rubric). Then it earns points for each named buggy
version (packs.md section 1.4) it catches, and for the curated mutants of each file it kills
(buggy_variants/up-down-stay/mutants/: only live ones, each with a hand-written behaviour that
is the student's hint). A catch is a failure, never a timeout (docs/testers.md).
"""

import pytest
from grader_labs.up_down_stay.variants import TESTED_FILES, VERSIONS

from grader.testers.verdicts import (
    expect_accepted,
    expect_mutant_killed,
    expect_variant_caught,
)

REJECTED_HINT = ("A test must only check what the lab promises. The deck's order is random, a RoundResult may be any "
                 "object with the five fields, and the lab leaves open what happens with inputs it does not mention "
                 "(for example lower-case predictions).")
BUGGY = VERSIONS.buggy("buggy")
CORRECT = [(version, name) for version in VERSIONS.accepted() for name in TESTED_FILES]



@pytest.mark.parametrize("version, name", CORRECT, ids=[f"{v}-{n}" for v, n in CORRECT])
def test_accepts_correct_versions(own_tests, version, name):
    expect_accepted(VERSIONS.run_tester(own_tests, name, version), VERSIONS.accepted_words(version, name), REJECTED_HINT)


@pytest.mark.parametrize("variant", list(BUGGY))
def test_catches_buggy_version(own_tests, variant):
    spec = BUGGY[variant]
    expect_variant_caught(own_tests, VERSIONS.run_tester(own_tests, spec["file"], VERSIONS.file(variant, spec["file"])), spec)


KINDS = {"uds_cards.py": "card-values file", "uds_deal.py": "deal", "uds_changes.py": "changes file",
         "uds_predictions.py": "predictions file", "uds_game.py": "game file"}


def kill(own_tests, name: str, mutant: dict) -> None:
    run = VERSIONS.run_tester(own_tests, name, VERSIONS.file("mutants", f"{mutant['id']}.py"))
    expect_mutant_killed(own_tests, run, mutant, KINDS[name])


CARDS, DEAL, CHANGES, PREDICTIONS, GAME = (VERSIONS.live_mutants(name) for name in TESTED_FILES)


@pytest.mark.parametrize("mutant", list(CARDS))
def test_kills_cards_mutants(own_tests, mutant):
    kill(own_tests, "uds_cards.py", CARDS[mutant])


@pytest.mark.parametrize("mutant", list(DEAL))
def test_kills_deal_mutants(own_tests, mutant):
    kill(own_tests, "uds_deal.py", DEAL[mutant])


@pytest.mark.parametrize("mutant", list(CHANGES))
def test_kills_changes_mutants(own_tests, mutant):
    kill(own_tests, "uds_changes.py", CHANGES[mutant])


@pytest.mark.parametrize("mutant", list(PREDICTIONS))
def test_kills_predictions_mutants(own_tests, mutant):
    kill(own_tests, "uds_predictions.py", PREDICTIONS[mutant])


@pytest.mark.parametrize("mutant", list(GAME))
def test_kills_game_mutants(own_tests, mutant):
    kill(own_tests, "uds_game.py", GAME[mutant])
