"""The lab graded by the real engine: the reference and a second correct version score full
marks; each named buggy variant (packs.md section 1.4), handed in alone with the reference
everywhere else, loses points in its own activity and nowhere else; and the wrong versions the
statistical checks are sized against fail those checks.

A6's full marks on the reference submission also prove that the reference tester accepts the
reference and the second correct version, catches all nine buggy variants and kills every live
curated mutant.
"""

import pytest

from tests.classroom import staged
from tests.labs.up_down_stay.lab_class import (
    ACTIVITY_OF,
    BUGGY,
    STATISTICAL,
    failed_tests,
    grading_activities,
    one_file_changed,
    reference_submission,
    rubric,
    write_class,
)


@pytest.mark.parametrize("submission", ["reference", "Correct"])
def test_correct_versions_get_full_marks(graded, submission):
    _, got = graded
    for activity, (status, score, top) in got[submission].items():
        if (submission, activity) == ("Correct", "A6"):
            assert status == "missing"  # handed in without a tester (conftest.py)
        else:
            assert (status, score) == ("graded", top), (submission, activity, status, score, top)


@pytest.mark.parametrize("variant", list(BUGGY))
def test_each_buggy_variant_loses_points_in_its_own_activity_only(graded, variant):
    _, got = graded
    own = ACTIVITY_OF[BUGGY[variant]]
    # Graded in its own activity and A6 only (conftest.py: every other activity holds the
    # reference's files, test_a_changed_file_reaches_only_its_own_activities, so it scores what
    # the reference scores there, full marks).
    assert set(got[variant]) == {own, "A6"}, got[variant]
    for activity, (status, score, top) in got[variant].items():
        if activity == "A6":
            assert status == "missing"  # handed in without a tester (conftest.py)
        elif activity == own:
            assert score < top, f"{variant} got full marks in {activity}"
        else:
            assert score == top, f"{variant} lost points in {activity} ({score}/{top}), not its own activity {own}"


@pytest.mark.parametrize("wrong", list(STATISTICAL))
def test_statistical_checks_fail_their_wrong_versions(graded_statistical, wrong):
    results, _ = graded_statistical
    name, _, test = STATISTICAL[wrong]
    assert test in failed_tests(results, wrong, ACTIVITY_OF[name]), f"{wrong} passed {test}"


def test_raggeddeal_fails_both_dealing_statistics(graded):
    results, _ = graded
    failed = failed_tests(results, "RaggedDeal", "A2")
    assert {"test_the_card_left_over_is_any_card_equally_often", "test_a_card_reaches_seat_0_with_probability_17_in_52"} <= failed


def test_the_untouched_starter_is_not_started_and_scores_nothing(graded):
    _, got = graded
    assert {a: (status, score) for a, (status, score, _) in got["starter"].items()} == {
        a: ("not_started", 0) for a in ("A1", "A2", "A3", "A4", "A5", "A6", "A7")}


def test_a_begun_starter_grades_cleanly_and_scores_nothing_but_its_example_test(graded):
    # Every activity runs (no grader errors); only the starter tester's one example check
    # (changes of [1, 13]) catches anything: FlippedSign, FencePost and some changes mutants.
    # Kept by a student who has added to the tester, it counts as theirs.
    _, got = graded
    assert all(status == "graded" for status, _, _ in got["starter_begun"].values())
    assert {a: score for a, (_, score, _) in got["starter_begun"].items() if a != "A6"} == {
        "A1": 0, "A2": 0, "A3": 0, "A4": 0, "A5": 0, "A7": 0}
    assert 0 < got["starter_begun"]["A6"][1] < 6  # 2 buggy variants (4 points) and a few changes mutants


@pytest.mark.parametrize("submission", [*BUGGY, "pytest_style_tester"])
def test_a_changed_file_reaches_only_its_own_activities(tmp_path, submission):
    """Why conftest.py grades each copy of the reference with one file changed only in the
    activities that grade that file: every other activity's sandbox holds the reference's bytes."""
    groups = one_file_changed()
    activities, files = next((a, g[submission]) for a, g in groups.items() if submission in g)
    reference = reference_submission()
    write_class(tmp_path, {"reference": reference, "changed": files})
    changed = [name for name in {*reference, *files} if reference.get(name) != files.get(name)]
    assert set(activities) >= {a for name in changed for a in grading_activities(name) if name in files}
    for activity in rubric().activities:
        if activity.id not in activities:
            assert staged(rubric(), tmp_path / "changed", activity.id) == staged(rubric(), tmp_path / "reference", activity.id) is not None, (submission, activity.id)


def test_a_pytest_style_tester_named_test_uds_is_graded_too(graded):
    _, got = graded
    assert got["pytest_style_tester"]["A6"] == ("graded", 28, 28)
