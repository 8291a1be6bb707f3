"""gradebook.csv: one row per student, one column per activity, then the total."""

import csv
import io
from pathlib import Path

from grader.reporters.atomic import write_atomically
from grader.reporters.hookspecs import hookimpl
from grader.results import ClassResults


def gradebook_text(results: ClassResults) -> str:
    activity_ids: list[str] = []
    for sub in results.submissions:
        for activity in sub.activities:
            if activity.id not in activity_ids:
                activity_ids.append(activity.id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", *activity_ids, "total", "max", "status"])
    for sub in results.submissions:
        scores = {a.id: a.score for a in sub.activities}
        writer.writerow([_safe(sub.id), *[_number(scores.get(a, 0.0)) for a in activity_ids], _number(sub.total), _number(sub.max), sub.status])
    return out.getvalue()


def _number(value: float) -> str:
    return f"{value:g}"


def _safe(text: str) -> str:
    # A cell starting with = + - @ is run as a formula by spreadsheet programs.
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


@hookimpl
def grader_write_reports(results: ClassResults, out_dir: Path) -> list[Path]:
    return [write_atomically(out_dir / "gradebook.csv", gradebook_text(results))]
