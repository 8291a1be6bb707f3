"""Which saved gradings a run may keep: those made of the files the submission holds now.

Each submission's records are saved with a digest of its files (``folder_digest``) the moment
its grading ends, and they stay in the output folder after the run (engine/run_state.py). A run
with --resume then keeps a submission only if its digest still matches its files: a finished
class is kept whole, a late student is graded alone, and a student who handed in again is
graded again and named, never left with the grade of files they replaced.
"""

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from grader.engine.records import read_saved, write_records

CHUNK = 1 << 20


def folder_digest(folder: Path) -> str:
    """A SHA-256 of every file in ``folder``: its path inside the folder and its bytes.

    Python's byte-code caches are left out (a teacher's `grader check` in the folder writes
    them and they change no grade). A link is digested as where it points, never followed: a
    link to a device or a huge file must not stall the run. An unreadable file counts as such,
    so it still differs from a readable one.
    """
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if "__pycache__" in relative.parts:
            continue
        name = relative.as_posix().encode("utf-8", "surrogateescape")
        if path.is_symlink():
            digest.update(b"L" + name + b"\0" + os.fsencode(os.readlink(path)) + b"\0")
        elif path.is_file():
            digest.update(b"F" + name + b"\0" + _file_digest(path) + b"\0")
    return digest.hexdigest()


def _file_digest(path: Path) -> bytes:
    one = hashlib.sha256()
    try:
        with open(path, "rb") as stream:
            while block := stream.read(CHUNK):
                one.update(block)
    except OSError:
        return b"unreadable"
    return one.digest()


@dataclass
class Survey:
    """What an earlier run left for this run, submission by submission."""

    kept: dict[str, list[dict]] = field(default_factory=dict)  # id -> its saved records
    changed: list[str] = field(default_factory=list)  # saved, but its files differ now
    new: list[str] = field(default_factory=list)  # nothing saved: late, or not reached

    @property
    def to_grade(self) -> list[str]:
        return [*self.changed, *self.new]


def survey(records_dir: Path, digests: dict[str, str]) -> Survey:
    """Sort the submissions (id -> digest of their files now) by what ``records_dir`` holds."""
    found = Survey()
    for sub_id, digest in digests.items():
        saved = read_saved(records_dir, sub_id)
        if saved is None:
            found.new.append(sub_id)
        elif saved[1] != digest:
            found.changed.append(sub_id)
        else:
            found.kept[sub_id] = saved[0]
    return found


def save_whole(records_dir: Path, sub_id: str, part_keys: list[str], digest: str) -> None:
    """Save a submission graded in parts (engine/work_units.py) under its own id too, so a later
    run finds it however that run splits the class."""
    parts = [read_saved(records_dir, key) for key in part_keys]
    if all(part is not None for part in parts):
        write_records(records_dir, sub_id, [record for part in parts if part for record in part[0]], digest)


def resume_message(found: Survey) -> str:
    """What --resume keeps and what it grades, naming whom it grades (the first ten)."""
    said = [f"kept {len(found.kept)} submission(s) graded by the earlier run"]
    if found.new:
        said.append(f"grading {len(found.new)} not graded before: {_names(found.new)}")
    if found.changed:
        said.append(f"grading again {len(found.changed)} whose files changed since: {_names(found.changed)}")
    if not found.to_grade:
        said.append("nothing to grade (every file is as it was graded); writing the reports again")
    return "Resuming: " + "; ".join(said) + "."


def _names(ids: list[str]) -> str:
    return ", ".join(ids[:10]) + (f" and {len(ids) - 10} more" if len(ids) > 10 else "")
