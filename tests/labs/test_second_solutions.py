"""A second solution of Up/Down/Stay and of 6 Takes!, written from each handout alone, gets full
marks (issue 24, point 9): the checks use only what the handout promises.

The solutions are test data under tests/labs/<lab>/second_solution/, in another style than the
reference: the 6 Takes! Game keeps its state private behind read-only properties that return
copies (``piles`` included), deals one card to each seat in turn, and its simulation tells a
rule-4 take from the picks instead of counting ``choose_row`` calls; the Up/Down/Stay deal
splits one dealt list by seat and its matching slides a window. Nothing students receive holds
them: they are not in reference/, starter/ or buggy_variants/, which is all a handout or a kit
is built from.
"""

import re
from pathlib import Path

import pytest

from tests.classroom import grade_class, lab_rubric, write_class
from tests.lab_loader import ROOT

HERE = Path(__file__).parent
# lab id -> (folder of its second solution, the files the lab gives students unchanged)
LABS = {
    "up-down-stay": (HERE / "up_down_stay" / "second_solution", ("card.py", "deck.py", "uds_players.py")),
    "six-takes": (HERE / "six_takes" / "second_solution", ("card.py", "deck.py", "takes_players.py")),
}


def submission(lab: str) -> dict[str, str]:
    folder, given = LABS[lab]
    files = {name: (ROOT / "starter" / lab / name).read_text(encoding="utf-8") for name in given}
    files.update({path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.py"))})
    return files


@pytest.mark.parametrize("lab", list(LABS))
def test_a_second_solution_written_from_the_handout_gets_full_marks(lab, tmp_path):
    rubric = lab_rubric(lab)
    # One grading process (jobs=1): which process grades a test changes no grade.
    results = grade_class(write_class(tmp_path / "class", {"second": submission(lab)}), tmp_path / "work", rubric, jobs=1)
    (sub,) = results.submissions
    lost = {a.id: (a.status, a.score, a.max, [t.name for t in a.tests if t.outcome != "passed"])
            for a in sub.activities if a.score != a.max or a.status != "graded"}
    assert not lost, lost
    assert sub.total == sub.max == rubric.total_max > 0


@pytest.mark.parametrize("lab", list(LABS))
def test_no_second_solution_file_is_in_what_students_receive(lab):
    folder, _ = LABS[lab]
    shipped = [path for kind in ("reference", "starter", "buggy_variants") for path in (ROOT / kind / lab).rglob("*.py")]
    ours = {path.read_text(encoding="utf-8") for path in folder.glob("*.py")}
    assert ours and not any(path.read_text(encoding="utf-8") in ours for path in shipped)


def test_the_six_takes_game_shows_its_piles_through_a_read_only_property():
    text = (LABS["six-takes"][0] / "takes_game.py").read_text(encoding="utf-8")
    assert re.search(r"@property\n    def piles\(self\)", text) and "piles.setter" not in text
    assert "self.piles" not in text
