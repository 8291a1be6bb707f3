"""The ``result`` a grading step hands to GitHub Classroom's reporter action.

classroom-resources/autograding-grading-reporter reads, for each step id listed in its
``runners`` input, the environment variable ``<ID IN UPPER CASE>_RESULTS``: base64 of a JSON
object ``{"version": 1, "status", "max_score", "tests": [...]}``. What it does with it (read in
its src/notify-classroom.js, src/helpers/test-helpers.js and src/main.js):

- the points Classroom records are the sum of every test's ``score`` over every runner whose
  ``max_score`` is not 0, out of the sum of those ``max_score``s;
- a runner whose ``status`` is ``"fail"`` or ``"error"`` marks the whole job as failed (a red
  cross), even when the points are recorded;
- its log prints each test's name, ``line_no`` when it is not 0, ``test_code`` when it is not
  empty, and ``message`` only for tests whose status is ``"error"``. Its log table shows
  passed/total x max_score, not the sum of scores, so it can differ from the recorded points
  when tests are worth different amounts; the job summary we write has the exact points.

So one reporter test stands for one test function of the rubric (its parametrized runs
together), and its ``score`` is exactly the points ``grader grade`` gives those runs: the scores
of a step add up to the activity's score. Grouping the runs matters for more than a shorter
log: the reporter adds scores as JavaScript numbers, and a rubric entry's points are whole
numbers where its runs' shares are not (2 points over 3 runs are 0.67 + 0.67 + 0.66), so full
marks add up to exactly the maximum instead of 160.00000000000003. Advisory checks worth 0 are left out (they cost
nothing and would skew the reporter's passed/total table). Hidden tests show their name and
points only. The encoded result is kept under ``MAX_RESULT_BYTES``: it travels to the reporter
in an environment variable, and Linux refuses to start a program with one variable over 128 KiB.
"""

import base64
import json
import shlex
from pathlib import Path

from grader.engine.test_filter import base_name
from grader.integrations.github.exact_total import format_total, landed_scores
from grader.reporters.wording import ACTIVITY_WORDS
from grader.results.model import ActivityResult, SubmissionResult, TestResult, round_points

# The base64 text, in bytes. Linux caps one environment string at 128 KiB (MAX_ARG_STRLEN),
# GitHub caps one step output at 1 MB; the smaller one wins, with room for the variable's name.
MAX_RESULT_BYTES = 100_000
# Message lengths tried in turn until the result fits; 0 drops messages altogether.
MESSAGE_CAPS = (2000, 500, 100, 0)
CUT_NOTE = " … (cut here to keep the result small: the full message is in the log of this step)"


def included_activities(result: SubmissionResult, chosen: list[str]) -> list[ActivityResult]:
    """The activities a step reports: the ones asked for with ``--activity``, else every activity
    but the bonus ones, which Classroom would otherwise add to the maximum."""
    if chosen:
        return [a for a in result.activities if a.id in chosen]
    return [a for a in result.activities if not a.bonus]


def runner_result(result: SubmissionResult, chosen: list[str], rubric_source: str = "", rubric_shown: str = "",
                  message_cap: int = MESSAGE_CAPS[0]) -> dict:
    """The reporter's JSON for ``result``, limited to the activities of this step.

    ``rubric_source`` (the rubric's absolute path) is replaced by ``rubric_shown`` in the replay
    commands, so students see the path the workflow uses, not the runner's folder.
    """
    activities = included_activities(result, chosen)
    several = len(activities) > 1
    tests: list[dict] = []
    for activity in activities:
        shown = [t for t in activity.tests if not (t.advisory and t.max_points == 0)]
        prefix = f"{activity.id} " if several else ""
        groups: dict[str, list[TestResult]] = {}
        for test in shown:
            groups.setdefault(base_name(test.name), []).append(test)
        tests += [_test_entry(activity, name, runs, prefix, rubric_source, rubric_shown, message_cap)
                  for name, runs in groups.items()]
        if not shown:
            tests.append(_activity_entry(activity, message_cap))
    if result.status == "unusable":
        tests.append({**_blank("your folder could not be checked", "fail"),
                      "message": _cut(" ".join(result.messages), message_cap)})
    return {
        "version": 1,
        "status": runner_status(result, activities),
        "max_score": round_points(sum(a.max for a in activities)),
        "tests": tests,
    }


def runner_status(result: SubmissionResult, activities: list[ActivityResult]) -> str:
    """``error`` only when the grader failed; else ``pass`` when every point was earned."""
    if result.status == "grader_error":
        return "error"
    if result.status == "unusable":
        return "fail"
    earned_all = all(round_points(a.score) >= round_points(a.max) and a.status == "graded" for a in activities)
    return "pass" if earned_all else "fail"


