"""The versions a student's Up/Down/Stay tester is run against in Activity 6, read from
buggy_variants/up-down-stay/ (grader/wrong_versions.py reads them; this module fixes the lab's
choices).

A run holds the student's tester, ONE student file in the version under test (reference,
second correct version, or a named buggy variant), and the reference of every other file the
tester may import, so each run judges one file alone.
"""

from functools import lru_cache
from pathlib import Path

from grader.own_tests import OwnTests, TesterRun
from grader.wrong_versions import WrongVersions

TESTED_FILES = ("uds_cards.py", "uds_deal.py", "uds_changes.py", "uds_predictions.py", "uds_game.py")
# Everything a tester may import: the given files, the five files above, and the simulation
# (a tester may check it too; it is never the file under test).
TESTER_FILES = ("card.py", "deck.py", "uds_players.py", *TESTED_FILES, "uds_simulation.py")


@lru_cache(maxsize=1)
def _versions() -> WrongVersions:
    from grader_labs.up_down_stay import LAB

    return WrongVersions(LAB)


def buggy() -> dict[str, dict]:
    """The named buggy versions, by id, in variants.yaml's order (each names its ``file``)."""
    return _versions().buggy("buggy")


def live_mutants(file: str) -> dict[str, dict]:
    """The live curated mutants of one student file, by id (mutants/index.yaml)."""
    return _versions().live_mutants(file)


def correct_versions() -> list[str]:
    return [entry["id"] for entry in _versions().variants["correct"]]


def variant_file(folder: str, name: str) -> Path:
    return _versions().file(folder, name)


def run_tester(own_tests: OwnTests, name: str, version: Path) -> TesterRun:
    """Run the student's tester with ``version`` as ``name``, the reference for everything else."""
    return _versions().run_tester(own_tests, name, version, TESTER_FILES)
