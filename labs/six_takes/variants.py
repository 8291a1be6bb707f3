"""The versions a student's tester is run against in Activity 5, read from
buggy_variants/six-takes/ (grader/wrong_versions.py reads them; this module fixes this lab's
choices).

A tester run swaps ONE of the four graded files (takes_cards.py, takes_table.py,
takes_turn.py, takes_game.py) for the version under test; every other file it may import
(those, the given files and the simulation) is the reference's, under its usual name.
"""

from functools import lru_cache
from pathlib import Path

from grader.own_tests import OwnTests, TesterRun
from grader.wrong_versions import WrongVersions

# variants.yaml's kinds, by the file each one replaces.
KINDS = {"cards": "takes_cards.py", "table": "takes_table.py", "turn": "takes_turn.py", "game": "takes_game.py"}
# A tester may import any of the lab's modules: the simulation is never varied, but a tester that
# also checks it must find it.
TESTER_FILES = ("card.py", "deck.py", "takes_players.py", "takes_simulation.py", *KINDS.values())


@lru_cache(maxsize=1)
def _versions() -> WrongVersions:
    from grader_labs.six_takes import LAB

    return WrongVersions(LAB)


def buggy(kind: str) -> dict[str, dict]:
    """The named buggy versions of one kind ("cards", "table", "turn", "game"), by id."""
    return _versions().buggy(kind)


def live_mutants(file: str) -> dict[str, dict]:
    """The live curated mutants of ``file`` (takes_table.py or takes_turn.py), by id."""
    return _versions().live_mutants(file)


def correct() -> list[tuple[str, str]]:
    """(folder, file) pairs a tester must accept: the reference, then each file of every second
    correct version on its own."""
    pairs = [("reference", "takes_cards.py")]
    for entry in _versions().variants["correct"]:
        pairs += [(entry["id"], name) for name in entry["files"]]
    return pairs


def variant_file(folder: str, name: str) -> Path:
    return _versions().file(folder, name)


def run_tester(own_tests: OwnTests, name: str, version: Path) -> TesterRun:
    """Run the student's tester with ``version`` as ``name``; the reference for every other file."""
    return _versions().run_tester(own_tests, name, version, TESTER_FILES)
