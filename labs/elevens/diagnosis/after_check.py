"""What the Elevens lab adds to a student's `grader check` (when a test of an activity that
grades deck.py failed: the diagnosis of their Deck, what is wrong and the likely mechanism), and
to the class page of `grader grade` (the same diagnosis, as the named causes a teacher reads)."""

from pathlib import Path

import click
from grader_labs.elevens.diagnosis import diagnose_deck
from grader_labs.elevens.diagnosis.findings import METHODS
from grader_labs.elevens.diagnosis.printing import print_diagnosis


def offer_diagnosis(rubric, result, folder: Path, shown_as: Path) -> None:
    deck = deck_file(result, folder)
    if deck_failed(rubric, result) and deck is not None:
        click.echo("")
        print_diagnosis(shown_as / deck.name, diagnose_deck(deck))


def name_causes(rubric, result, folder: Path) -> list[str]:
    """The likely causes the Deck diagnosis names for a student whose Deck failed a test, in a
    teacher's words ("deal(): the count is lowered before the empty check, ..."); methods not
    written yet and files that do not load are not causes (the class page shows those)."""
    deck = deck_file(result, folder)
    if not deck_failed(rubric, result) or deck is None:
        return []
    return [f"{_called(finding.method)}: {finding.likely}" for finding in diagnose_deck(deck)
            if finding.method in METHODS and not finding.unwritten]


def deck_failed(rubric, result) -> bool:
    """Whether a test that counts failed in an activity that grades deck.py."""
    return any(t.outcome != "passed" and not t.advisory for a in result.activities
               if a.status == "graded" and "deck.py" in rubric.activity(a.id).files for t in a.tests)


def deck_file(result, folder: Path) -> Path | None:
    """The student's deck.py, or the file graded as deck.py (Deck.py), if there is one."""
    names = {given for a in result.activities for name, given in a.renamed.items() if name == "deck.py"}
    for name in ("deck.py", *sorted(names)):
        if (folder / name).is_file() and not (folder / name).is_symlink():
            return folder / name
    return None


def _called(method: str) -> str:
    return "the constructor" if method == "constructor" else f"{method}()"
