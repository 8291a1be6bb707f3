"""Writing one student's files out of a download into their own folder under the scratch folder.

Every layout reader needs the same careful copy: the download was made by an LMS from names the
students chose, so a name can hold accents, spaces, line breaks or hundreds of bytes, and an
entry can be a link (a zip unpacked by a tool that keeps links). The rules here:

- only regular files are copied; a link is never followed nor copied, and is named in the
  student's ``ignored`` list so the teacher can see it was there;
- files an operating system or zip tool adds (``__MACOSX/``, ``.DS_Store``, ``Thumbs.db``,
  ``desktop.ini``) are left out and named in ``ignored``;
- a ``.zip`` the student handed in is unpacked with ``grader.submissions.extract_zip`` (the
  grader's one set of zip rules: no entry outside the target, no links, sizes counted), any
  wrapper folders inside it are gone through (``unwrap``), and its files join the others; a zip
  that cannot be unpacked is a problem in words for that student, never an error for the run;
- every path written is built from a name that came from a directory listing or from
  ``extract_zip``'s checked entries, and is checked to stay inside the student's folder.
"""

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from grader.submissions import extract_zip, unwrap

JUNK_FILES = frozenset({".ds_store", "thumbs.db", "desktop.ini"})
JUNK_FOLDERS = frozenset({"__macosx"})


@dataclass
class Copied:
    """What copying one student's work did: counted and named, for the Identity and the teacher."""

    files: int = 0
    ignored: list[str] = field(default_factory=list)  # as named in the download
    problems: list[str] = field(default_factory=list)  # in words, for the student's report


def is_junk(name: str) -> bool:
    """A file or folder an operating system or zip tool adds, never a student's work."""
    lowered = name.lower()
    return lowered in JUNK_FILES or lowered in JUNK_FOLDERS or lowered.startswith("._")


def new_student_folder(scratch: Path) -> Path:
    """A fresh, empty folder for one student under ``scratch``."""
    return Path(tempfile.mkdtemp(prefix="student-", dir=scratch))


def copy_tree(source: Path, target: Path, shown_as: str, scratch: Path, copied: Copied) -> None:
    """Every file below the folder ``source`` into ``target`` under the same relative names;
    ``shown_as`` is how the download names ``source`` (for the ignored list and messages)."""
    for entry in sorted(os.scandir(source), key=lambda e: e.name):
        where = f"{shown_as}/{entry.name}"
        if entry.is_symlink():
            copied.ignored.append(f"{where} (a link, not followed)")
        elif is_junk(entry.name):
            copied.ignored.append(where)
        elif entry.is_dir(follow_symlinks=False):
            copy_tree(Path(entry.path), target / entry.name, where, scratch, copied)
        elif entry.is_file(follow_symlinks=False):
            copy_file(Path(entry.path), target, entry.name, where, scratch, copied)
        else:
            copied.ignored.append(f"{where} (not a regular file)")


def copy_file(source: Path, target: Path, name: str, shown_as: str, scratch: Path, copied: Copied) -> None:
    """One file into the folder ``target`` under ``name``; a zip is unpacked there instead."""
    if source.is_symlink():
        copied.ignored.append(f"{shown_as} (a link, not followed)")
        return
    if is_junk(name):
        copied.ignored.append(shown_as)
        return
    if name.lower().endswith(".zip"):
        unpack_into(source, target, shown_as, scratch, copied)
        return
    destination = _inside(target, name)
    if destination is None:
        copied.ignored.append(f"{shown_as} (its name cannot be a file name)")
        return
    if destination.exists():
        copied.ignored.append(f"{shown_as} (a file of that name was already taken from this submission)")
        return
    destination.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, destination, follow_symlinks=False)
    copied.files += 1


def unpack_into(archive: Path, target: Path, shown_as: str, scratch: Path, copied: Copied) -> None:
    """The student's zip unpacked (extract_zip's rules), its wrapper folders gone through, and
    its files added to ``target``. Zips inside it are kept as files: one level is what a
    student hands in, and unpacking further would let a zip multiply itself."""
    unpacked = Path(tempfile.mkdtemp(prefix="zip-", dir=scratch))
    try:
        problem = extract_zip(archive, unpacked)
        if problem:
            copied.problems.append(problem)
            return
        _add_unpacked(unpacked, target, shown_as, copied)
    finally:
        shutil.rmtree(unpacked, ignore_errors=True)  # its files are copied; the scratch folder stays small


def _add_unpacked(unpacked: Path, target: Path, shown_as: str, copied: Copied) -> None:
    work = unwrap(unpacked)
    # What unwrap stepped past on its way down (a __MACOSX folder beside the wrapper) is named too.
    for path in sorted(unpacked.rglob("*")):
        if (path.is_file() or path.is_symlink()) and not path.is_relative_to(work):
            copied.ignored.append(f"{shown_as}/{path.relative_to(unpacked).as_posix()}")
    inner = work.relative_to(unpacked).as_posix()
    _copy_plain(work, target, shown_as if inner == "." else f"{shown_as}/{inner}", copied)


def _copy_plain(source: Path, target: Path, shown_as: str, copied: Copied) -> None:
    """``copy_tree`` for the inside of an unpacked zip, where a zip is only a file."""
    for entry in sorted(os.scandir(source), key=lambda e: e.name):
        where = f"{shown_as}/{entry.name}"
        if entry.is_symlink() or is_junk(entry.name):
            copied.ignored.append(where)
        elif entry.is_dir(follow_symlinks=False):
            _copy_plain(Path(entry.path), target / entry.name, where, copied)
        elif entry.is_file(follow_symlinks=False):
            destination = _inside(target, entry.name)
            if destination is None or destination.exists():
                copied.ignored.append(f"{where} (a file of that name was already taken from this submission)")
                continue
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(entry.path, destination, follow_symlinks=False)
            copied.files += 1


def _inside(folder: Path, name: str) -> Path | None:
    """``folder / name`` when ``name`` is one plain path component (no separator, not ``..``),
    so that nothing a download names can write outside the student's folder."""
    if not name or name in (".", "..") or "/" in name or "\0" in name:
        return None
    return folder / name

