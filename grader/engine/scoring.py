"""From the plugin's record of each test run (engine/records.py) to per-activity scores.

A record says which test ran, how it ended, and which of its rubric entry's runs it was
(``run`` of ``runs``), so an entry's points are shared the same way whether every run took
place or a filtered replay ran only one of them.
"""

from grader.engine.given_own import activity_notes, note_given_own
from grader.engine.plan import GradingPlan, SubmissionPlan
from grader.engine.planning import rename_note
from grader.engine.test_filter import entry_wanted
from grader.kit.edition import is_kit
from grader.kit.own_files import wait_for_owners
from grader.kit.teacher_checks import set_aside as set_aside_teacher_checks
from grader.results.replay import ReplayTarget, replay_command
from grader.results.model import (
    ActivityResult,
    SubmissionResult,
    TestResult,
    round_points,
    split_points,
)
from grader.lab.rubric import Activity, Rubric, TestPoints

GRADER_FAULT = ("none of this activity's tests ran, so it has no score; unless grading was interrupted "
                "this is a fault in the grader, not in the student's work")


def score_submission(rubric: Rubric, plan: GradingPlan, sub_id: str, records: list[dict], finished: bool,
                     replay: ReplayTarget | None = None) -> SubmissionResult:
    """``replay``: how replay commands name this submission (default: ``.``)."""
    sub_plan = next(s for s in plan.submissions if s.id == sub_id)
    replay = replay or ReplayTarget()
    activities = []
    for activity in rubric.activities:
        if plan.only_activities and activity.id not in plan.only_activities:
            continue
        if plan.only_tests and not any(_wanted(entry.test, plan) for entry in activity.tests):
            continue  # a replay of one test says nothing about the other activities
        if activity.id not in sub_plan.activities:
            status = ("waiting" if activity.id in sub_plan.waiting else
                      "not_started" if activity.id in sub_plan.not_started else "missing")
            result = ActivityResult(activity.id, activity.title, status, 0.0, _planned_max(rubric, activity, plan),
                                    note=sub_plan.notes.get(activity.id, ""), bonus=activity.is_bonus)
        else:
            mine = [r for r in records if r["activity"] == activity.id]
            planned = sub_plan.activities[activity.id]
            result = score_activity(rubric, activity, plan, mine, replay, planned.outside_contract, planned.contract_note)
        activities.append(_named(rubric, sub_plan, result))
    activity_notes(activities, records)  # how a Java activity was graded (grader/java/program.py)
    note_given_own(rubric, activities, records)  # a given class graded in the student's version
    if is_kit() and not plan.only_tests:  # a kit's activity waits for the ones whose files it uses
        wait_for_owners(rubric, activities, {k: a.imported for k, a in sub_plan.activities.items()}, records)
    if is_kit():  # questions whose answers a kit cannot hold: their points are the teacher's
        set_aside_teacher_checks(activities)
    counted = [a for a in activities if not a.bonus]
    extra = [a for a in activities if a.bonus]
    messages = [] if finished else ["the grader did not finish this submission, so its results are incomplete; "
                                    "this is not the student's fault: grade it again (grader grade --resume)"]
    failed = not finished or any(a.status == "grader_error" for a in activities)
    return SubmissionResult(
        sub_id, "grader_error" if failed else "graded",
        round_points(sum(a.score for a in counted)), round_points(sum(a.max for a in counted)), messages, activities,
        bonus=round_points(sum(a.score for a in extra)), bonus_max=round_points(sum(a.max for a in extra)),
        language=sub_plan.language,
    )


