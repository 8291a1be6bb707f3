"""What the Elevens lab adds to a student's `grader check`: when a test of an activity that
grades deck.py failed, the diagnosis of their Deck (what is wrong, and the likely mechanism)."""

from pathlib import Path

import click
from grader_labs.elevens.diagnosis import diagnose_deck
from grader_labs.elevens.diagnosis.printing import print_diagnosis


def offer_diagnosis(rubric, result, folder: Path, shown_as: Path) -> None:
    deck = folder / "deck.py"
    failed = any(t.outcome != "passed" and not t.advisory for a in result.activities
                 if "deck.py" in rubric.activity(a.id).files for t in a.tests)
    if failed and deck.is_file():
        click.echo("")
        print_diagnosis(shown_as / "deck.py", diagnose_deck(deck))
