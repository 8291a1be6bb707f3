"""The Elevens grades of every shipped and demo submission, frozen: moving the lab into a package
of its own (or any later refactoring) must not change one of them.

The class: the reference as a student, the demo students, and every shipped wrong class (the
Buggy decks and cards, and every mutant) handed in alone. Refresh after an intended change of
grading with ``ELEVENS_UPDATE_GOLDEN=1 python -m pytest tests/labs/test_elevens_golden.py``
and read the diff.
"""

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.classroom import grade_class, reference_submission, write_class
from tests.lab_loader import ROOT

GOLDEN = Path(__file__).parent / "golden" / "elevens_grades.json"


def build_class(root: Path) -> None:
    write_class(root, {"reference": reference_submission()})
    demo = ROOT / "examples" / "elevens"
    for entry in demo.iterdir():
        if entry.is_dir():
            shutil.copytree(entry, root / entry.name)
        elif entry.suffix == ".zip":
            shutil.copyfile(entry, root / entry.name)
    variants = ROOT / "buggy_variants" / "elevens"
    for folder in sorted(p for p in variants.iterdir() if p.is_dir() and p.name not in ("mutants", "__pycache__")):
        for file in folder.glob("*.py"):
            write_class(root, {f"{folder.name}-{file.stem}": {file.name: file.read_text(encoding="utf-8")}})
    for mutant in sorted((variants / "mutants").glob("*-*.py")):
        name = mutant.stem.split("-")[0] + ".py"  # deck-007.py is a deck.py
        write_class(root, {mutant.stem: {name: mutant.read_text(encoding="utf-8")}})


def grades(results) -> dict:
    return {sub.id: {"status": sub.status, "total": sub.total, "max": sub.max, "bonus": sub.bonus,
                     **{a.id: [a.status, a.score] for a in sub.activities}}
            for sub in results.submissions}


pytestmark = pytest.mark.skipif(not (ROOT / "reference").is_dir(), reason="needs the repository's lab folders")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("golden")
    build_class(root / "class")
    (root / "work").mkdir()
    return root / "class", grade_class(root / "class", root / "work")


def test_every_shipped_and_demo_submission_keeps_its_grade(graded):
    got = grades(graded[1])
    if os.environ.get("ELEVENS_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert got == json.loads(GOLDEN.read_text(encoding="utf-8"))
