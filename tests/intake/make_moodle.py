"""Moodle "Download all submissions" zips, built the way Moodle builds them, for tests.

``build_download(tmp_path, students)`` writes a zip from a list of ``Student`` descriptions and
returns its path. The entry names follow Moodle's download code (mod/assign/classes/downloader.php
in 4.1+, mod/assign/locallib.php ``download_submissions()`` before): the full name with ``_``
turned into a space and ``clean_filename``'s characters dropped, ``_``, the participant id, then
``_assignsubmission_file`` (a folder since 4.1; ``..._file_/`` in 3.1-4.0; flat files
``..._file_<name>`` before 3.1 or with "Download submissions in folders" off).

Example, a class of three in Moodle 4.1+::

    zip_path = build_download(tmp_path, [
        Student("Zoë Ångström", 101, {"widget.py": "..."}),
        Student("Bob Smith", 102, {"widget.py": "..."}, zipped="work.zip"),   # his upload was a zip
        Student("Bob Smith", 103, {}, online_text="<p>I forgot</p>"),         # another Bob, text only
    ])

A student with no files and no online text is left out of the zip, as Moodle leaves out a
student with nothing to download. ``unpack(zip_path, folder)`` unzips it as the grader's core
would, for the reader under test.
"""

import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from grader.intake.class_folder import extract_zip

STYLES = ("folders", "folders-3x", "flat")
_CLEAN = re.compile(r"[\x00-\x1f\x7f&<>\"`|':\\/]")  # what Moodle's clean_filename (PARAM_FILE) drops


@dataclass
class Student:
    """One student as the test wants them in the download.

    ``files``: their uploaded files {name: text or bytes}; a name may hold a folder
    (``src/widget.py``), kept as a subfolder in the folder styles. ``zipped``: put ``files`` into a
    zip of this name (inside a folder ``zip_folder`` when given) and upload that instead.
    ``online_text``: HTML typed into Moodle (written as onlinetext.html, as Moodle does).
    ``group``: (group name, group id) for team submissions; None for Moodle's default group.
    """

    name: str
    id: int
    files: dict[str, str | bytes] = field(default_factory=dict)
    zipped: str | None = None
    zip_folder: str | None = None
    online_text: str | None = None
    group: tuple[str, int] | None = None


def moodle_name(name: str) -> str:
    """A name as Moodle puts it in a download: ``_`` as a space, clean_filename's characters gone."""
    return _CLEAN.sub("", name.replace("_", " "))


def build_download(tmp_path: Path, students: list[Student], *, style: str = "folders", blind: bool = False,
                   team: bool = False, wrapper: str | None = None, mac_junk: bool = False,
                   name: str = "CS101-Lab 7-1234.zip") -> Path:
    """The zip Moodle would send for ``students``; its path (under ``tmp_path``).

    ``style``: ``folders`` (Moodle 4.1+), ``folders-3x`` (3.1-4.0) or ``flat``. ``blind``:
    anonymous submissions (``Participant_<id>``). ``team``: one entry per group, named by the
    group (4.1+); later members of a group are left out, as Moodle leaves them. ``wrapper``: put
    everything in one folder (as some unzip tools do). ``mac_junk``: add the ``__MACOSX/`` and
    ``.DS_Store`` entries a Mac adds when the teacher re-zips the download.
    """
    assert style in STYLES, style
    entries: dict[str, bytes] = {}
    seen_prefixes: set[str] = set()
    for student in students:
        prefix = _prefix(student, blind, team)
        if prefix in seen_prefixes:
            continue  # Moodle sends a team's work once
        seen_prefixes.add(prefix)
        uploads = _uploads(student)
        for plugin, files in (("file", uploads), ("onlinetext", _online(student))):
            for path, data in files.items():
                entries[_entry_name(prefix, plugin, path, style)] = data
    if mac_junk:
        first = next(iter(entries), "x")
        entries[f"__MACOSX/._{first.split('/')[0]}"] = b"\x00\x05\x16\x07"
        entries[".DS_Store"] = b"\x00\x00\x00\x01Bud1"
    out = tmp_path / name
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for entry, data in entries.items():
            zf.writestr(f"{wrapper}/{entry}" if wrapper else entry, data)
    return out


def unpack(zip_path: Path, folder: Path) -> Path:
    """``zip_path`` unzipped into ``folder`` by the grader's own zip rules; ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    problem = extract_zip(zip_path, folder, max_bytes=200 << 20, max_entries=20000)
    assert not problem, problem
    return folder


def _prefix(student: Student, blind: bool, team: bool) -> str:
    if team:
        if student.group is None:
            return moodle_name("Default group")
        group_name, group_id = student.group
        return f"{moodle_name(group_name)}_{group_id}"
    shown = "Participant" if blind else student.name
    return f"{moodle_name(shown)}_{student.id}"


def _uploads(student: Student) -> dict[str, bytes]:
    files = {path: _bytes(data) for path, data in student.files.items()}
    if student.zipped is None:
        return files
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for path, data in files.items():
            zf.writestr(f"{student.zip_folder}/{path}" if student.zip_folder else path, data)
    return {student.zipped: buffer.getvalue()}


def _online(student: Student) -> dict[str, bytes]:
    if student.online_text is None:
        return {}
    return {"onlinetext.html": _bytes(f"<html><body>{student.online_text}</body></html>")}


def _entry_name(prefix: str, plugin: str, path: str, style: str) -> str:
    base = f"{prefix}_assignsubmission_{plugin}"
    if style == "folders":
        return f"{base}/{path}"
    if style == "folders-3x":
        return f"{base}_/{path}"
    return f"{base}_{path.split('/')[-1]}"  # flat: Moodle keeps only the file's own name


def _bytes(data: str | bytes) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data
