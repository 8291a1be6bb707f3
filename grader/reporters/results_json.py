"""results.json: every result of the run, for an LMS or a script (format: docs/results.md)."""

import json
from pathlib import Path

from grader.reporters.atomic import write_atomically
from grader.reporters.hookspecs import hookimpl
from grader.results import ClassResults

# 2: statuses say who is at fault (not_loaded, unusable, grader_error replace "error"); a bonus
# is kept apart from total; tests carry `advisory` and `replay`.
FORMAT_VERSION = 2


def results_document(results: ClassResults) -> dict:
    """The JSON document: ``format_version``, then every field of ``ClassResults``."""
    return {"format_version": FORMAT_VERSION, **results.to_dict()}


@hookimpl
def grader_write_reports(results: ClassResults, out_dir: Path) -> list[Path]:
    text = json.dumps(results_document(results), indent=2, ensure_ascii=False) + "\n"
    return [write_atomically(out_dir / "results.json", text)]
