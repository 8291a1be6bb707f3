"""PrairieLearn's external grader results.json for one submission (docs/integrations.md).

PrairieLearn wants ``score`` as a fraction from 0 to 1, and may be told a submission is not
``gradable``: then it awards and takes nothing and the attempt does not count, with
``format_errors`` saying why. We say that when there was nothing to grade (no file of the lab
handed in, or none that imports), when the submission could not be opened, and when the grader
itself failed: in none of those did the student's work earn a score.

Otherwise ``score`` is (total + bonus) / max, never above 1: a bonus can make up for lost points
but, as PrairieLearn's scale ends at 1, not go past full marks. ``tests`` lists each test run
with ``points`` and ``max_points``; an activity whose file is missing, only the starter or did not load is one
entry with the reason. PrairieLearn shows every entry to the student at once, so a hidden test
appears only as "hidden test N" with its points: its name and message would give it away. The
file is plain text (PrairieLearn's element escapes it); each test's printed output is cut to
``OUTPUT_CHARS`` so the file stays far under PrairieLearn's 1 MB limit.
"""

import json
from pathlib import Path

from grader.reporters.atomic import write_atomically
from grader.reporters.gradescope_json import only_submission
from grader.reporters.hookspecs import OutputFormat, hookimpl
from grader.reporters.wording import (
    GRADER_ERROR_HEADLINE,
    UNUSABLE_HEADLINE,
    in_students_words,
    outcome_words,
    score_of,
)
from grader.results.model import ActivityResult, ClassResults, SubmissionResult

OUTPUT_CHARS = 2000


@in_students_words
def prairielearn_document(sub: SubmissionResult) -> dict:
    """PrairieLearn's results.json for one submission, as a dict."""
    errors = format_errors(sub)
    if errors:
        return {"gradable": False, "format_errors": errors, "message": errors[0], "tests": _tests(sub)}
    earned = sub.total + sub.bonus
    score = min(1.0, earned / sub.max) if sub.max > 0 else 0.0
    bonus = (f"; bonus {score_of(sub.bonus, sub.bonus_max)}, which makes up for lost points up to full marks"
             if sub.bonus_max else "")
    return {"gradable": True, "score": round(score, 4),
            "message": f"Score: {score_of(sub.total, sub.max)}{bonus}.", "tests": _tests(sub)}


def format_errors(sub: SubmissionResult) -> list[str]:
    """Why there is no score to give, or [] when there is one."""
    if sub.status == "unusable":
        return [f"{UNUSABLE_HEADLINE}: " + " ".join(sub.messages)]
    if sub.status == "grader_error":
        return [f"{GRADER_ERROR_HEADLINE} Submit again; this attempt does not count."]
    required = [a for a in sub.activities if not a.bonus]
    if required and all(a.status in ("missing", "not_started", "not_loaded") for a in required):
        reasons = [f"{a.id} {a.title}: {a.note or 'not handed in'}" for a in required if a.status == "not_loaded"]
        if not reasons:
            reasons = ["None of the lab's files was handed in: " + "; ".join(a.note for a in required if a.note)]
        return reasons
    return []


def _tests(sub: SubmissionResult) -> list[dict]:
    entries = []
    for activity in sub.activities:
        if activity.status in ("missing", "not_started", "not_loaded"):
            entries.append(_activity_entry(activity))
            continue
        hidden = 0
        for test in activity.tests:
            entry = {"name": f"{activity.id} {activity.title}: {test.name}", "points": test.points,
                     "max_points": test.max_points, "message": _message(test.outcome, test.message),
                     "output": _cut(test.output)}
            if test.visibility != "public":
                hidden += 1
                entry.update(name=f"{activity.id} {activity.title}: hidden test {hidden}",
                             message=outcome_words(test.outcome) + " (a hidden test: its details are not shown)",
                             output="")
            if test.advisory:
                entry["description"] = "Goes further than the lab asks."
            entries.append(entry)
    return entries


def _activity_entry(activity: ActivityResult) -> dict:
    what = {"missing": "not handed in", "not_started": "not started (only the starter code)"}.get(
        activity.status, "the file did not load")
    optional = activity.bonus and activity.status == "missing"
    return {"name": f"{activity.id} {activity.title}: {what}", "points": 0.0,
            "max_points": 0.0 if optional else activity.max,
            "message": ("An optional bonus: no points lost. " if optional else "") + (activity.note or what), "output": ""}


def _message(outcome: str, message: str) -> str:
    words = outcome_words(outcome)
    return f"{words}: {message}" if message and outcome != "passed" else words


def _cut(text: str) -> str:
    return text if len(text) <= OUTPUT_CHARS else text[:OUTPUT_CHARS] + f"\n... ({len(text) - OUTPUT_CHARS} more characters not shown)"


def write_prairielearn_json(results: ClassResults, path: Path) -> list[Path]:
    document = prairielearn_document(only_submission(results, "PrairieLearn"))
    return [write_atomically(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")]


@hookimpl
def grader_output_formats() -> list[OutputFormat]:
    return [OutputFormat("prairielearn", "PrairieLearn's external grader results.json, for one submission (docs/integrations.md)",
                         "prairielearn.json", write_prairielearn_json, in_grade=False)]