def score_activity(rubric: Rubric, activity: Activity, plan: GradingPlan, records: list[dict],
                   replay: ReplayTarget | None = None, outside: list[str] | tuple[str, ...] = (),
                   contract_note: str = "") -> ActivityResult:
    """Each rubric entry's points are shared by its runs, in hundredths that add up exactly.

    ``outside``: the entries outside the student's contract (grader/java/contract.py): they run
    and are reported as advisory, and their points are shared by the activity's other entries
    (``contract_points``)."""
    replay = replay or ReplayTarget()
    matched = [(r, e) for r in records if (e := activity.points_for(r["test"])) is not None]
    gate_closed = any(entry.gate and record["outcome"] != "passed" for record, entry in matched)
    # Shared among what this grading can score (the kit sees public tests only); a replay shares
    # them as the full grading did, so one replayed test is worth what it was worth there.
    worth = contract_points([e for e in activity.tests if rubric.counts(e) and e.visibility in plan.visibility], outside)
    tests, score = [], 0.0
    for record, entry in matched:
        share = _share(rubric, entry, record, worth)
        earned = share if record["outcome"] == "passed" and not gate_closed else 0.0
        score += earned
        tests.append(TestResult(
            record["name"], record["outcome"], round_points(earned), round_points(share), writable(record.get("message", "")),
            record.get("seed"), writable(record.get("output", "")), entry.visibility, advisory=entry.advisory or entry.test in outside,
            replay=replay_command(activity.id, record["name"], hidden=entry.visibility == "hidden", base_seed=plan.base_seed,
                                  rubric="" if rubric.is_default else rubric.source, folder=replay.folder, lab=replay.lab,
                                  extra=replay.extra),
            duration=record.get("duration", 0.0), file=record.get("file", ""), line=record.get("line"),
        ))
    hidden = [e for e in activity.tests if e.visibility not in plan.visibility]
    if plan.only_tests:
        # A replay: the maximum is what the runs that were asked for are worth.
        maximum = sum(t.max_points for t in tests)
    else:
        # The rubric's points for every entry meant to run, so a test that did not run (a crash)
        # counts as lost points, never as a smaller maximum.
        maximum = _planned_max(rubric, activity, plan)
    meant = [e for e in activity.tests if e.visibility in plan.visibility and _wanted(e.test, plan) and e.test not in outside]
    load_failed = bool(records) and all(r.get("load_error") for r in records)
    status, note = "graded", ""
    if load_failed:
        status, note = "not_loaded", writable(records[0]["message"])
    elif any(r["outcome"] == "grader_error" for r in records) or (meant and not records):
        status = "grader_error"
        note = GRADER_FAULT if not records else "the grader failed on some of this activity's tests; its score is incomplete"
    elif gate_closed:
        gate_names = sorted({e.test for r, e in matched if e.gate and r["outcome"] != "passed"})
        note = (f"this activity scores 0 because {', '.join(gate_names)} failed: "
                "the other tests only count once that one passes")
    if contract_note and status == "graded":
        note = f"{note} {contract_note}".strip()
    return ActivityResult(activity.id, activity.title, status, round_points(score), round_points(maximum), note, tests,
                          hidden_not_run=len(hidden), bonus=activity.is_bonus)


def _named(rubric: Rubric, sub_plan: SubmissionPlan, result: ActivityResult) -> ActivityResult:
    """An activity graded from a file named otherwise (Widget.py for widget.py): the note says so
    first, and the rubric's ``misnamed_deduction`` comes off its score (never below 0)."""
    renamed = sub_plan.renamed.get(result.id, {})
    if not renamed:
        return result
    taken = min(rubric.misnamed_deduction, result.score) if result.status == "graded" else 0.0
    result.renamed = dict(renamed)
    result.score = round_points(result.score - taken)
    result.note = rename_note(renamed, taken, sub_plan.misnamed_imports) + (f" {result.note}" if result.note else "")
    return result


def writable(text: str) -> str:
    """Text from student code that every report can write as UTF-8: a lone surrogate (a student
    can raise ValueError("\\ud800")) is shown as its escape instead of breaking the writer."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _share(rubric: Rubric, entry: TestPoints, record: dict, worth: dict[str, float]) -> float:
    if not rubric.counts(entry):
        return 0.0
    runs, index = record.get("runs", 1), record.get("run", 0)
    return split_points(worth.get(entry.test, entry.points), runs)[min(index, runs - 1)]


def contract_points(entries: list[TestPoints], outside: list[str] | tuple[str, ...]) -> dict[str, float]:
    """Each counted entry's points once the entries ``outside`` the student's contract are left
    out: theirs shared by the others in proportion to their own points, in hundredths that add up
    to the activity's total exactly (largest remainders first, ties in the rubric's order). The
    activity is worth the same for every student, whichever handout they followed."""
    kept = [e for e in entries if e.test not in outside]
    if not outside or not kept or len(kept) == len(entries):
        return {e.test: e.points for e in entries}
    total = round(sum(e.points for e in entries) * 100)
    base = sum(e.points for e in kept)
    exact = [e.points * total / base for e in kept]
    cents = [int(x) for x in exact]
    by_remainder = sorted(range(len(kept)), key=lambda i: (-(exact[i] - cents[i]), i))
    for i in by_remainder[:total - sum(cents)]:
        cents[i] += 1
    return {**{e.test: 0.0 for e in entries}, **{e.test: c / 100 for e, c in zip(kept, cents)}}


def _planned_max(rubric: Rubric, activity: Activity, plan: GradingPlan) -> float:
    return sum(e.points for e in activity.tests if e.visibility in plan.visibility and rubric.counts(e) and _wanted(e.test, plan))


def _wanted(entry_pattern: str, plan: GradingPlan) -> bool:
    """Whether a rubric entry is inside a --test filter. A filter is a test name, a glob, or one
    parametrized run (``test_rank[ace-hearts-1]``), which wants the entry of its test."""
    if not plan.only_tests:
        return True
    return any(entry_wanted(entry_pattern, wanted) for wanted in plan.only_tests)
