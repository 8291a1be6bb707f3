"""Gradescope's "Export Submissions" zip, read into one IntakeStudent per submission.

A programming assignment's export (Review Grades, Export Submissions) holds one folder per
active submission, ``submission_<id>/``, with the files as uploaded, and beside them
``submission_metadata.yml``: a mapping from each folder's name to what Gradescope knows of it,
written by Ruby, so every key is a Ruby symbol (``:submitters:``) that a YAML reader sees as a
string starting with ``:``. The keys used here, as a real export has them (e.g.
github.com/sjinang/temp0 submission_metadata.yml) and as public readers use them
(ucbds-infra/otter-grader otter/grade/metadata.py, zucchini/zucchini zucchini/loaders/gradescope_loader.py):

- ``:submitters:``: a list of ``{:name:, :sid:, :email:}``, several for a group submission;
- ``:created_at:``: when it was handed in, ``2023-12-02 02:52:07.938335000 Z`` (a YAML timestamp);
- ``:history:``: earlier submissions, each with its ``:id:`` and ``:created_at:``, which the
  export does not hold (they are named in ``superseded``);
- ``:score:``, ``:status:``, ``:results:`` (the autograder's), not used here.

The export may sit in a wrapper folder (``assignment_123_export/``). The metadata is read with
``yaml.safe_load`` only, since it is data from outside. A group submission is one student here
(one folder, one grade) with every submitter in ``Identity.students``. The export says nothing
about a due date, so ``late`` comes from a ``:late:`` flag if a submission has one, else it is
None here, for the core to compare ``submitted_at`` with the teacher's ``--deadline``
(grader/intake/late.py). A folder the metadata does not list is graded under its folder name,
with a note; a metadata entry with no folder is reported.
"""

import re
import shutil
from datetime import date, datetime, timezone
from pathlib import Path

import yaml

from grader.intake.copying import Copied, copy_tree, is_junk, new_student_folder
from grader.intake.layouts import IntakeOptions
from grader.intake.model import Identity, IntakeError, IntakeStudent
from grader.intake.names import shown
from grader.intake.class_folder import unwrap

NAME = "gradescope"
METADATA = "submission_metadata.yml"
FOLDER = re.compile(r"^submission_(?P<id>\d+)$")
TIMESTAMP = re.compile(r"^(?P<day>\d{4}-\d{2}-\d{2})[Tt ](?P<time>\d{1,2}:\d{2}:\d{2})(?:\.(?P<fraction>\d+))?"
                       r"\s*(?P<zone>Z|[+-]\d{2}(?::?\d{2})?)?$")
EXPORT_ADVICE = ("Export the submissions again (the assignment's Review Grades page, Export Submissions) and unzip "
                 "the download without renaming anything.")


def recognise(root: Path) -> str:
    """Evidence that ``root`` is a Gradescope export: its metadata file, or only submission_<id> folders."""
    base = _base(root)
    folders = [p for p in _visible(base) if FOLDER.match(p.name) and p.is_dir()]
    if (base / METADATA).is_file():
        return f"{METADATA} beside {len(folders)} submission_<id> folders (Gradescope's \"Export Submissions\")"
    entries = _visible(base)
    if folders and len(folders) == len(entries):
        return f"{len(folders)} folders named submission_<id> (Gradescope's \"Export Submissions\", without {METADATA})"
    return ""


def read(root: Path, scratch: Path, options: IntakeOptions) -> list[IntakeStudent]:
    """One IntakeStudent per submission folder, named by its submitters; metadata entries with
    no folder reported as students with nothing to grade."""
    base = _base(root)
    metadata, missing_note = _load(base)
    students = []
    seen = set()
    for path in _visible(base):
        if path.name == METADATA:
            continue
        if path.is_dir() and not path.is_symlink():
            seen.add(path.name)
            entry = metadata.get(path.name)
            student = _student(path, entry or {}, scratch)
            if entry is None:
                student.note = missing_note or (f"{METADATA} has no entry for the folder {shown(path.name)}, so the "
                                                "grader does not know whose work it is; it is graded under the folder's name.")
            students.append(student)
    for folder_name, entry in metadata.items():
        if folder_name not in seen:
            students.append(_without_folder(folder_name, entry))
    _tell_apart(students)
    return students


def stray_files(root: Path) -> list[str]:
    """What sits beside the submission folders and the metadata (a file, a link), as named
    under ``root``: it belongs to no student and is not graded."""
    base = _base(root)
    return [path.relative_to(root).as_posix() for path in _visible(base)
            if path.name != METADATA and (path.is_symlink() or not path.is_dir())]


def _base(root: Path) -> Path:
    """``root``, or the one wrapper folder inside it that holds the export."""
    if (root / METADATA).is_file() or any(FOLDER.match(p.name) for p in _visible(root)):
        return root
    children = _visible(root)
    if len(children) == 1 and children[0].is_dir() and not children[0].is_symlink():
        return children[0]
    return root


