"""The classes a student's tester is run against in Activity 5, read from buggy_variants/.

variants.yaml names the Buggy decks and cards and what each one gets wrong; mutants/index.yaml
the curated mutants (only the ``live`` ones count: equivalent and hanging mutants are left out).
"""

from functools import lru_cache
from pathlib import Path

import yaml
from grader_labs.elevens.files import lab_file as asset_path

from grader.own_tests import OwnTests, TesterRun


@lru_cache(maxsize=1)
def variants() -> dict:
    return yaml.safe_load(asset_path("buggy_variants", "variants.yaml").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def mutants() -> list[dict]:
    return yaml.safe_load(asset_path("buggy_variants", "mutants/index.yaml").read_text(encoding="utf-8"))


def buggy(kind: str) -> dict[str, dict]:
    """The Buggy classes of one ``kind`` ("deck" or "card"), by id, in the file's order."""
    return {variant["id"]: variant for variant in variants()[kind]}


def live_mutants(file: str, *methods: str) -> dict[str, dict]:
    """The live mutants of ``file`` in any of ``methods``, by id."""
    return {m["id"]: m for m in mutants() if m["file"] == file and m["method"] in methods and m["status"] == "live"}


def variant_file(folder: str, name: str) -> Path:
    """A class to run a tester against: ``("reference", "deck.py")``, ``("Buggy2", "deck.py")``,
    ``("mutants", "deck-007.py")``."""
    if folder == "reference":
        return asset_path("reference", name)
    return asset_path("buggy_variants", f"{folder}/{name}")


# A tester run holds the student's tester, the version of the class under test, and the lab's
# reference of the other class: a deck tester gets the reference card.py, a card tester the
# reference deck.py.
TESTER_FILES = ("deck.py", "card.py")


def run_tester(own_tests: OwnTests, name: str, version: Path) -> TesterRun:
    """Run the student's tester with ``version`` as ``name`` (deck.py or card.py)."""
    others = {other: variant_file("reference", other) for other in TESTER_FILES if other != name}
    return own_tests.run((name, version), others)
