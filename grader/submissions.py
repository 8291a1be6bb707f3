"""Finding the submissions in a class folder: one folder or .zip per student.

A zip is unpacked into a private temporary folder, refusing entries that would land outside it
(``../``), links, and archives that unpack to more than a set size. A folder or zip holding
nothing but a single folder (the usual "zip of my project folder") is unwrapped.
"""

import shutil
import stat
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

MAX_UNPACKED_BYTES = 20 << 20
MAX_ENTRIES = 2000
# Written into every output folder of `grader grade`, so that a later run never mistakes one
# (say class/results) for a student's folder.
OUTPUT_MARKER = ".grader-output"
# What a student's work is made of: a folder holding none of these is only a wrapper.
WORK_SUFFIXES = (".py", ".pyc", ".yaml", ".yml", ".java")


class SubmissionsError(ValueError):
    """The class folder itself is unusable; the message says what, the rule and the fix."""


@dataclass
class Submission:
    id: str
    folder: Path
    problem: str = ""  # set when the submission cannot be graded at all (a bad zip)


@dataclass(frozen=True)
class Entry:
    """One student's folder or zip in the class folder, not opened yet."""

    id: str
    path: Path

    @property
    def size(self) -> int:
        """Bytes of work: the zip's size, or the regular files in the folder (links not followed)."""
        if self.path.is_file():
            return self.path.stat().st_size
        return sum(p.stat().st_size for p in self.path.rglob("*") if p.is_file() and not p.is_symlink())


def class_entries(root: Path, exclude: tuple[Path, ...] = ()) -> list[Entry]:
    """Every student folder and zip in ``root``, sorted by name. ``exclude``: folders that are
    not students (the run's own output folder); folders holding an output marker are skipped too."""
    if not root.exists():
        raise SubmissionsError(f"{root} does not exist. Give the folder that holds one folder or .zip per student.")
    if not root.is_dir():
        raise SubmissionsError(f"{root} is a file, not a folder. Give the folder that holds one folder or .zip per student.")
    found: dict[str, Entry] = {}
    for path in sorted(root.iterdir()):
        if path.name.startswith((".", "__")) or path.resolve() in exclude:
            continue
        if path.is_dir() and (path / OUTPUT_MARKER).exists():
            continue
        if path.is_dir():
            entry = Entry(path.name, path)
        elif path.suffix.lower() == ".zip":
            entry = Entry(path.stem, path)
        else:
            continue
        if entry.id in found:
            raise SubmissionsError(
                f"two submissions are both called {entry.id!r} ({path.name} and {found[entry.id].path.name}). Each "
                "student's folder or zip needs its own name: rename one of them."
            )
        found[entry.id] = entry
    return list(found.values())


def open_entries(entries: list[Entry], scratch: Path) -> list[Submission]:
    """The submissions behind these entries: folders unwrapped, zips unpacked into ``scratch``."""
    return [open_one(e.path, scratch, e.id) for e in entries]


def open_one(path: Path, scratch: Path, sub_id: str = "") -> Submission:
    """One student's folder (unwrapped) or zip (unpacked into ``scratch``; a bad one comes back
    with its ``problem`` set)."""
    if path.is_file():
        return unpack_zip(path, scratch)
    return Submission(sub_id or path.name or "submission", unwrap(path))


def find_submissions(root: Path, scratch: Path, exclude: tuple[Path, ...] = ()) -> list[Submission]:
    """Every submission in ``root``, opened (see ``class_entries``)."""
    return open_entries(class_entries(root, exclude), scratch)


def unwrap(folder: Path) -> Path:
    """Go down through wrapper folders to the one that holds the student's work.

    A wrapper holds no code of its own and exactly one folder (the usual "zip of my project
    folder", or ``my-project/src/`` beside a README), so a layout like ``ada/MyLab/src/*.py``
    is graded like ``ada/*.py``. A folder with several subfolders is never guessed into.
    """
    while True:
        children = [c for c in folder.iterdir() if not c.name.startswith((".", "__MACOSX", "__pycache__"))]
        folders = [c for c in children if c.is_dir() and not c.is_symlink()]
        has_work = any(c.is_file() and c.suffix.lower() in WORK_SUFFIXES for c in children)
        if len(folders) == 1 and not has_work:
            folder = folders[0]
        else:
            return folder


def unpack_zip(archive: Path, scratch: Path) -> Submission:
    sub_id = archive.stem
    target = Path(tempfile.mkdtemp(prefix=f"{sub_id[:20]}-", dir=scratch))
    try:
        with zipfile.ZipFile(archive) as zf:
            infos = zf.infolist()
            if len(infos) > MAX_ENTRIES or sum(i.file_size for i in infos) > MAX_UNPACKED_BYTES:
                return Submission(sub_id, target, f"{archive.name} unpacks to more than {MAX_UNPACKED_BYTES >> 20} MB or {MAX_ENTRIES} files; zip only your .py files")
            for info in infos:
                parts = PurePosixPath(info.filename.replace("\\", "/")).parts
                if info.filename.startswith("/") or ".." in parts:
                    return Submission(sub_id, target, f"{archive.name} has an entry {info.filename!r} that points outside the zip; make the zip again from your folder")
                if stat.S_ISLNK(info.external_attr >> 16):
                    continue  # links are never followed or copied
                if info.is_dir():
                    continue
                destination = target.joinpath(*parts)
                destination.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(info) as source, open(destination, "wb") as out:
                    shutil.copyfileobj(source, out)
    except (zipfile.BadZipFile, OSError) as exc:
        return Submission(sub_id, target, f"{archive.name} could not be opened as a zip ({exc}); make the zip again")
    return Submission(sub_id, unwrap(target))
