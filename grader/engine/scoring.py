"""From the plugin's record of each test run (engine/records.py) to per-activity scores."""

import fnmatch
from collections import defaultdict

from grader.engine.plan import GradingPlan
from grader.results import ActivityResult, SubmissionResult, TestResult, round_points
from grader.rubric import Activity, Rubric


def score_submission(rubric: Rubric, plan: GradingPlan, sub_id: str, records: list[dict], finished: bool) -> SubmissionResult:
    sub_plan = next(s for s in plan.submissions if s.id == sub_id)
    activities = []
    for activity in rubric.activities:
        if plan.only_activities and activity.id not in plan.only_activities:
            continue
        if activity.id not in sub_plan.activities:
            activities.append(ActivityResult(activity.id, activity.title, "missing", 0.0, activity.max_points,
                                             note=sub_plan.notes.get(activity.id, "")))
            continue
        mine = [r for r in records if r["activity"] == activity.id]
        activities.append(score_activity(activity, plan, mine))
    total = round_points(sum(a.score for a in activities))
    bonus = {a.id for a in rubric.activities if a.is_bonus}
    maximum = round_points(sum(a.max for a in activities if a.id not in bonus))
    messages = [] if finished else ["grading of this submission did not finish; its results are incomplete"]
    return SubmissionResult(sub_id, "graded" if finished else "error", total, maximum, messages, activities)


def score_activity(activity: Activity, plan: GradingPlan, records: list[dict]) -> ActivityResult:
    """Each rubric entry's points are shared equally by the test runs it matches."""
    matched = [(r, e) for r in records if (e := activity.points_for(r["test"])) is not None]
    runs_per_entry: dict[str, int] = defaultdict(int)
    for _, entry in matched:
        runs_per_entry[entry.test] += 1
    tests, score = [], 0.0
    gate_closed = any(entry.gate and record["outcome"] != "passed" for record, entry in matched)
    for record, entry in matched:
        share = entry.points / runs_per_entry[entry.test]
        earned = share if record["outcome"] == "passed" and not gate_closed else 0.0
        score += earned
        tests.append(TestResult(record["name"], record["outcome"], round_points(earned), round_points(share),
                                record.get("message", ""), record.get("seed"), record.get("output", ""), entry.visibility))
    # The maximum is what the rubric says for every entry that was meant to run, so a test that
    # did not run (a crash) counts as lost points, never as a smaller maximum.
    meant = [e for e in activity.tests if e.visibility in plan.visibility and _wanted(e.test, plan)]
    hidden = [e for e in activity.tests if e.visibility not in plan.visibility]
    load_failed = bool(records) and all(r.get("load_error") for r in records)
    note = records[0]["message"] if load_failed else ""
    if gate_closed:
        gate_names = sorted({e.test for r, e in matched if e.gate and r["outcome"] != "passed"})
        note = (f"this activity scores 0 because {', '.join(gate_names)} failed: "
                "the other tests only count once that one passes")
    if meant and not records:
        # Never a silent 0: a test file the engine did not collect is the grader's fault.
        note = ("none of this activity's tests ran, so it has no score; unless grading was interrupted "
                "this is a fault in the grader, not in your work")
    return ActivityResult(
        activity.id, activity.title, "error" if load_failed or (meant and not records) else "graded",
        round_points(score), round_points(sum(e.points for e in meant)), note, tests, hidden_not_run=len(hidden),
    )


def _wanted(pattern: str, plan: GradingPlan) -> bool:
    """Whether a rubric entry is inside a --test filter (an entry is itself a name or glob)."""
    if not plan.only_tests:
        return True
    return any(fnmatch.fnmatchcase(pattern, wanted) or fnmatch.fnmatchcase(wanted, pattern) for wanted in plan.only_tests)
