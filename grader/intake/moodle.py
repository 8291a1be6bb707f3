"""Moodle's assignment "Download all submissions" zip, read into one IntakeStudent per student.

What Moodle writes (mod/assign/classes/downloader.php in Moodle 4.1 and later; before that the
same rules in mod/assign/locallib.php, ``download_submissions()``; Moodle's own expectations
are in mod/assign/tests/downloader_test.php):

- each student's entries start with a prefix: the full name with every ``_`` turned into a
  space, then ``_`` and the participant id (``get_uniqueid_for_user``, the number the grading
  worksheet shows as "Participant 12345"), passed through ``clean_filename`` (which drops
  ``&<>"`|':\\/`` and control characters). With anonymous submissions ("blind marking") the
  name is the word ``Participant``: ``Participant_12345``;
- then ``_assignsubmission_<plugin>``: ``file`` for uploaded files, ``onlinetext`` for text
  typed into Moodle (an ``onlinetext.html`` and its images), and a third-party plugin's name;
- "Download submissions in folders" (the default since Moodle 3.1) makes that a folder holding
  the files under the names and subfolders the student gave: ``Bob Smith_12345_assignsubmission_file/``
  since 4.1, ``Bob Smith_12345_assignsubmission_file_/`` (a trailing ``_``) in 3.1 to 4.0.
  Without it (and in Moodle before 3.1) every file is flat: ``Bob Smith_12345_assignsubmission_file_widget.py``
  (the folder structure is lost; gondree/canvas-offline-grading moodle_submissions.py reads that form);
- team submissions: since 4.1 one entry per group, named by the group (``Team Red_42_...``, 42
  being the group's id, not a participant's) or, for students in no group, ``Default group_...``
  with no number; before 4.1 one copy per member, named ``Team Red-Bob Smith_12345_...``.

The download holds no times, so ``late`` is None. Each participant id is one student: two
"Bob Smith" with different ids are two students, and a student's ``file`` and ``onlinetext``
entries are one. Online text is not graded (named in ``ignored``), nor is another plugin's.
Since a group's number cannot be told from a participant's by its form, a download with a
``Default group`` entry is read as a team download and its numbers kept as ``moodle_group_id``;
a team download where every student is in a group is indistinguishable from a class download.

Whose entry it is (checked against mod/assign/classes/downloader.php, ``get_student_prefix`` and
``load_submissionplugin_filelist``, in moodle/moodle at da5455238d1a): Moodle writes
``clean_filename(str_replace('_', ' ', fullname) . '_' . id)``, then ``'_' . subtype . '_' . type``
(``_assignsubmission_file``), then for a flat entry ``'_'`` and the file's name as uploaded. So
the student writes on both sides of what Moodle writes: their display name on the left (Moodle
turns its ``_`` into spaces, but a download made otherwise may keep them) and, flat, their file's
name on the right (``_`` kept). The id is the ``_<digits>`` just before the one
``_assignsubmission_<plugin>`` Moodle wrote; for a folder that marker ends the name, so it is read
from the right. A name holding the marker twice can be read as two owners (``Bob Smith_99999_
assignsubmission_file__55555_assignsubmission_file_work.zip`` is participant 99999's file
``_55555_...work.zip`` or participant 55555's ``work.zip``): such an entry is refused, by name,
and goes into no one's folder (model.py, ``refused_entry``). Reading the first marker instead let
that file replace participant 99999's own file of that name.
"""

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from grader.intake.copying import Copied, copy_file, copy_tree, is_junk, new_student_folder
from grader.intake.layouts import IntakeOptions
from grader.intake.model import Identity, IntakeError, IntakeStudent, quoted, refused_entry
from grader.intake.names import shown
from grader.intake.class_folder import unwrap

NAME = "moodle"

# What Moodle writes after the participant id: "_assignsubmission_<plugin>", then the end of a
# folder's name, "_" (a 3.x folder) or "_" and a file's name (flat).
MARKER = re.compile(r"_assignsubmission_(?P<plugin>[a-z0-9]+)(?=_|\Z)")
PREFIX = re.compile(r"^(?P<name>.*)_(?P<id>\d+)$", re.DOTALL)
BLIND_WORD = "Participant"  # mod_assign's 'participant' string, in English
FILE_PLUGIN = "file"


