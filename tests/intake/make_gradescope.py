"""Gradescope "Export Submissions" zips, built the way Gradescope builds them, for tests.

``build_download(tmp_path, submissions)`` writes a zip from a list of ``Submission``
descriptions and returns its path: a wrapper folder ``assignment_<id>_export/`` holding one
``submission_<id>/`` folder per submission with its files as uploaded, and
``submission_metadata.yml`` as Ruby writes it (symbol keys ``:submitters:``, ``:created_at:``
as a timestamp, ``:history:`` of earlier submissions; the shape of a real export, e.g.
github.com/sjinang/temp0 submission_metadata.yml).

Example, a pair and a late single::

    zip_path = build_download(tmp_path, [
        Submission(101, [("Zoë Ångström", "06758767", "zoe@school.edu"), ("Bob Smith", "06754968", "bob@school.edu")],
                   {"widget.py": "..."}),
        Submission(102, [("Mary-Jane O'Neil", "1", "mj@school.edu")], {"widget.py": "..."},
                   created_at="2024-03-02 09:00:00.000000000 Z", history=[(99, "2024-03-01 08:00:00.5 Z")]),
    ])

``in_metadata=False`` leaves a submission out of the metadata (its folder stays);
``has_folder=False`` leaves its folder out (its metadata stays). ``unpack(zip_path, folder)``
unzips it as the grader's core would.
"""

import io
import json
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from grader.intake.class_folder import extract_zip

_PLAIN = re.compile(r"[^\W\d_][\w .@'-]*[\w.]|[^\W\d_]")
_YAML_WORDS = {"yes", "no", "true", "false", "on", "off", "null", "y", "n", "~"}


@dataclass
class Submission:
    """One submission as the test wants it in the export.

    ``submitters``: (name, sid, email) of each student on it (several for a group).
    ``files``: {name: text or bytes}, a name may hold a folder. ``zipped``: upload ``files``
    as one zip of this name instead. ``created_at``: as Gradescope writes it. ``history``:
    earlier submissions (id, created_at), which the export lists but does not hold.
    ``late``: write a ``:late:`` flag (Gradescope's own exports do not have one).
    """

    id: int
    submitters: list[tuple[str, str, str]]
    files: dict[str, str | bytes] = field(default_factory=dict)
    created_at: str = "2024-03-01 17:02:11.123456000 Z"
    history: list[tuple[int, str]] = field(default_factory=list)
    zipped: str | None = None
    in_metadata: bool = True
    has_folder: bool = True
    late: bool | None = None


def build_download(tmp_path: Path, submissions: list[Submission], *, wrapper: str | None = "assignment_4242_export",
                   mac_junk: bool = False, name: str = "assignment_4242_export.zip") -> Path:
    """The zip Gradescope would send for ``submissions``; its path (under ``tmp_path``).
    ``wrapper=None`` puts everything at the top; ``mac_junk`` adds a Mac's ``__MACOSX/`` and
    ``.DS_Store``, as when a teacher re-zips the export."""
    entries: dict[str, bytes] = {"submission_metadata.yml": metadata_yaml(submissions).encode("utf-8")}
    for submission in submissions:
        if not submission.has_folder:
            continue
        folder = f"submission_{submission.id}"
        files = {path: _bytes(data) for path, data in submission.files.items()}
        if submission.zipped:
            files = {submission.zipped: _zip(files)}
        if not files:
            entries[f"{folder}/"] = b""  # an empty submission is an empty folder
        for path, data in files.items():
            entries[f"{folder}/{path}"] = data
    if mac_junk:
        entries["__MACOSX/._submission_metadata.yml"] = b"\x00\x05\x16\x07"
        entries[".DS_Store"] = b"\x00\x00\x00\x01Bud1"
    out = tmp_path / name
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for entry, data in entries.items():
            zf.writestr(f"{wrapper}/{entry}" if wrapper else entry, data)
    return out


def metadata_yaml(submissions: list[Submission]) -> str:
    """submission_metadata.yml as Gradescope (Ruby's Psych) writes it."""
    lines = ["---"]
    for submission in submissions:
        if not submission.in_metadata:
            continue
        lines.append(f"submission_{submission.id}:")
        lines.append("  :submitters:")
        for name, sid, email in submission.submitters:
            lines += [f"  - :name: {_scalar(name)}", f"    :sid: '{sid}'", f"    :email: {_scalar(email)}"]
        lines.append(f"  :created_at: {submission.created_at}")
        if submission.late is not None:
            lines.append(f"  :late: {'true' if submission.late else 'false'}")
        lines += ["  :score: 0.0", "  :status: processed", "  :results:", "    score: 0.0", "    tests: []",
                  "    output: This assignment does not have an autograder configured.", "    extra_data: "]
        if not submission.history:
            lines.append("  :history: []")
            continue
        lines.append("  :history:")
        for earlier_id, created_at in submission.history:
            lines += ["  - :submitters: []", f"    :created_at: {created_at}", "    :score: 0.0",
                      "    :status: processed", f"    :id: {earlier_id}"]
    return "\n".join(lines) + "\n"


def unpack(zip_path: Path, folder: Path) -> Path:
    """``zip_path`` unzipped into ``folder`` by the grader's own zip rules; ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    problem = extract_zip(zip_path, folder, max_bytes=200 << 20, max_entries=20000)
    assert not problem, problem
    return folder


def _scalar(text: str) -> str:
    """``text`` plain when YAML reads it back as the same string, else double-quoted."""
    if _PLAIN.fullmatch(text) and text.lower() not in _YAML_WORDS:
        return text
    return json.dumps(text, ensure_ascii=False)


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for path, data in files.items():
            zf.writestr(path, data)
    return buffer.getvalue()


def _bytes(data: str | bytes) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data