def encode(data: dict) -> str:
    """Base64 of the compact JSON, one line (the reporter decodes it with Buffer.from(.., "base64"))."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def encoded_result(result: SubmissionResult, chosen: list[str], rubric_source: str = "", rubric_shown: str = "") -> str:
    """The base64 result of a first (or only) step; ``step_outputs`` says more."""
    return step_outputs(result, chosen, rubric_source, rubric_shown)[0]


def step_outputs(result: SubmissionResult, chosen: list[str], rubric_source: str = "", rubric_shown: str = "",
                 before: tuple[int, float] = (0, 0.0)) -> tuple[str, str]:
    """The step's two outputs: ``result``, the base64 JSON with messages cut shorter until it
    fits in ``MAX_RESULT_BYTES``, and ``total``, the running total for the next step.

    ``before`` is the previous step's ``total`` (exact_total.parse_total): the scores are
    adjusted in their last binary digits so that the reporter's floating-point sum lands exactly
    on the grader's decimal total (exact_total.py says how and why)."""
    def build(cap: int) -> dict:
        data = runner_result(result, chosen, rubric_source, rubric_shown, cap)
        if data["max_score"]:  # the reporter skips a runner worth 0, and so do we
            scores, _, _ = landed_scores([test["score"] for test in data["tests"]], *before)
            for test, score in zip(data["tests"], scores):
                test["score"] = score
        return data

    first = build(MESSAGE_CAPS[0])
    if first["max_score"]:
        _, after, reached = landed_scores([test["score"] for test in runner_result(result, chosen)["tests"]], *before)
        total = format_total(after, reached)
    else:
        total = format_total(*before)
    for cap in MESSAGE_CAPS:
        text = encode(first if cap == MESSAGE_CAPS[0] else build(cap))
        if len(text) <= MAX_RESULT_BYTES:
            return text, total
    # Still too big without messages: only a pathological rubric gets here. Keep the points,
    # which is what Classroom needs, and drop the names.
    data = build(0)
    for number, test in enumerate(data["tests"], 1):
        test.update(name=f"test {number}", test_code="", filename="")
    return encode(data), total


def _test_entry(activity: ActivityResult, name: str, runs: list[TestResult], prefix: str, rubric_source: str,
                rubric_shown: str, cap: int) -> dict:
    """One test function: its runs' points together, and what went wrong in the first that failed."""
    hidden = any(t.visibility == "hidden" for t in runs)
    passed = [t for t in runs if t.outcome == "passed"]
    count = f" ({len(passed)} of {len(runs)} runs passed)" if len(runs) > 1 else ""
    shown_name = f"{prefix}{name}{count}" + (" (hidden test)" if hidden else "")
    earned, worth = round_points(sum(t.points for t in runs)), round_points(sum(t.max_points for t in runs))
    if any(t.outcome == "grader_error" for t in runs):
        status = "error"
    elif len(passed) == len(runs) and earned >= worth:
        status = "pass"
    else:
        status = "fail"
    entry = {**_blank(shown_name, status), "score": earned, "execution_time": f"{sum(t.duration for t in runs):.3f}s"}
    if hidden:
        return entry  # the name and the points, nothing that gives the test away
    first = next((t for t in runs if t.outcome != "passed"), runs[0])
    message = first.message
    if first.outcome == "passed" and earned < worth:
        message = activity.note  # passed, but a gate test of the activity failed
    code = first.replay.replace(shlex.quote(rubric_source), shlex.quote(rubric_shown)) if rubric_source and rubric_shown else first.replay
    entry.update(message=_cut(message, cap), test_code=code, filename=first.file or "", line_no=first.line or 0)
    return entry


def _activity_entry(activity: ActivityResult, cap: int) -> dict:
    """One line for an activity with no test to show: not handed in, not loaded, not run."""
    words = ACTIVITY_WORDS.get(activity.status, activity.status)
    if activity.status == "graded":
        words = "no test of this activity ran"
    status = "error" if activity.status == "grader_error" else ("pass" if activity.max == 0 else "fail")
    return {**_blank(f"{activity.id} {activity.title}: {words}", status), "score": activity.score,
            "message": _cut(activity.note, cap)}


def _blank(name: str, status: str) -> dict:
    return {"name": name, "status": status, "score": 0.0, "message": "", "line_no": 0, "filename": "",
            "test_code": "", "execution_time": "0.000s"}


def _cut(text: str, cap: int) -> str:
    if cap <= 0:
        return ""
    return text if len(text) <= cap else text[:cap] + CUT_NOTE


def relative_rubric(rubric_source: str, workspace: Path) -> str:
    """The rubric's path as the workflow names it (relative to the checkout), or "" if outside it."""
    try:
        return Path(rubric_source).resolve().relative_to(workspace.resolve()).as_posix()
    except ValueError:
        return ""