def _visible(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if not p.name.startswith(".") and not is_junk(p.name))


def _load(base: Path) -> tuple[dict[str, dict], str]:
    """The metadata as {folder name: entry with its keys' leading ':' removed}, and the note
    every folder gets when the export has no metadata file at all."""
    path = base / METADATA
    if not path.is_file():
        return {}, (f"The export holds no {METADATA}, so the grader does not know whose work each folder is; "
                    "it is graded under the folder's name.")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise IntakeError(f"{path} could not be read as YAML ({exc}). Gradescope writes it as one entry per "
                          f"submission folder. {EXPORT_ADVICE}") from exc
    if data is None:
        return {}, ""
    if not isinstance(data, dict):
        raise IntakeError(f"{path} holds a {type(data).__name__}, where Gradescope writes one entry per submission "
                          f"folder (submission_123: ...). {EXPORT_ADVICE}")
    return {str(key): entry for key, value in data.items() if isinstance(entry := _plain(value), dict)}, ""


def _plain(value):
    """``value`` with every mapping's keys as plain strings: Ruby's ``:name`` read as ``name``."""
    if isinstance(value, dict):
        return {str(k)[1:] if str(k).startswith(":") else str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _submitters(entry: dict) -> list[dict[str, str]]:
    people = entry.get("submitters")
    if not isinstance(people, list):
        return []
    return [{field: _text(person.get(field)) for field in ("name", "sid", "email")}
            for person in people if isinstance(person, dict)]


def _text(value) -> str:
    return "" if value is None else str(value)


def _identity(folder_name: str, entry: dict) -> Identity:
    people = _submitters(entry)
    match = FOLDER.match(folder_name)
    handed_in = _time(entry.get("created_at"))
    identity = Identity(lms=NAME, name=", ".join(p["name"] for p in people if p["name"]),
                        ids={"gradescope_submission_id": match["id"] if match else folder_name},
                        students=people, submitted_at=handed_in.isoformat() if handed_in else "", source=folder_name)
    if isinstance(entry.get("late"), bool):
        identity.late = entry["late"]  # otherwise the core compares submitted_at with the teacher's deadline
    for earlier in entry.get("history") or []:
        if isinstance(earlier, dict):
            when = _time(earlier.get("created_at"))
            label = f"submission_{earlier['id']}" if earlier.get("id") is not None else "an earlier submission"
            identity.superseded.append(f"{label} (handed in {when.isoformat()})" if when else label)
    return identity


def _time(value) -> datetime | None:
    """A YAML timestamp (read by PyYAML as a datetime) or a string like Gradescope's, with its
    offset (UTC when none is written, as Gradescope writes UTC)."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    if isinstance(value, date) or not isinstance(value, str):
        return None
    match = TIMESTAMP.match(value.strip())
    if match is None:
        return None
    zone = match["zone"] or "Z"
    zone = "+00:00" if zone == "Z" else zone if ":" in zone or len(zone) == 3 else f"{zone[:3]}:{zone[3:]}"
    fraction = f".{(match['fraction'] or '')[:6]:0<6}"
    try:
        return datetime.fromisoformat(f"{match['day']}T{match['time']:0>8}{fraction}{zone}")
    except ValueError:
        return None


def _student(path: Path, entry: dict, scratch: Path) -> IntakeStudent:
    identity = _identity(path.name, entry)
    folder = new_student_folder(scratch)
    copied = Copied()
    copy_tree(path, folder, path.name, scratch, copied)
    identity.ignored = copied.ignored
    key = identity.name or path.name
    problem = " ".join(copied.problems)
    if copied.files == 0:
        shutil.rmtree(folder, ignore_errors=True)  # nothing gradable: no empty folder left behind
        return IntakeStudent(key, None, identity, problem or f"The submission {shown(path.name)} in Gradescope's "
                                                            "export holds no files: nothing was handed in.")
    return IntakeStudent(key, unwrap(folder), identity, problem)


def _without_folder(folder_name: str, entry: dict) -> IntakeStudent:
    identity = _identity(folder_name, entry)
    who = f" ({identity.name})" if identity.name else ""
    problem = (f"Gradescope's {METADATA} lists {shown(folder_name)}{who}, but the export holds no folder of that "
               "name (an empty submission, or a folder lost when the export was unzipped), so there was nothing to "
               f"grade. {EXPORT_ADVICE}")
    return IntakeStudent(identity.name or folder_name, None, identity, problem)


def _tell_apart(students: list[IntakeStudent]) -> None:
    """Two submissions by people of one name get the submission id in their key, so that the
    grader's ids say which is which."""
    counts: dict[str, int] = {}
    for student in students:
        counts[student.key] = counts.get(student.key, 0) + 1
    for student in students:
        number = student.identity.ids.get("gradescope_submission_id")
        if counts[student.key] > 1 and number and student.identity.name:
            student.key = f"{student.key} ({number})"
