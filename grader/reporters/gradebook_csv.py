"""gradebook.csv: one row per student, for a spreadsheet or an LMS import.

Columns: ``id``, one per activity (in the order they were graded, bonus activities included),
``total``, ``max``, ``bonus``, ``status``, ``activity_status``. The file starts with a UTF-8 byte order mark, without
which Excel reads it as the local code page and mangles accented names.

Score cells hold numbers or nothing, never words, so a spreadsheet can add them up:

- a number whenever the student's work decided the score, including 0 for a file not handed in
  or that did not load (0 is what the student earned there);
- empty when there is no score to give: the grader failed on that activity, or the submission
  could not be opened at all. A 0 there would be a fake grade; an empty cell leaves the import
  blank until the teacher decides. ``total`` and ``bonus`` are empty too when the submission's
  status is not ``graded``, because an incomplete total is not a total.

``status`` holds the submission's status word (``graded``, ``unusable``, ``grader_error``);
``activity_status`` says what became of each activity that was not simply graded, since a 0 alone
cannot: ``A1 misnamed (named Widget.py); A2 not_started; A5 timed_out; A6 scored_0`` (the words are
results.ACTIVITY_STATES; an activity graded with points and nothing to note, and a bonus
activity not handed in, are left out).
For a class read from an LMS download (grader/intake/), the columns ``name``, ``lms``,
``lms_id`` (the id the LMS's import matches on), ``email``, ``handed_in``, ``late`` (``late``,
``on time`` or empty when the download does not say), ``late_penalty`` (points taken off by
the rubric's late policy; ``total`` is after it) and ``commit`` follow.
results.json and report.md say more. A cell a spreadsheet would run as a formula (starting with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return) gets a leading apostrophe.
"""

import csv
import io
from pathlib import Path

from grader.reporters.atomic import write_atomically
from grader.reporters.handed_in import GRADEBOOK_COLUMNS, gradebook_cells
from grader.reporters.hookspecs import OutputFormat, hookimpl
from grader.reporters.wording import optional_and_missing, points
from grader.results.model import ActivityResult, ClassResults, SubmissionResult

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def gradebook_text(results: ClassResults) -> str:
    """The CSV text (without the byte order mark, which the writer adds)."""
    activity_ids = activity_columns(results)
    out = io.StringIO()
    writer = csv.writer(out)  # lines end in \r\n (RFC 4180), so a \r in an id is quoted too
    handed_in = any(sub.identity for sub in results.submissions)
    writer.writerow(["id", *activity_ids, "total", "max", "bonus", "status", "activity_status",
                     *(GRADEBOOK_COLUMNS if handed_in else ())])
    for sub in results.submissions:
        by_id = {activity.id: activity for activity in sub.activities}
        writer.writerow([_safe(sub.id), *[_activity_cell(by_id.get(a)) for a in activity_ids], *_totals(sub), sub.status,
                         _safe(activity_status(sub)), *([_safe(c) for c in gradebook_cells(sub)] if handed_in else [])])
    return out.getvalue()


def activity_columns(results: ClassResults) -> list[str]:
    """Every activity id, in the order submissions list them."""
    ids: list[str] = []
    for sub in results.submissions:
        for activity in sub.activities:
            if activity.id not in ids:
                ids.append(activity.id)
    return ids


def _activity_cell(activity: ActivityResult | None) -> str:
    if activity is None or activity.status == "grader_error":
        return ""
    return points(activity.score)  # graded, or 0 for missing / not_loaded


def activity_status(sub: SubmissionResult) -> str:
    """``A1 misnamed (named Widget.py); A2 not_started``: every activity not simply graded."""
    parts = []
    for activity in sub.activities:
        state = activity.state
        named = ", ".join(f"named {given}" for given in activity.renamed.values())
        if (state != "graded" or named) and not optional_and_missing(activity):
            parts.append(f"{activity.id} {state}" + (f" ({named})" if named else ""))
    return "; ".join(parts)


def _totals(sub: SubmissionResult) -> list[str]:
    maximum = points(sub.max)
    if sub.status != "graded":
        return ["", maximum, ""]
    return [points(sub.total), maximum, points(sub.bonus) if sub.bonus_max else ""]


def _safe(text: str) -> str:
    """A cell that cannot be run as a formula by a spreadsheet program."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def write_gradebook(results: ClassResults, path: Path) -> list[Path]:
    return [write_atomically(path, gradebook_text(results), encoding="utf-8-sig")]


@hookimpl
def grader_output_formats() -> list[OutputFormat]:
    return [OutputFormat("csv", "gradebook.csv: one row per student, one column per activity, for a spreadsheet",
                         "gradebook.csv", write_gradebook)]