@dataclass
class _Entry:
    """One folder or flat file of the download, as its name reads."""

    path: Path
    plugin: str
    flat_name: str | None  # the student's file name, for a flat entry; None for a folder


@dataclass(frozen=True)
class _Name:
    """An entry's name as Moodle's: every way it reads, and the owner each marker in it names."""

    readings: tuple[tuple[str, str, str | None], ...]  # (prefix, plugin, flat file name or None)
    owners: tuple[str, ...]  # the prefix before each "_assignsubmission_" marker, in order

    @property
    def ambiguous(self) -> bool:
        """Read as Moodle's, with the marker more than once: two owners, or a name that holds it."""
        return bool(self.readings) and len(self.owners) > 1


@dataclass
class _Group:
    """Everything the download holds under one prefix (one student, or one team)."""

    prefix: str
    name: str
    number: str  # the participant (or group) id; "" for Moodle's default group
    entries: list[_Entry] = field(default_factory=list)


def recognise(root: Path) -> str:
    """Evidence that ``root`` is a Moodle download: entries named ``Name_id_assignsubmission_plugin``."""
    base = _base(root)
    parsed = [(p.name, _parse(p)) for p in _visible(base)]
    named = sorted((found.ambiguous, name) for name, found in parsed if found.readings)  # a refused one last
    if not named:
        return ""
    return (f"{len(named)} entries named like {shown(named[0][1])} (Moodle's \"Download all submissions\": "
            "Full Name_participant id_assignsubmission_plugin)")


def read(root: Path, scratch: Path, options: IntakeOptions) -> list[IntakeStudent]:
    """One IntakeStudent per participant (or team) in the download, files copied into a folder
    of their own under ``scratch``; an entry not named the Moodle way is left to ``stray_files``."""
    base = _base(root)
    groups: dict[str, _Group] = {}
    refused = []
    for path in _visible(base):
        parsed = _parse(path)
        if parsed.ambiguous:
            refused.append(refused_entry(NAME, path.name, _owners(parsed)))
            continue
        if not parsed.readings:
            continue
        prefix, plugin, flat_name = parsed.readings[0]
        name, number = _split_prefix(prefix)
        # One participant id is one student, whatever name their entries carry.
        group = groups.setdefault(number or f"name:{prefix}", _Group(prefix, name, number))
        group.entries.append(_Entry(path, plugin, flat_name))
    if not groups and not refused:
        raise IntakeError(f"{base} holds no entry named the way Moodle's \"Download all submissions\" names them "
                          "(Full Name_12345_assignsubmission_file). Unzip the download Moodle gave without renaming "
                          "anything, or give the class folder without --from moodle.")
    teams = any(not g.number for g in groups.values())
    students = [_student(g, scratch, teams) for g in groups.values()]
    _tell_apart(students, list(groups.values()))
    return students + refused


def stray_files(root: Path) -> list[str]:
    """Entries of the download not named the way Moodle names a submission (a file the teacher
    put there, a link), as named under ``root``: they belong to no student and are not graded."""
    base = _base(root)
    return [path.relative_to(root).as_posix() for path in _visible(base) if not _parse(path).readings]


def _base(root: Path) -> Path:
    """``root``, or the one folder inside it when the download was unzipped with a wrapper
    (the zip's own name, ``COURSE-Assignment-123``)."""
    if any(_parse(p).readings for p in _visible(root)):
        return root
    children = _visible(root)
    if len(children) == 1 and children[0].is_dir() and not children[0].is_symlink():
        return children[0]
    return root


