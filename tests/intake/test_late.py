"""The rubric's late policy (grader/intake/late.py): parsed with errors that say the fix, and
applied only to what is known to be late, by a known amount."""

from datetime import datetime, timedelta, timezone

import pytest

from grader.intake.late import LatePolicy, LatePolicyError, compare_with_deadline, parse_policy, penalty

DAY = 86400


@pytest.mark.parametrize("raw, expected", [
    ({"per_day": "10%", "max_days": 3}, LatePolicy(0.10, 3)),
    ({"per_day": 0.25}, LatePolicy(0.25, None)),
    ({"per_day": 5}, LatePolicy(0.05, None)),  # a plain 5 is 5%, not 500%
    (None, None),
])
def test_policies_parse(raw, expected):
    assert parse_policy(raw) == expected


@pytest.mark.parametrize("raw", [{"per_day": "ten"}, {"per_day": "0%"}, {"per_day": "150%"}, {"per_day": True},
                                 {"max_days": 3}, {"per_day": "10%", "max_days": 0}, {"per_day": "10%", "max_days": 1.5},
                                 {"per_day": "10%", "cap": 3}, "10%"])
def test_malformed_policies_say_how_to_write_one(raw):
    with pytest.raises(LatePolicyError, match=r"late: \{per_day: 10%, max_days: 3\}"):
        parse_policy(raw)


@pytest.mark.parametrize("seconds, days, percent", [(1, 1, 10.0), (DAY, 1, 10.0), (DAY + 1, 2, 20.0),
                                                    (3 * DAY, 3, 30.0), (10 * DAY, 10, 30.0)])
def test_each_started_day_counts_up_to_the_cap(seconds, days, percent):
    taken = penalty(LatePolicy(0.10, 3), {"late": True, "late_seconds": seconds}, 150.0)
    assert (taken["days"], taken["percent"], taken["points"]) == (days, percent, round(150 * percent / 100, 2))


def test_nothing_is_taken_from_work_on_time_or_of_unknown_lateness():
    policy = LatePolicy(0.10, 3)
    assert penalty(policy, {"late": False}, 100.0) == {}
    assert penalty(policy, {"late": None}, 100.0) == {}
    unknown = penalty(policy, {"late": True, "late_seconds": None}, 100.0)
    assert unknown["points"] == 0 and "does not say by how much" in unknown["note"]
    unstated = penalty(None, {"late": True, "late_seconds": 5 * DAY}, 100.0)
    assert unstated["points"] == 0 and "no late penalty" in unstated["note"]


def test_a_penalty_never_takes_more_than_the_total():
    assert penalty(LatePolicy(0.5, None), {"late": True, "late_seconds": 9 * DAY}, 80.0)["points"] == 80.0


def test_times_from_a_download_are_compared_with_the_deadline():
    deadline = datetime(2026, 12, 1, 23, 59, tzinfo=timezone(timedelta(hours=-5)))
    on_time = {"lms": "gradescope", "submitted_at": "2026-12-01T23:58:00-05:00", "late": None}
    late = {"lms": "gradescope", "submitted_at": "2026-12-02T06:00:00+01:00", "late": None}  # 00:00 in the deadline's zone
    local = {"lms": "blackboard", "submitted_at": "2026-12-02T00:30:00", "late": None}  # no zone: read in the deadline's
    for identity in (on_time, late, local):
        compare_with_deadline(identity, deadline)
    assert (on_time["late"], on_time["late_seconds"]) == (False, None)
    assert (late["late"], late["late_seconds"]) == (True, 60)
    assert (local["late"], local["late_seconds"]) == (True, 31 * 60)


def test_repositories_and_downloads_without_times_are_left_as_their_reader_said():
    deadline = datetime(2026, 12, 1, tzinfo=timezone.utc)
    canvas = {"lms": "canvas", "submitted_at": "", "late": True}
    repo = {"lms": "classroom", "submitted_at": "2026-12-05T00:00:00+00:00", "late": False}
    compare_with_deadline(canvas, deadline)
    compare_with_deadline(repo, deadline)
    assert canvas["late"] is True and repo["late"] is False


def test_a_rubric_states_its_policy_and_a_bad_one_is_a_rubric_error():
    import yaml

    from grader.lab.rubric import RubricError, parse_rubric
    from tests.lab_loader import ROOT

    data = yaml.safe_load((ROOT / "rubrics" / "elevens.yaml").read_text(encoding="utf-8"))
    assert parse_rubric({**data, "late": {"per_day": "10%", "max_days": 3}}).late == LatePolicy(0.10, 3)
    assert parse_rubric(data).late is None
    with pytest.raises(RubricError, match="rubric error at late"):
        parse_rubric({**data, "late": {"per_day": "lots"}})
