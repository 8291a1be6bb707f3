"""The demo class (examples/up-down-stay/) grades as its README promises."""

import pytest

from tests.labs.up_down_stay.lab_class import EXAMPLES, failed_tests

FULL = {"A1": 16, "A2": 18, "A3": 21, "A4": 18, "A5": 24, "A6": 28, "A7": 7}
# submission -> the activities that lose points (every other activity graded in full)
LOSES = {
    "ada_complete": set(),
    "cara_bugs": {"A3", "A4"},
    "dev_game_bugs": {"A2", "A5"},
    "eli_print_tester": {"A5", "A6"},
    "fay_zipped": {"A1", "A7"},
}


def test_the_readme_names_every_submission():
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for name in [*LOSES, "ben_partial"]:
        assert f"`{name}" in readme, name


@pytest.mark.parametrize("submission", list(LOSES))
def test_points_are_lost_where_the_readme_says(graded, submission):
    _, got = graded
    for activity, (status, score, top) in got[submission].items():
        assert status == "graded" and top == FULL[activity]
        if activity in LOSES[submission]:
            assert score < top, (submission, activity, score)
        else:
            assert score == top, (submission, activity, score)



def test_partial_submission_has_missing_activities(graded):
    _, got = graded
    ben = got["ben_partial"]
    assert {a: s for a, (s, _, _) in ben.items()} == {"A1": "graded", "A2": "graded", "A3": "graded",
                                                      "A4": "missing", "A5": "missing", "A6": "missing", "A7": "missing"}
    assert all(score == top for a, (status, score, top) in ben.items() if status == "graded")


def test_a_tester_that_only_prints_scores_0(graded):
    results, got = graded
    assert got["eli_print_tester"]["A6"][1] == 0
    assert "test_predictions_come_before_any_card_is_placed" in failed_tests(results, "eli_print_tester", "A5")
