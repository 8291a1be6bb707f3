"""Activity 5's hints never show the reference solution: a mutant a tester missed is described by
what it does (its hand-written ``behaviour``), not by its changed line; and tools/make_mutants.py
keeps those descriptions when it regenerates the index."""

import importlib.util
from types import SimpleNamespace

import pytest
import yaml
from grader_labs.elevens.files import lab_file as asset_path
from grader.testers.verdicts import (
    expect_mutant_killed,
    expect_variant_caught,
)
from grader_labs.elevens.variants import buggy, mutants

from grader.testers.own_tests import TesterRun as Run
from tests.lab_loader import ROOT

REFERENCE_LINES = sorted({line.strip() for name in ("deck.py", "card.py")
                          for line in asset_path("reference", name).read_text(encoding="utf-8").splitlines()
                          if len(line.strip()) > 10})
# Names only the reference's code uses: a description that needs them is describing code.
PRIVATE_NAMES = ("self.", "_undealt", "_rank", "_suit", "_point_value", "randint")


def student_texts(check, *args) -> list[str]:
    """Everything a student could read from ``check`` for a tester that missed the class, timed
    out on it, or crashed on it without asserting anything."""
    texts = []
    for run, has_assertions in ((Run("passed"), True), (Run("timeout", "deck_tester.py did not finish"), True),
                                (Run("failed", "deck_tester.py raised IndexError"), False)):
        with pytest.raises(AssertionError) as failed:
            check(SimpleNamespace(has_assertions=has_assertions), run, *args)
        texts.append(str(failed.value))
    return texts


def all_hints() -> list[str]:
    texts = []
    for kind in ("deck", "card"):
        for variant in buggy(kind).values():
            texts += student_texts(expect_variant_caught, variant)
    for mutant in mutants():
        texts += student_texts(expect_mutant_killed, mutant, "Deck" if mutant["file"] == "deck.py" else "Card")
    return texts


def test_no_hint_quotes_a_line_of_the_reference_card_or_deck():
    leaks = {(line, text.splitlines()[0]) for text in all_hints() for line in REFERENCE_LINES if line in text}
    assert not leaks


@pytest.mark.parametrize("mutant", [m["id"] for m in mutants()])
def test_every_mutant_has_a_behaviour_in_a_students_words(mutant):
    entry = next(m for m in mutants() if m["id"] == mutant)
    behaviour = entry.get("behaviour", "")
    assert len(behaviour) > 20 or entry["status"] != "live", f"{mutant} is live and has no behaviour"
    assert behaviour.endswith(".") and not any(name in behaviour for name in PRIVATE_NAMES), behaviour


def test_the_hint_for_a_missed_mutant_is_its_behaviour():
    mutant = next(m for m in mutants() if m["id"] == "deck-007")
    hint = student_texts(expect_mutant_killed, mutant, "Deck")[0]
    assert mutant["behaviour"] in hint and "-= 2" not in hint


def make_mutants():
    spec = importlib.util.spec_from_file_location("make_mutants", ROOT / "tools" / "make_mutants.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # imports mutmut only when it generates, so this needs none
    return module


def test_regenerating_keeps_every_behaviour_and_the_file_unchanged():
    tool = make_mutants()
    text = asset_path("buggy_variants", "mutants/index.yaml").read_text(encoding="utf-8")
    known = tool.known_behaviours(text)
    # Generated afresh: no behaviours, and (to show ids do not matter) numbered the other way round.
    fresh = [{key: value for key, value in m.items() if key != "behaviour"} for m in yaml.safe_load(text)]
    renumbered = [{**m, "id": f"x-{i}"} for i, m in enumerate(reversed(fresh))]
    kept = {m["id"]: m.get("behaviour") for m in (tool.with_behaviour(m, known) for m in renumbered)}
    assert all(kept.values()) and len(set(kept.values())) >= len(kept) - 6  # a few mutants share a description
    again = tool.HEADER + yaml.safe_dump([tool.with_behaviour(m, known) for m in fresh], sort_keys=False,
                                         allow_unicode=True, width=200)
    assert again == text


def test_a_live_mutant_without_a_behaviour_is_named():
    tool = make_mutants()
    index = [{"id": "deck-099", "status": "live"}, {"id": "deck-100", "status": "equivalent"},
             {"id": "deck-101", "status": "live", "behaviour": "deal() gives None."}]
    assert tool.missing_behaviours(index) == ["deck-099"]
