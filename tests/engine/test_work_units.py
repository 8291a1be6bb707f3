"""Sharing the work between grading processes: balanced, and never changing a grade."""

import json
from pathlib import Path

from grader.engine.batch import GradeOptions, grade
from grader.engine.planning import plan_submission
from grader.engine.work_units import assign, cost, work_units
from grader.intake.class_folder import find_submissions
from tests.classroom import elevens_rubric, reference_submission, write_class


def plans_for(tmp_path: Path, count: int):
    root = write_class(tmp_path / "class", {f"s{i}": reference_submission() for i in range(count)})
    rubric = elevens_rubric()
    return rubric, [plan_submission(rubric, f"s{i}", root / f"s{i}") for i in range(count)]


def test_one_submission_is_split_by_activity_across_the_processes(tmp_path):
    rubric, plans = plans_for(tmp_path, 1)
    units = work_units(rubric, plans, 2)
    assert len(units) == 2 and len({u.key for u in units}) == 2
    assert sorted(a for u in units for a in u.activities) == sorted(plans[0].activities)
    shards = assign(rubric, units, 2)
    loads = [sum(cost(rubric, u) for u in shard) for shard in shards]
    assert all(len(shard) == 1 for shard in shards) and max(loads) <= 1.5 * min(loads)


def test_a_class_is_not_split_and_is_balanced_by_cost(tmp_path):
    rubric, plans = plans_for(tmp_path, 5)
    plans[0].activities = {k: v for k, v in list(plans[0].activities.items())[:2]}  # a light one
    units = work_units(rubric, plans, 2)
    assert units == plans
    shards = assign(rubric, units, 2)
    assert sorted(u.id for shard in shards for u in shard) == sorted(p.id for p in plans)
    loads = [sum(cost(rubric, u) for u in shard) for shard in shards]
    assert max(loads) - min(loads) <= max(cost(rubric, p) for p in plans)


def test_a_split_submission_gets_the_same_results_as_an_unsplit_one(tmp_path):
    root = write_class(tmp_path / "class", {"ann": reference_submission()})
    runs = []
    for jobs in (1, 2):
        work = tmp_path / f"work{jobs}"
        found = find_submissions(root, work)
        results = grade(elevens_rubric(), found, GradeOptions(jobs=jobs, only_activities=["A1", "A2", "A6", "A8"]), work)
        data = results.to_dict()
        for activity in data["submissions"][0]["activities"]:
            for test in activity["tests"]:
                test.pop("duration")
        runs.append(json.dumps(data, sort_keys=True))
    assert runs[0] == runs[1]
