"""The classes a student's tester is run against in Activity 5, read from buggy_variants/
(grader/wrong_versions.py reads them; this module fixes the Elevens lab's choices).

variants.yaml names the Buggy decks and cards and what each one gets wrong; mutants/index.yaml
the curated mutants (only the ``live`` ones count: equivalent and hanging mutants are left out).
"""

from functools import lru_cache
from pathlib import Path

from grader.own_tests import OwnTests, TesterRun
from grader.wrong_versions import WrongVersions


@lru_cache(maxsize=1)
def _versions() -> WrongVersions:
    from grader_labs.elevens import LAB

    return WrongVersions(LAB)


def variants() -> dict:
    return _versions().variants


def mutants() -> list[dict]:
    return _versions().mutants


def buggy(kind: str) -> dict[str, dict]:
    """The Buggy classes of one ``kind`` ("deck" or "card"), by id, in the file's order."""
    return _versions().buggy(kind)


def live_mutants(file: str, *methods: str) -> dict[str, dict]:
    """The live mutants of ``file`` in any of ``methods``, by id."""
    return _versions().live_mutants(file, *methods)


def variant_file(folder: str, name: str) -> Path:
    """A class to run a tester against: ``("reference", "deck.py")``, ``("Buggy2", "deck.py")``,
    ``("mutants", "deck-007.py")``."""
    return _versions().file(folder, name)


# A tester run holds the student's tester, the version of the class under test, and the lab's
# reference of the other class: a deck tester gets the reference card.py, a card tester the
# reference deck.py.
TESTER_FILES = ("deck.py", "card.py")


def run_tester(own_tests: OwnTests, name: str, version: Path) -> TesterRun:
    """Run the student's tester with ``version`` as ``name`` (deck.py or card.py)."""
    return _versions().run_tester(own_tests, name, version, TESTER_FILES)
