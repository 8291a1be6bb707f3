"""Finding the submissions in a class folder: one folder or .zip per student.

A zip is unpacked into a private temporary folder by grader/intake/safe_paths.py, which refuses
entries that would land outside it in any spelling (``../``, ``\\tmp\\x``, ``C:x``), never makes
links, and refuses archives that unpack to more than a set size. A folder or zip holding
nothing but a single folder (the usual "zip of my project folder") is unwrapped.

Every entry's id comes from grader/intake/names.py: its name, unless that name cannot be shown or
stored safely (a line break, a name of the run's own outputs, the same id twice, ...), in which
case it gets a safe, distinct id and a note saying so. No name ever stops a run or drops a student.
"""

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from grader.intake import safe_paths
from grader.intake.safe_paths import MAX_ENTRIES, MAX_UNPACKED_BYTES  # noqa: F401 - the limits callers name
from grader.intake.names import Naming, assign_ids, shown
from grader.results.output_folder import OUTPUT_MARKER

# What a student's work is made of: a folder holding none of these is only a wrapper.
WORK_SUFFIXES = (".py", ".pyc", ".yaml", ".yml", ".java")
# Hidden folders that tools make beside students' work: never mentioned as skipped.
TOOL_FOLDERS = frozenset({".git", ".venv", ".idea", ".vscode", ".ipynb_checkpoints", ".pytest_cache", ".mypy_cache"})


class SubmissionsError(ValueError):
    """The class folder itself is unusable; the message says what, the rule and the fix."""


@dataclass
class Submission:
    id: str
    folder: Path
    problem: str = ""  # set when the submission cannot be graded at all (a bad zip)
    note: str = ""  # for the student's report: why its id is not its folder's name (names.py)
    # The folder or zip as it was given (absolute when the caller resolved it): what replay
    # commands name, so that one pasted anywhere checks this submission (grader/results/replay.py).
    source: str = ""
    # Who the LMS says handed it in, and when (grader/intake/model.py's Identity, as plain
    # data); empty for a plain class folder.
    identity: dict = field(default_factory=dict)
    # What a replay command adds after ``source`` to pick this student out of a download.
    replay_args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Entry:
    """One student's folder or zip in the class folder, not opened yet."""

    id: str
    path: Path
    note: str = ""  # for the student's report (names.py)
    teacher_note: str = ""  # for the class summary: why this entry's id is not its name
    # An LMS download's student (grader/intake/): who the LMS says it is, and why nothing of
    # theirs can be graded, when that is so (an empty submission, a bad zip in the download).
    identity: dict = field(default_factory=dict, hash=False, compare=False)
    problem: str = ""
    source: str = ""  # what replay commands name instead of ``path`` (the download)
    replay_args: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """Bytes of work: the zip's size, or the regular files in the folder (links not followed)."""
        if self.path.is_file():
            return self.path.stat().st_size
        return sum(p.stat().st_size for p in self.path.rglob("*") if p.is_file() and not p.is_symlink())


def class_entries(root: Path, exclude: tuple[Path, ...] = (), reserved: frozenset[str] | None = None) -> list[Entry]:
    """Every student folder and zip in ``root``, sorted by name, each with a safe, distinct id.

    ``exclude``: folders that are not students (the run's own output folder); an earlier run's
    output folder is skipped too (``is_output_folder``), as are hidden entries (``.git``).
    ``reserved``: names an id must not take (default: every name the output folder uses).
    """
    found = [(path, name) for path in _candidates(root, exclude) if (name := _entry_name(path)) is not None]
    namings = assign_ids([(name, _where(path)) for path, name in found], _reserved(reserved))
    return [_entry(path, naming) for (path, _), naming in zip(found, namings)]


def skipped_entries(root: Path, exclude: tuple[Path, ...] = ()) -> list[str]:
    """What ``class_entries`` leaves out that a teacher could take for a student, in words: a
    hidden folder or zip that holds work, and an earlier run's output folder."""
    notes = []
    for path in sorted(root.iterdir()):
        if path.resolve() in exclude:
            continue
        if path.name.startswith(".") and path.name not in TOOL_FOLDERS and _entry_name(path, hidden_too=True) is not None \
                and _holds_work(path):
            notes.append(f"{shown(path.name)} was not graded: its name starts with {path.name[0]!r}, which marks "
                         "a hidden or system file. Rename it if it is a student's work.")
        elif not path.name.startswith((".", "__")) and is_output_folder(path):
            notes.append(f"{shown(path.name)} was not graded: it is the output folder of an earlier `grader grade`.")
    return notes


def is_output_folder(path: Path) -> bool:
    """A folder `grader grade` wrote: it holds the output marker and no student work at all.

    The marker alone is not enough: a student can hand in a file of that name, and a folder
    that holds work is a student's whatever else it holds.
    """
    return path.is_dir() and not path.is_symlink() and (path / OUTPUT_MARKER).is_file() and not _holds_work(path)


