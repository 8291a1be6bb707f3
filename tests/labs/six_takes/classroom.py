"""Grading made-up classes of the 6 Takes! lab with the real engine (helpers for these tests)."""

from pathlib import Path

from tests.classroom import grade_class as grade_in
from tests.classroom import lab_rubric, write_class  # noqa: F401 - used by this lab's tests
from tests.lab_loader import ROOT

LAB_ID = "six-takes"
REFERENCE = ROOT / "reference" / LAB_ID
VARIANTS = ROOT / "buggy_variants" / LAB_ID
EXAMPLES = ROOT / "examples" / LAB_ID
STUDENT_FILES = ("takes_cards.py", "takes_table.py", "takes_turn.py", "takes_game.py", "takes_simulation.py",
                 "takes_tester.py")
GIVEN = ("card.py", "deck.py", "takes_players.py")


def reference_submission() -> dict[str, str]:
    """What a student with every file right hands in (with the given files, as a student would)."""
    return {name: (REFERENCE / name).read_text(encoding="utf-8") for name in (*GIVEN, *STUDENT_FILES)}


def grade_class(root: Path, scratch: Path, **options):
    """Grade every submission in ``root``, by default in one grading process (jobs=1): which process grades a test changes no grade, and each extra one costs a start-up."""
    return grade_in(root, scratch, lab_rubric(LAB_ID), **{"jobs": 1, **options})


def scores(results) -> dict:
    """submission -> {activity: (status, score, max)} and its total."""
    rubric = lab_rubric(LAB_ID)
    maxima = {a.id: rubric.max_points(a) for a in rubric.activities}
    return {sub.id: {"total": sub.total, "max": sub.max,
                     **{a.id: (a.status, a.score, maxima[a.id]) for a in sub.activities}}
            for sub in results.submissions}
