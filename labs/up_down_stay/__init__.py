"""The Up/Down/Stay lab: a card game where players predict the ups, downs and stays of a row.

Its files are the bundled lab folders (``reference/up-down-stay/``, ...); its suites are in
``suites/``; its trusted helpers beside them: the statistical checks and their sample sizes
(checks.py), the wrong versions a student's tester must catch (variants.py) and the
handout (handout.py).
docs/labs/up-down-stay.md is the handout and grading contract.
"""

from pathlib import Path

from grader.lab.assets import bundled_lab


def _handout(out: Path) -> list[Path]:
    from grader_labs.up_down_stay.handout import write_handout

    return write_handout(out)


LAB = bundled_lab(
    "up-down-stay",
    "Up/Down/Stay (card game lab)",
    __file__,
    spec="labs/up-down-stay.md",
    handout=_handout,
    mutation="grader_labs.up_down_stay.mutation",
)
