"""The grader's own Card and Deck suites are held to the bar they set for students' testers:
every live mutant of the reference must lose points in A1 (card) or A2/A4 (deck)."""

import pytest
from grader_labs.elevens.files import lab_file as asset_path
from grader_labs.elevens.variants import mutants

from tests.classroom import grade_class, reference_text, write_class

LIVE = [m for m in mutants() if m["status"] == "live"]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    subs = {}
    for mutant in LIVE:
        text = asset_path("buggy_variants", f"mutants/{mutant['id']}.py").read_text(encoding="utf-8")
        other = "card.py" if mutant["file"] == "deck.py" else "deck.py"
        subs[mutant["id"]] = {mutant["file"]: text, other: reference_text(other)}
    root = write_class(tmp_path_factory.mktemp("class"), subs)
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A1", "A2", "A4"])


def test_there_are_live_mutants_of_both_files():
    assert {m["file"] for m in LIVE} == {"deck.py", "card.py"} and len(LIVE) >= 20


@pytest.mark.parametrize("mutant", [m["id"] for m in LIVE])
def test_every_live_mutant_loses_points_in_its_own_activity(graded, mutant):
    owner = {"card.py": {"A1"}, "deck.py": {"A2", "A4"}}[next(m["file"] for m in LIVE if m["id"] == mutant)]
    lost = {a.id for a in graded.submission(mutant).activities if a.score < a.max}
    assert lost & owner, f"{mutant} survived the grader's own suites"
