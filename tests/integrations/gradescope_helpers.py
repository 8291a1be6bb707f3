"""Shared by the Gradescope and PrairieLearn tests: a rubric of two activities (A1 Card, A2
Deck) so that each grading run is quick, and the submissions the tests hand in."""

from pathlib import Path

import yaml

from tests.classroom import card_with, reference_text
from tests.lab_loader import ROOT

ACTIVITIES = ("A1", "A2")
NOT_PYTHON = "def broken(:\n    pass\n"
# Prints who runs it, every time a test asks a card for its rank.
CARD_SAYING_WHO = card_with({"        return self._rank\n":
                             "        import os\n        print('uid', os.getuid())\n        return self._rank\n"})
BUGGY_CARD = card_with({'        return f"{self._rank} of {self._suit} (point value = {self._point_value})"':
                        '        return f"{self._rank} of {self._suit}"'})


def write_small_rubric(path: Path) -> Path:
    """The lab's rubric with only A1 and A2: 15 + 20 points, one hidden test in A1, two in A2."""
    data = yaml.safe_load((ROOT / "rubrics" / "elevens.yaml").read_text(encoding="utf-8"))
    data["activities"] = [a for a in data["activities"] if a["id"] in ACTIVITIES]
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def submission_files(kind: str) -> dict[str, str]:
    """correct, buggy (A1's __str__ wrong), not_importing (card.py a syntax error), broken (both
    files), empty."""
    return {
        "correct": {"card.py": reference_text("card.py"), "deck.py": reference_text("deck.py")},
        "buggy": {"card.py": BUGGY_CARD, "deck.py": reference_text("deck.py")},
        "not_importing": {"card.py": NOT_PYTHON, "deck.py": reference_text("deck.py")},
        "broken": {"card.py": NOT_PYTHON, "deck.py": NOT_PYTHON},
        "empty": {},
    }[kind]


def write_files(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder
