"""results.json: every result of the run, for an LMS or a script (format: docs/results.md)."""

import json
from pathlib import Path

from grader.reporters.atomic import write_atomically
from grader.reporters.hookspecs import OutputFormat, hookimpl
from grader.results.model import ClassResults

# 2: statuses say who is at fault (not_loaded, unusable, grader_error replace "error"); a bonus
# is kept apart from total; tests carry `advisory` and `replay`.
FORMAT_VERSION = 2


def results_document(results: ClassResults) -> dict:
    """The JSON document: ``format_version``, then every field of ``ClassResults``."""
    return {"format_version": FORMAT_VERSION, **results.to_dict()}


class ResultsFileError(ValueError):
    """A results.json that cannot be read back; the message says why and what to do."""


def read_results_json(path: Path) -> ClassResults:
    """A results.json written by `grader grade` or `grader check --out`, as ``ClassResults``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ResultsFileError(f"{path} cannot be read ({exc.strerror}). Give the results.json that `grader grade --out DIR` wrote in DIR.") from None
    except ValueError as exc:
        raise ResultsFileError(f"{path} is not JSON ({exc}). Give the results.json that `grader grade` wrote.") from None
    version = data.get("format_version") if isinstance(data, dict) else None
    if version != FORMAT_VERSION:
        raise ResultsFileError(f"{path} has format_version {version!r}; this grader reads {FORMAT_VERSION}. "
                               "Grade the class again with this grader to get a results.json it can read.")
    try:
        return ClassResults.from_dict({k: v for k, v in data.items() if k != "format_version"})
    except (KeyError, TypeError) as exc:
        raise ResultsFileError(f"{path} does not hold a grading run's results ({exc}). Give the results.json that `grader grade` wrote.") from None


def write_results_json(results: ClassResults, path: Path) -> list[Path]:
    text = json.dumps(results_document(results), indent=2, ensure_ascii=False) + "\n"
    return [write_atomically(path, text)]


@hookimpl
def grader_output_formats() -> list[OutputFormat]:
    return [OutputFormat("json", "results.json: every result, for a script or an LMS (docs/results.md)",
                         "results.json", write_results_json)]
