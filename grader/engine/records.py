"""Each submission's test records, saved the moment its last test ends: what --resume reads.

One JSON file per submission in the run's state folder, written to a temporary name and then
renamed, so a file is either absent or complete even if the grader is killed mid-write. The
file name is a hash of the id (ids are folder names and may hold any character).
"""

import hashlib
import json
import os
from pathlib import Path


def record_path(folder: Path, submission_id: str) -> Path:
    return folder / (hashlib.sha256(submission_id.encode("utf-8")).hexdigest()[:24] + ".json")


def write_records(folder: Path, submission_id: str, records: list[dict]) -> None:
    path = record_path(folder, submission_id)
    temporary = path.with_suffix(".tmp")
    with open(temporary, "w", encoding="utf-8") as out:
        json.dump({"submission": submission_id, "records": records}, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


def read_records(folder: Path, submission_id: str) -> list[dict] | None:
    """The saved records, or None if this submission did not finish."""
    path = record_path(folder, submission_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data["records"] if data.get("submission") == submission_id else None
