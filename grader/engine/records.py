"""Each submission's test records, saved the moment its last test ends: what --resume reads.

One JSON file per submission in the run's state folder, written to a temporary name and then
renamed, so a file is either absent or complete even if the grader is killed mid-write. The
file name is a hash of the id (ids are folder names and may hold any character). Each file also
holds the digest of the submission's files it graded (engine/resume.py), so a later --resume
can tell a submission handed in again from one that did not change.
"""

import hashlib
import json
import os
from pathlib import Path


def record_path(folder: Path, submission_id: str) -> Path:
    return folder / (hashlib.sha256(submission_id.encode("utf-8")).hexdigest()[:24] + ".json")


def write_records(folder: Path, submission_id: str, records: list[dict], digest: str = "") -> None:
    """Save the records of ``submission_id`` (a submission, or a part of one) and the digest of
    the files they graded."""
    path = record_path(folder, submission_id)
    temporary = path.with_suffix(".tmp")
    with open(temporary, "w", encoding="utf-8") as out:
        json.dump({"submission": submission_id, "digest": digest, "records": records}, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


def read_records(folder: Path, submission_id: str) -> list[dict] | None:
    """The saved records, or None if this submission did not finish."""
    saved = read_saved(folder, submission_id)
    return saved[0] if saved is not None else None


def read_saved(folder: Path, submission_id: str) -> tuple[list[dict], str] | None:
    """The saved records and the digest of the files they graded, or None if this submission
    did not finish."""
    path = record_path(folder, submission_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("submission") != submission_id:
        return None
    return data["records"], str(data.get("digest", ""))
