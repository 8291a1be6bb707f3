"""Writing one student's files out of a download into their own folder under the scratch folder.

Every layout reader needs the same careful copy: the download was made by an LMS from names the
students chose, so a name can hold accents, spaces, line breaks or hundreds of bytes, and an
entry can be a link (a zip unpacked by a tool that keeps links). The rules here:

- only regular files are copied; a link is never followed nor copied, and is named in the
  student's ``ignored`` list so the teacher can see it was there;
- files an operating system or zip tool adds (``__MACOSX/``, ``.DS_Store``, ``Thumbs.db``,
  ``desktop.ini``) are left out and named in ``ignored``;
- a ``.zip`` the student handed in is unpacked with ``grader.intake.class_folder.extract_zip`` (the
  grader's one set of zip rules: no entry outside the target, no links, sizes counted), any
  wrapper folders inside it are gone through (``unwrap``), and its files join the others; a zip
  that cannot be unpacked is a problem in words for that student, never an error for the run;
- every path written is built from names that came from a directory listing or from
  ``extract_zip``'s checked entries, each checked again by grader/intake/safe_paths.py (the one
  place an untrusted name becomes a path) and written by it: under the student's folder, never
  through a link, never over another file.
"""

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from grader.intake import safe_paths
from grader.intake.class_folder import unwrap

JUNK_FILES = frozenset({".ds_store", "thumbs.db", "desktop.ini"})
JUNK_FOLDERS = frozenset({"__macosx"})
UPLOAD_AGAIN = "upload it again under a plain name"


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
    """Every file below the folder ``source`` into the existing folder ``target`` under the same
    relative names; ``shown_as`` is how the download names ``source`` (for the ignored list and
    messages)."""
    _copy_tree(source, safe_paths.Tree(target, UPLOAD_AGAIN), (), shown_as, scratch, copied)


def copy_file(source: Path, target: Path, name: str, shown_as: str, scratch: Path, copied: Copied) -> None:
    """One file into the existing folder ``target`` under ``name``; a zip is unpacked there instead."""
    _copy_file(source, safe_paths.Tree(target, UPLOAD_AGAIN), (), name, shown_as, scratch, copied)


def _copy_tree(source: Path, tree: safe_paths.Tree, inside: tuple[str, ...], shown_as: str, scratch: Path,
               copied: Copied) -> None:
    """``copy_tree`` into ``tree``'s folder ``inside`` (parts, made when a file lands there)."""
    for entry in sorted(os.scandir(source), key=lambda e: e.name):
        where = f"{shown_as}/{entry.name}"
        if entry.is_symlink():
            copied.ignored.append(f"{where} (a link, not followed)")
        elif is_junk(entry.name):
            copied.ignored.append(where)
        elif entry.is_dir(follow_symlinks=False):
            part = _part(entry.name)
            if part is None:
                copied.ignored.append(f"{where} (its name cannot be a folder name)")
            else:
                _copy_tree(Path(entry.path), tree, (*inside, part), where, scratch, copied)
        elif entry.is_file(follow_symlinks=False):
            _copy_file(Path(entry.path), tree, inside, entry.name, where, scratch, copied)
        else:
            copied.ignored.append(f"{where} (not a regular file)")


def _copy_file(source: Path, tree: safe_paths.Tree, inside: tuple[str, ...], name: str, shown_as: str,
               scratch: Path, copied: Copied) -> None:
    if source.is_symlink():
        copied.ignored.append(f"{shown_as} (a link, not followed)")
        return
    if is_junk(name):
        copied.ignored.append(shown_as)
        return
    if name.lower().endswith(".zip"):
        unpack_into(source, tree, inside, shown_as, scratch, copied)
        return
    part = _part(name)
    if part is None:
        copied.ignored.append(f"{shown_as} (its name cannot be a file name)")
        return
    _copy_one(source, tree, (*inside, part), shown_as, copied)


def _copy_one(source: Path, tree: safe_paths.Tree, parts: tuple[str, ...], shown_as: str, copied: Copied) -> None:
    """One regular file to ``parts`` in ``tree``, unless that name was already taken."""
    try:
        safe_paths.copy_in(source, tree, parts, name=shown_as)
    except safe_paths.BadName:  # the name is there already (or, as a folder, another file's)
        copied.ignored.append(f"{shown_as} (a file of that name was already taken from this submission)")
        return
    except safe_paths.Refused as exc:
        copied.problems.append(str(exc))
        return
    copied.files += 1


def unpack_into(archive: Path, tree: safe_paths.Tree, inside: tuple[str, ...], shown_as: str, scratch: Path,
                copied: Copied) -> None:
    """The student's zip unpacked (safe_paths' rules), its wrapper folders gone through, and
    its files added to ``tree``'s folder ``inside``. Zips inside it are kept as files: one level
    is what a student hands in, and unpacking further would let a zip multiply itself."""
    unpacked = Path(tempfile.mkdtemp(prefix="zip-", dir=scratch))
    try:
        try:
            done = safe_paths.unpack_zip(archive, unpacked)
        except safe_paths.Refused as exc:
            copied.problems.append(str(exc))
            return
        copied.ignored.extend(f"{shown_as}/{skipped}" for skipped in done.skipped)
        _add_unpacked(unpacked, tree, inside, shown_as, copied)
    finally:
        shutil.rmtree(unpacked, ignore_errors=True)  # its files are copied; the scratch folder stays small


def _add_unpacked(unpacked: Path, tree: safe_paths.Tree, inside: tuple[str, ...], shown_as: str,
                  copied: Copied) -> None:
    work = unwrap(unpacked)
    # What unwrap stepped past on its way down (a __MACOSX folder beside the wrapper) is named too.
    for path in sorted(unpacked.rglob("*")):
        if (path.is_file() or path.is_symlink()) and not path.is_relative_to(work):
            copied.ignored.append(f"{shown_as}/{path.relative_to(unpacked).as_posix()}")
    inner = work.relative_to(unpacked).as_posix()
    _copy_plain(work, tree, inside, shown_as if inner == "." else f"{shown_as}/{inner}", copied)


def _copy_plain(source: Path, tree: safe_paths.Tree, inside: tuple[str, ...], shown_as: str, copied: Copied) -> None:
    """``_copy_tree`` for the inside of an unpacked zip, where a zip is only a file."""
    for entry in sorted(os.scandir(source), key=lambda e: e.name):
        where = f"{shown_as}/{entry.name}"
        part = _part(entry.name)
        if entry.is_symlink() or is_junk(entry.name) or part is None:
            copied.ignored.append(where)
        elif entry.is_dir(follow_symlinks=False):
            _copy_plain(Path(entry.path), tree, (*inside, part), where, copied)
        elif entry.is_file(follow_symlinks=False):
            _copy_one(Path(entry.path), tree, (*inside, part), where, copied)


def _part(name: str) -> str | None:
    """``name`` when it is one plain path component (safe_paths' rules), so that nothing a
    download names can write outside the student's folder; else None."""
    try:
        return safe_paths.check_part(name)
    except safe_paths.BadName:
        return None