def _candidates(root: Path, exclude: tuple[Path, ...]) -> list[Path]:
    if not root.exists():
        raise SubmissionsError(f"{root} does not exist. Give the folder that holds one folder or .zip per student.")
    if not root.is_dir():
        raise SubmissionsError(f"{root} is a file, not a folder. Give the folder that holds one folder or .zip per student.")
    return [path for path in sorted(root.iterdir())
            if not path.name.startswith((".", "__")) and path.resolve() not in exclude and not is_output_folder(path)]


def _entry_name(path: Path, hidden_too: bool = False) -> str | None:
    """The name an entry is known by (a zip's without .zip), or None if it is no submission."""
    if path.is_dir():
        return path.name
    if path.suffix.lower() == ".zip" and (path.stem or hidden_too):
        return path.stem
    return None


def _where(path: Path) -> str:
    return f"the folder {shown(path.name)}" if path.is_dir() else f"the zip {shown(path.name)}"


def _entry(path: Path, naming: Naming) -> Entry:
    return Entry(naming.id, path, naming.student_note, naming.teacher_note)


def _reserved(reserved: frozenset[str] | None) -> frozenset[str]:
    if reserved is not None:
        return reserved
    from grader.reporters import output_names  # only here: `grader check` without --out needs no reporter

    return output_names()


def _holds_work(path: Path) -> bool:
    """A zip, or a folder with a file of student work anywhere below it (hidden folders, such
    as an output folder's own .grader-state, not counted)."""
    if path.is_file():
        return path.suffix.lower() == ".zip"
    for _, folders, files in os.walk(path):
        folders[:] = [f for f in folders if not f.startswith(".")]
        if any(f.lower().endswith((*WORK_SUFFIXES, ".zip")) for f in files):
            return True
    return False


def open_entries(entries: list[Entry], scratch: Path) -> list[Submission]:
    """The submissions behind these entries: folders unwrapped, zips unpacked into ``scratch``."""
    return [_open_entry(e, scratch) for e in entries]


def _open_entry(entry: Entry, scratch: Path) -> Submission:
    if entry.problem:
        opened = Submission(entry.id, entry.path, entry.problem, entry.note, str(entry.path))
    else:
        opened = _open(entry.path, scratch, entry.id, entry.note)
    opened.identity = entry.identity
    if entry.source:
        opened.source, opened.replay_args = entry.source, entry.replay_args
    return opened


def open_one(path: Path, scratch: Path, reserved: frozenset[str] | None = None) -> Submission:
    """One student's folder (unwrapped) or zip (unpacked into ``scratch``; a bad one comes back
    with its ``problem`` set), under a safe id as ``class_entries`` would give it."""
    name = (path.stem if path.is_file() else path.name) or "submission"
    naming = assign_ids([(name, _where(path))], _reserved(reserved))[0]
    return _open(path, scratch, naming.id, naming.student_note)


def _open(path: Path, scratch: Path, sub_id: str, note: str) -> Submission:
    if path.is_file():
        opened = unpack_zip(path, scratch, sub_id)
    else:
        opened = Submission(sub_id, unwrap(path))
    opened.note, opened.source = note, str(path)
    return opened


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


def unpack_zip(archive: Path, scratch: Path, sub_id: str = "") -> Submission:
    """``archive`` unpacked into a new folder in ``scratch``, as the submission ``sub_id``
    (default: a safe id made from the zip's name)."""
    sub_id = sub_id or assign_ids([(archive.stem or "submission", _where(archive))], frozenset())[0].id
    target = Path(tempfile.mkdtemp(prefix="zip-", dir=scratch))
    problem = extract_zip(archive, target)
    if problem:
        return Submission(sub_id, target, problem)
    return Submission(sub_id, unwrap(target))


def extract_zip(archive: Path, target: Path, max_bytes: int = MAX_UNPACKED_BYTES, max_entries: int = MAX_ENTRIES,
                advice: str = "zip only your .py files", replace: bool = False) -> str:
    """Unpack ``archive`` into the existing folder ``target``; "" when it worked, else what went
    wrong in words (the zip, the entry, the rule and the fix). The rules, the limits and why are
    grader/intake/safe_paths.py's, the one place a name from a zip becomes a path: no entry
    outside ``target`` in any spelling, links never made, sizes declared and real both counted.
    ``replace``: a file already in ``target`` may be replaced by the zip's (a flat download)."""
    try:
        safe_paths.unpack_zip(archive, target, max_bytes, max_entries, advice, replace=replace)
    except safe_paths.Refused as exc:
        return str(exc)
    return ""
