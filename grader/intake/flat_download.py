"""What the flat downloads (Canvas, Blackboard) share: one folder holding every student's files
side by side, each name carrying the LMS's prefix, to be sorted into a folder per student.

The names come from students and are hostile by default: a name may be empty, ``..``, hold a
slash or a NUL (when the LMS passes it on), be longer than a file system allows, or sit beside a
link. Nothing here follows a link, and every file is written under ``scratch`` under a name that
was checked to be one plain path component by grader/intake/safe_paths.py (``safe_name``), the
one place an untrusted name becomes a path, which also writes it (never through a link).
"""

import os
import shutil
import tempfile
from pathlib import Path

from grader.intake import safe_paths
from grader.intake.names import readable
from grader.intake.class_folder import extract_zip, unwrap

# Files an operating system adds beside anyone's work (a teacher re-zipping the download on a
# Mac, a student zipping a folder on Windows): never a student's work, never a stray.
JUNK_FILES = frozenset({".DS_Store", "Thumbs.db", "desktop.ini", "ehthumbs.db"})
JUNK_FOLDERS = frozenset({"__MACOSX"})
MAX_NAME_BYTES = safe_paths.MAX_PART_BYTES  # what ext4, APFS and NTFS allow for one path component
PLAIN_NAME = "upload it again under a plain name"


def is_junk(name: str) -> bool:
    """A file or folder the operating system made (``._widget.py`` is a Mac's AppleDouble twin)."""
    return name in JUNK_FILES or name in JUNK_FOLDERS or name.startswith("._")


def descend_wrapper(root: Path) -> Path:
    """The folder that holds the download's files: ``root``, or the single folder it wraps (a
    download unpacked into a folder named after the zip, perhaps twice)."""
    for _ in range(3):
        entries = [entry for entry in root.iterdir() if not is_junk(entry.name)]
        if len(entries) != 1 or entries[0].is_symlink() or not entries[0].is_dir():
            break
        root = entries[0]
    return root


def top_level(root: Path) -> tuple[list[Path], list[Path]]:
    """(regular files, everything else that is not junk) directly in ``root``, sorted by name.
    A link is never a file here, whatever it points at."""
    files, others = [], []
    for entry in sorted(root.iterdir()):
        if is_junk(entry.name):
            continue
        (files if entry.is_file() and not entry.is_symlink() else others).append(entry)
    return files, others


def describe_other(path: Path) -> str:
    """A download entry that is not a regular file, named for a warning: ``folder/`` or
    ``name (a link, not followed)``."""
    if path.is_symlink():
        return f"{path.name} (a link, not followed)"
    return path.name + "/" if path.is_dir() else f"{path.name} (not a regular file)"


def safe_name(name: str) -> str | None:
    """``name`` as one plain file name to write under, or None when it cannot be one
    (``checked_name`` says why)."""
    try:
        return checked_name(name)
    except safe_paths.BadName:
        return None


def checked_name(name: str) -> str:
    """``name`` as one plain file name to write under, or ``safe_paths.BadName`` saying why not.

    Only the last part counts when the name holds a path (an old browser sent
    ``C:\\Users\\ada\\widget.py``); what is left must pass ``safe_paths.check_part``: not
    empty, ``.`` or ``..``, no NUL or other control character, no ``:``, no Windows device
    name, at most 255 bytes."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return safe_paths.check_part(base, name, PLAIN_NAME)


class StudentFolder:
    """One student's files gathered into a fresh folder under ``scratch``, with what was left
    out and why, for their ``Identity`` and ``IntakeStudent``."""

    def __init__(self, scratch: Path) -> None:
        self.path = Path(tempfile.mkdtemp(prefix="student-", dir=scratch))
        self.ignored: list[str] = []  # the LMS's and the operating system's files, as named
        self.superseded: list[str] = []
        self.problems: list[str] = []
        self._written: dict[str, str] = {}  # name in the folder -> name in the download

    def add_file(self, source: Path, name: str, download_name: str) -> None:
        """Copy ``source`` (a regular file of the download) in as ``name``. A later file of the
        same name replaces an earlier one, which is then listed as superseded: callers add the
        files oldest first."""
        try:
            target = checked_name(name)
        except safe_paths.BadName as exc:
            self.problems.append(f"the file {readable(download_name)} has a name that cannot be used as a file "
                                 f"name ({readable(name) or 'empty'}: it {exc.said()})")
            return
        if is_junk(target):
            self.ignored.append(download_name)
            return
        try:
            # O_NOFOLLOW both ways: the download was checked to hold a regular file here, and if it
            # was swapped for a link since, nothing is read through it; nor is anything written
            # through a link in the student's folder.
            safe_paths.copy_in(source, safe_paths.Tree(self.path, PLAIN_NAME), (target,), replace=True,
                               name=download_name)
        except safe_paths.Refused as exc:
            self.problems.append(f"the file {readable(download_name)} could not be copied ({exc})")
            return
        if target in self._written:
            self.superseded.append(self._written[target])
        self._written[target] = download_name

    def add_zip(self, source: Path, download_name: str) -> None:
        """Unpack the student's own zip into the folder, with the grader's usual safety rules;
        a bad zip becomes a problem for this student, never an error for the class."""
        problem = extract_zip(source, self.path, replace=True)  # a later upload replaces an earlier one
        if problem:
            self.problems.append(problem)

    def finish(self) -> tuple[Path | None, str]:
        """(the folder to grade, what went wrong in words): junk the operating system added
        inside zips is removed (and listed as ignored), a wrapper folder is gone into, and
        ``None`` comes back when nothing at all is left to grade."""
        for current, folders, files in os.walk(self.path):
            here = Path(current)
            for name in [f for f in folders if is_junk(f)]:
                self.ignored.append(str((here / name).relative_to(self.path)) + "/")
                shutil.rmtree(here / name)
                folders.remove(name)
            for name in [f for f in files if is_junk(f)]:
                self.ignored.append(str((here / name).relative_to(self.path)))
                (here / name).unlink()
        has_files = any(files for _, _, files in os.walk(self.path))
        problem = "; ".join(self.problems)
        if not has_files:
            return None, problem or "the submission holds no files"
        return unwrap(self.path), problem
