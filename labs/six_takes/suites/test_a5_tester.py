"""Activity 5: the student's own tester (takes_tester.py), run against right and wrong versions.

The tester must first accept the reference and a second correct version of each file, written
differently (a `gate` in the rubric: rejecting any of them scores 0 for the activity). Then it
earns points for each named buggy version it catches (packs.md §2.4) and for the curated
mutants of the Table and the turn it kills (buggy_variants/six-takes/mutants/, made by
tools/make_mutants.py; only the live ones count). Each one replaces one file only, with the
reference for every other file. A tester catches a version only by failing on it; not
finishing catches nothing (docs/testers.md).
"""

import pytest
from grader_labs.six_takes.variants import KINDS, VERSIONS, correct

from grader.testers.verdicts import (
    expect_accepted,
    expect_mutant_killed,
    expect_variant_caught,
)

REJECTED_HINT = ("A test must only check what the lab promises (the handout's rules and signatures). A correct "
                 "version may store its rows or hands under other names, build them in another order, or shuffle "
                 "differently; only what the methods return and the attributes the handout names count.")
CORRECT = correct()



@pytest.mark.parametrize("folder, name", CORRECT, ids=[f"{folder}-{name}" for folder, name in CORRECT])
def test_accepts_correct_versions(own_tests, folder, name):
    expect_accepted(VERSIONS.run_tester(own_tests, name, folder), VERSIONS.accepted_words(folder, name), REJECTED_HINT)


def catch(own_tests, kind: str, variant: str) -> None:
    name = KINDS[kind]
    found = VERSIONS.buggy(kind)[variant]
    expect_variant_caught(own_tests, VERSIONS.run_tester(own_tests, name, VERSIONS.file(variant, name)), found)


@pytest.mark.parametrize("variant", list(VERSIONS.buggy("cards")))
def test_catches_buggy_cards(own_tests, variant):
    catch(own_tests, "cards", variant)


@pytest.mark.parametrize("variant", list(VERSIONS.buggy("table")))
def test_catches_buggy_table(own_tests, variant):
    catch(own_tests, "table", variant)


@pytest.mark.parametrize("variant", list(VERSIONS.buggy("turn")))
def test_catches_buggy_turn(own_tests, variant):
    catch(own_tests, "turn", variant)


@pytest.mark.parametrize("variant", list(VERSIONS.buggy("game")))
def test_catches_buggy_game(own_tests, variant):
    catch(own_tests, "game", variant)


TABLE_MUTANTS, TURN_MUTANTS = VERSIONS.live_mutants("takes_table.py"), VERSIONS.live_mutants("takes_turn.py")


def kill(own_tests, mutant: dict, kind: str) -> None:
    run = VERSIONS.run_tester(own_tests, mutant["file"], VERSIONS.file("mutants", f"{mutant['id']}.py"))
    expect_mutant_killed(own_tests, run, mutant, kind)


@pytest.mark.parametrize("mutant", list(TABLE_MUTANTS))
def test_kills_table_mutants(own_tests, mutant):
    kill(own_tests, TABLE_MUTANTS[mutant], "Table")


@pytest.mark.parametrize("mutant", list(TURN_MUTANTS))
def test_kills_turn_mutants(own_tests, mutant):
    kill(own_tests, TURN_MUTANTS[mutant], "resolve_turn")