def _visible(folder: Path) -> list[Path]:
    """The entries of ``folder``, in name order, less what an operating system or zip tool adds
    (``.DS_Store``, ``__MACOSX``, ``._*``). A name that starts with a dot is kept: Moodle starts a
    folder with the student's full name, and a student named ``.Ada`` is still a student (such a
    student was once left out without a word)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if not is_junk(p.name))


def _parse(path: Path) -> _Name:
    """Every way ``path``'s name reads as Moodle's, and the owner each marker in it names.

    A marker reads as Moodle's when a name comes before it and, for a folder, it ends the name
    (``_file`` or 3.x's ``_file_``); for a file, ``_`` and a file name follow it. A link is
    never read (no reading: a stray)."""
    if path.is_symlink():
        return _Name((), ())
    name, is_dir = path.name, path.is_dir()
    markers = list(MARKER.finditer(name))
    readings = []
    for marker in markers:
        prefix, rest = name[:marker.start()], name[marker.end():]
        if not prefix:
            continue
        if is_dir and rest in ("", "_"):
            readings.append((prefix, marker["plugin"], None))
        elif not is_dir and len(rest) > 1 and rest.startswith("_"):
            readings.append((prefix, marker["plugin"], rest[1:]))
    return _Name(tuple(readings), tuple(name[:marker.start()] for marker in markers))


def _owners(parsed: _Name) -> list[str]:
    """Who an ambiguous name can be read as, in words: ``participant 99999 (Bob Smith)``."""
    owners = []
    for prefix in parsed.owners:
        name, number = _split_prefix(prefix)
        owner = f"participant {number} ({quoted(name)})" if number else f"{quoted(name or prefix)} (no participant id)"
        if owner not in owners:
            owners.append(owner)
    return owners


def _split_prefix(prefix: str) -> tuple[str, str]:
    """(name as Moodle shows it, participant or group id) from ``Bob Smith_12345``."""
    match = PREFIX.match(prefix)
    if match is None:
        return prefix, ""
    name, number = match["name"], match["id"]
    if name in ("", BLIND_WORD):
        return f"{BLIND_WORD} {number}", number  # how Moodle shows an anonymous participant
    return name, number


def _student(group: _Group, scratch: Path, teams: bool) -> IntakeStudent:
    folder = new_student_folder(scratch)
    copied = Copied()
    file_entries = [e for e in group.entries if e.plugin == FILE_PLUGIN]
    for entry in group.entries:
        if entry.plugin != FILE_PLUGIN:
            _ignore(entry, copied)
        elif entry.flat_name is None:
            copy_tree(entry.path, folder, entry.path.name, scratch, copied)
        else:
            copy_file(entry.path, folder, entry.flat_name, entry.path.name, scratch, copied)
    ids = {"moodle_group_id" if teams else "moodle_participant_id": group.number} if group.number else {}
    sources = file_entries or group.entries
    identity = Identity(lms=NAME, name=group.name, ids=ids, late=None, ignored=copied.ignored,
                        source=", ".join(e.path.name for e in sources))
    problem = " ".join(copied.problems)
    if copied.files == 0:
        shutil.rmtree(folder, ignore_errors=True)  # nothing gradable came out: no empty folder left behind
        return IntakeStudent(group.name, None, identity, problem or _nothing(group, file_entries))
    return IntakeStudent(group.name, unwrap(folder), identity, problem)


def _ignore(entry: _Entry, copied: Copied) -> None:
    """An entry of a plugin other than file submissions: named, not graded."""
    if entry.flat_name is not None or not entry.path.is_dir():
        copied.ignored.append(entry.path.name)
        return
    inside = sorted(p for p in entry.path.rglob("*") if p.is_file() or p.is_symlink())
    if not inside:
        copied.ignored.append(f"{entry.path.name}/")
    for path in inside:
        copied.ignored.append(f"{entry.path.name}/{path.relative_to(entry.path).as_posix()}")


def _nothing(group: _Group, file_entries: list[_Entry]) -> str:
    if not file_entries:
        plugins = sorted({e.plugin for e in group.entries})
        return (f"Moodle's download holds no uploaded files for {group.name}, only {', '.join(plugins)} "
                "(text typed into Moodle is not graded). Ask the student to upload their files.")
    return (f"{group.name}'s submission in Moodle's download is empty: "
            f"{', '.join(shown(e.path.name) for e in file_entries)} holds no files.")


def _tell_apart(students: list[IntakeStudent], groups: list[_Group]) -> None:
    """Two students with one name (two "Bob Smith") get their participant id in their key, so
    that the grader's ids say which is which instead of numbering them by chance."""
    counts: dict[str, int] = {}
    for group in groups:
        counts[group.name] = counts.get(group.name, 0) + 1
    for student, group in zip(students, groups):
        if counts[group.name] > 1 and group.number:
            student.key = f"{group.name} ({group.number})"
