"""`grader diagnose` names the one faulty method of every shipped single-bug Deck, and the right
mechanism for the lab's Buggy decks.

The cases are read from buggy_variants/variants.yaml and mutants/index.yaml, so a new Buggy deck
or a regenerated mutant is covered without touching this file. What each status must give:

- a Buggy deck with one method, or a *live* mutant: findings naming exactly that method;
- an *equivalent* mutant behaves like the reference, so: no finding at all;
- a mutant that *hangs*: one finding for its method that says it did not finish.
"""

import subprocess
import sys

import pytest
from grader_labs.elevens.diagnosis import diagnose_deck
from grader_labs.elevens.files import lab_file as asset_path
from grader_labs.elevens.variants import buggy, mutants

from grader.commands.exitcodes import ExitCode

MECHANISM = {
    "Buggy1": "`size < 0`",
    "Buggy2": "the rank loop starts at index 1",
    "Buggy3": "the loop never runs",
    "Buggy4": "the count is lowered before the empty check",
}


def shipped_single_bug_decks() -> list:
    cases = [pytest.param(asset_path("buggy_variants", f"{v['id']}/deck.py"), v["method"], "live", id=v["id"])
             for v in buggy("deck").values() if v["method"] != "all four"]
    cases += [pytest.param(asset_path("buggy_variants", f"mutants/{m['id']}.py"), m["method"], m["status"], id=m["id"])
              for m in mutants() if m["file"] == "deck.py"]
    return cases


@pytest.mark.parametrize(("deck", "method", "status"), shipped_single_bug_decks())
def test_each_shipped_deck_is_blamed_on_its_own_method_and_nothing_else(deck, method, status):
    findings = diagnose_deck(deck)
    if status == "equivalent":
        assert findings == [], f"{deck.name} behaves like the reference, yet: {findings}"
        return
    assert [f.method for f in findings] == [method], [str(f) for f in findings]
    if status == "hangs":
        assert "did not finish" in findings[0].seen
    if deck.parent.name in MECHANISM:
        assert MECHANISM[deck.parent.name] in findings[0].likely


def test_buggy5_gets_several_findings_the_constructor_first():
    findings = diagnose_deck(asset_path("buggy_variants", "Buggy5/deck.py"))
    methods = [f.method for f in findings]
    assert methods[0] == "constructor" and {"is_empty", "shuffle"} <= set(methods) <= {"constructor", "is_empty", "deal", "shuffle"}
    assert "the rank loop starts at index 1" in findings[0].likely and "fails inside shuffle()" in findings[0].seen


@pytest.mark.parametrize("deck", [asset_path("reference", "deck.py"), asset_path("buggy_variants", "Correct/deck.py")],
                         ids=["reference", "Correct"])
def test_a_correct_deck_gets_no_finding_and_the_command_says_so(deck):
    assert diagnose_deck(deck) == []
    done = subprocess.run([sys.executable, "-m", "grader.cli", "diagnose", str(deck)], capture_output=True, text=True, timeout=120)
    assert done.returncode == ExitCode.OK and "No problem found" in done.stdout and "✗" not in done.stdout


def test_a_method_that_never_returns_is_reported_as_not_finishing(tmp_path):
    text = asset_path("reference", "deck.py").read_text(encoding="utf-8")
    hanging = text.replace("        if self.is_empty():\n            return None\n", "        while True:\n            pass\n")
    assert hanging != text
    (tmp_path / "deck.py").write_text(hanging, encoding="utf-8")
    from grader.sandbox import Limits

    findings = diagnose_deck(tmp_path / "deck.py", Limits(call_seconds=1.0))
    assert [f.method for f in findings] == ["deal"] and "did not finish" in findings[0].seen


def test_a_starter_deck_is_not_written_yet():
    findings = diagnose_deck(asset_path("starter", "deck.py"))
    assert findings and all(f.unwritten for f in findings) and "not written yet" in findings[0].seen


def test_check_prints_the_diagnosis_when_a_deck_test_fails(tmp_path):
    (tmp_path / "deck.py").write_bytes(asset_path("buggy_variants", "Buggy4/deck.py").read_bytes())
    (tmp_path / "card.py").write_bytes(asset_path("reference", "card.py").read_bytes())
    done = subprocess.run([sys.executable, "-m", "grader.cli", "check", str(tmp_path), "--activity", "A2"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == ExitCode.TESTS_FAILED
    assert "What looks wrong" in done.stdout and "lowered before the empty check" in done.stdout
