"""`grader diagnose` names the faulty method and the mechanism of each of the lab's Buggy decks."""

import subprocess
import sys

import pytest

from grader.assets import asset_path
from grader.diagnosis import diagnose_deck
from grader.exitcodes import ExitCode

EXPECTED = {
    "Buggy1": ("is_empty", "`size < 0`"),
    "Buggy2": ("constructor", "the rank loop starts at index 1"),
    "Buggy3": ("shuffle", "the loop never runs"),
    "Buggy4": ("deal", "the count is lowered before the empty check"),
    "Buggy5": ("constructor", "shuffle(), fails"),
}


@pytest.mark.parametrize("variant", list(EXPECTED))
def test_each_buggy_deck_gets_its_own_diagnosis_and_nothing_else(variant):
    findings = diagnose_deck(asset_path("buggy_variants", f"{variant}/deck.py"))
    method, mechanism = EXPECTED[variant]
    assert [f.method for f in findings] == [method]
    assert mechanism in findings[0].likely


def test_the_reference_deck_has_nothing_to_diagnose():
    assert diagnose_deck(asset_path("reference", "deck.py")) == []


def test_the_command_prints_the_diagnosis_and_exits_1():
    done = subprocess.run([sys.executable, "-m", "grader.cli", "diagnose", str(asset_path("buggy_variants", "Buggy4"))],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == ExitCode.TESTS_FAILED
    assert "deal" in done.stdout and "lowered before the empty check" in done.stdout


def test_the_command_refuses_a_folder_without_a_deck(tmp_path):
    done = subprocess.run([sys.executable, "-m", "grader.cli", "diagnose", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == ExitCode.BAD_INPUT and "holds no deck.py" in done.stderr


def test_check_prints_the_diagnosis_when_a_deck_test_fails(tmp_path):
    (tmp_path / "deck.py").write_bytes(asset_path("buggy_variants", "Buggy4/deck.py").read_bytes())
    (tmp_path / "card.py").write_bytes(asset_path("reference", "card.py").read_bytes())
    done = subprocess.run([sys.executable, "-m", "grader.cli", "check", str(tmp_path), "--activity", "A2"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == ExitCode.TESTS_FAILED
    assert "What looks wrong" in done.stdout and "lowered before the empty check" in done.stdout
