"""The grader's own Card and Deck suites are held to the bar they set for students' testers:
every live mutant of the reference must lose points in A1 (card) or A2/A4 (deck)."""

import pytest
from grader_labs.elevens.files import lab_file as asset_path
from grader_labs.elevens.variants import mutants

from tests.classroom import grade_class, merged_results, reference_text, write_class

LIVE = [m for m in mutants() if m["status"] == "live"]


# The activities that grade each file: the only ones a test below reads for its mutants.
OWNER = {"card.py": ["A1"], "deck.py": ["A2", "A4"]}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Each mutant graded in its own file's activities only (one grading per file): those are
    all its test reads, and the others hold the reference's copy of that file anyway."""
    parts = []
    for file, activities in OWNER.items():
        subs = {}
        for mutant in (m for m in LIVE if m["file"] == file):
            text = asset_path("buggy_variants", f"mutants/{mutant['id']}.py").read_text(encoding="utf-8")
            other = "card.py" if mutant["file"] == "deck.py" else "deck.py"
            subs[mutant["id"]] = {mutant["file"]: text, other: reference_text(other)}
        root = write_class(tmp_path_factory.mktemp("class"), subs)
        parts.append(grade_class(root, tmp_path_factory.mktemp("work"), only_activities=activities, jobs=1))
    return merged_results(parts)


def test_there_are_live_mutants_of_both_files():
    assert {m["file"] for m in LIVE} == {"deck.py", "card.py"} and len(LIVE) >= 20


@pytest.mark.parametrize("mutant", [m["id"] for m in LIVE])
def test_every_live_mutant_loses_points_in_its_own_activity(graded, mutant):
    owner = set(OWNER[next(m["file"] for m in LIVE if m["id"] == mutant)])
    lost = {a.id for a in graded.submission(mutant).activities if a.score < a.max}
    assert lost & owner, f"{mutant} survived the grader's own suites"
