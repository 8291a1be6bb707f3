"""The 6 Takes! lab graded by the real engine: the reference handed in by a student gets full
marks; each named buggy version handed in alone (reference everywhere else) loses points in its
own activity and nowhere else; the second correct versions lose nothing; the untouched starter is not started
and scores 0, and the starter with one line added grades to 0 without a grader error. The reference's own A5 score proves its tester accepts every correct
version and catches every buggy one."""

import pytest
import yaml

from tests.classroom import staged
from tests.lab_loader import ROOT
from tests.labs.six_takes.classroom import LAB_ID, VARIANTS, lab_rubric, reference_submission, write_class
from tests.labs.six_takes.whole_class import ACTIVITY_OF_FILE, activities_of, changed_copies, variant_entries

pytestmark = pytest.mark.skipif(not (ROOT / "reference" / "six-takes").is_dir(), reason="needs the lab folders")
ACTIVITIES = ("A1", "A2", "A3", "A4", "A5", "A6")


def test_every_named_bug_is_shipped():
    assert [v for v, _ in variant_entries()] == ["Bull55", "AbsClosest", "TakeAtFifth", "SixthTaken", "SeatOrder",
                                                 "StaleRows", "RowZeroAlways", "PileInHand", "StartersFromDeck",
                                                 "HighestWins"]


def test_reference_gets_full_marks(graded):
    got = graded["reference"]
    assert got["total"] == got["max"] == 119, got
    for activity in ACTIVITIES:
        status, score, top = got[activity]
        assert status == "graded" and score == top > 0, (activity, got[activity])


def test_second_correct_versions_get_full_marks(graded):
    # Graded in A1-A4, whose files it changes; A5 and A6 stage the reference's bytes for it
    # (test_a_changed_copy_reaches_only_the_activities_it_is_graded_in), so they score what
    # the reference scores there, full marks.
    got = graded["Correct"]
    assert [a for a in ACTIVITIES if a in got] == ["A1", "A2", "A3", "A4"], got
    for activity in ("A1", "A2", "A3", "A4"):
        status, score, top = got[activity]
        assert status == "graded" and score == top > 0, (activity, got[activity])


@pytest.mark.parametrize("variant, name", variant_entries())
def test_each_bug_costs_points_in_its_own_activity_only(graded, variant, name):
    got = graded[variant]
    own = ACTIVITY_OF_FILE[name]
    # Graded in its own activity only: every other one stages the reference's bytes for it
    # (test_a_changed_copy_reaches_only_the_activities_it_is_graded_in), so it scores there
    # what the reference scores, full marks (test_reference_gets_full_marks).
    assert [a for a in ACTIVITIES if a in got] == [own], got
    for activity in [own]:
        status, score, top = got[activity]
        assert status == "graded", (variant, activity, status)
        if activity == own:
            assert score < top, (variant, activity, score)
        else:
            assert score == top, (variant, activity, score, top)


@pytest.mark.parametrize("sub_id", list(changed_copies()))
def test_a_changed_copy_reaches_only_the_activities_it_is_graded_in(tmp_path, sub_id):
    """Why conftest.py grades the copies of the reference with some files changed only in the
    activities that grade those files: every other activity's sandbox holds the reference's bytes."""
    files = changed_copies()[sub_id]
    graded_in = activities_of(files)
    assert graded_in, sub_id
    write_class(tmp_path, {"reference": reference_submission(), "changed": files})
    rubric = lab_rubric(LAB_ID)
    for activity in ACTIVITIES:
        if activity not in graded_in:
            assert staged(rubric, tmp_path / "changed", activity) == staged(rubric, tmp_path / "reference", activity) is not None, (sub_id, activity)


def test_reference_tester_accepts_correct_versions_catches_every_bug_and_kills_every_mutant(graded):
    # A5 is gated on accepting the reference and every second correct file, then pays for each
    # named bug caught and each live mutant killed: full marks means all of it.
    status, score, top = graded["reference"]["A5"]
    assert status == "graded" and score == top == 26


def test_the_untouched_starter_is_not_started_and_scores_zero(graded):
    got = graded["starter"]
    assert got["total"] == 0, got
    for activity in ACTIVITIES:
        assert got[activity][0] == "not_started", (activity, got[activity])


def test_a_begun_starter_grades_to_zero_without_grader_errors(graded):
    got = graded["starter_begun"]
    assert got["total"] == 0, got
    for activity in ACTIVITIES:
        assert got[activity][0] == "graded", (activity, got[activity])


def test_every_live_mutant_has_a_file_and_a_behaviour():
    index = yaml.safe_load((VARIANTS / "mutants" / "index.yaml").read_text(encoding="utf-8"))
    live = [m for m in index if m["status"] == "live"]
    assert len(live) == 36
    for mutant in live:
        assert (VARIANTS / "mutants" / f"{mutant['id']}.py").is_file(), mutant["id"]
        assert mutant["file"] in ("takes_table.py", "takes_turn.py")
        assert mutant.get("behaviour"), mutant["id"]


def test_no_mutant_hint_quotes_the_reference():
    # A hint describes what the mutant does, never its code: no line of the reference files and
    # no name only the reference's code uses.
    lines = {line.strip() for name in ("takes_table.py", "takes_turn.py")
             for line in (ROOT / "reference" / "six-takes" / name).read_text(encoding="utf-8").splitlines()
             if len(line.strip()) > 10}
    index = yaml.safe_load((VARIANTS / "mutants" / "index.yaml").read_text(encoding="utf-8"))
    for mutant in (m for m in index if m["status"] == "live"):
        behaviour = mutant["behaviour"]
        assert behaviour.endswith(".") and len(behaviour) > 20, mutant["id"]
        assert not any(line in behaviour for line in lines), mutant["id"]
        assert not any(name in behaviour for name in ("self.", "_rows", "FULL", "max(")), mutant["id"]
