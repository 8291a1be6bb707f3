"""Opening what the teacher downloaded: a zip or a folder, of any layout layouts.py knows.

``open_download`` unpacks a zip (with the class-sized limits below), tells the layout (or takes
the one the teacher named), and has the layout's reader write each student's files into a
folder of their own. What comes back is the same whatever the LMS: a list of students, each
with a folder (or a problem) and an identity. A folder no layout recognises is ``None``: the
caller grades it as a plain class folder, one folder or zip per student, as always.
"""

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from grader.intake import safe_paths
from grader.intake.layouts import IntakeOptions, describe_layouts, detect, layout_names, read_layout
from grader.intake.model import IntakeError, IntakeStudent
from grader.intake.names import assign_ids, shown
from grader.intake.class_folder import Entry

# A whole class's download: room for a few hundred students' zips, where one student's zip is
# held to grader.intake.class_folder' 20 MB and 2000 files.
CLASS_ZIP_BYTES = 1 << 30
CLASS_ZIP_ENTRIES = 100_000


@dataclass
class Download:
    """A download read as one layout."""

    layout: str  # canvas, moodle, ... ("" for a zip of plain student folders)
    evidence: str  # why that layout, in words (or "named with --from")
    root: Path  # the folder the layout was read from (the zip's unpacked copy for a zip)
    students: list[IntakeStudent] = field(default_factory=list)
    strays: list[str] = field(default_factory=list)  # names in the download that belong to no student
    # Entries of the download's zip that were not unpacked (a link; a name no file may have), in words.
    left_out: list[str] = field(default_factory=list)


def open_download(path: Path, scratch: Path, named: str | None = None,
                  options: IntakeOptions = IntakeOptions()) -> Download | None:
    """``path`` (a zip or a folder) read as the layout ``named``, or as the one it looks like.

    None when ``path`` is a plain class folder (no layout recognises it, and none was named).
    A zip that no layout recognises is unpacked and comes back with layout "" and its folder,
    to be graded as a plain class folder. Raises IntakeError when the download cannot be read.
    """
    if named is not None and named not in layout_names():
        raise IntakeError(f"--from {named!r} is not a layout the grader reads. {describe_layouts()}")
    root, left_out = path, []
    if path.is_file():
        if path.suffix.lower() != ".zip":
            raise IntakeError(f"{path} is a file, not a folder or a .zip. Give the folder that holds one folder or .zip "
                              f"per student, or the zip your LMS gave you. {describe_layouts()}")
        root = Path(tempfile.mkdtemp(prefix="download-", dir=scratch))
        try:
            # Lenient: one student's odd file name (con.py, Widget.py beside widget.py) leaves that
            # entry out and is listed, instead of refusing every student's work.
            left_out = safe_paths.unpack_zip(path, root, CLASS_ZIP_BYTES, CLASS_ZIP_ENTRIES,
                                             advice="download the submissions again, or in parts", lenient=True).skipped
        except safe_paths.Refused as exc:
            raise IntakeError(str(exc)) from None
        root = _inside_wrapper(root)
    if named is None:
        found = detect(root)
        if found is None:
            return Download("", "", root, left_out=left_out) if root != path else None
        named, evidence = found
    else:
        evidence = "named with --from"
    students = read_layout(named, root, scratch, options)
    strays_of = getattr(_module(named), "stray_files", None)
    return Download(named, evidence, root, students, list(strays_of(root)) if strays_of else [], left_out)


def _module(name: str):
    from grader.intake.layouts import layout

    return layout(name)


def _inside_wrapper(folder: Path) -> Path:
    """The folder a download's zip really starts in: a zip made of one folder (or one folder
    beside the __MACOSX folder macOS adds) starts inside that folder."""
    while True:
        children = [c for c in folder.iterdir() if c.name not in ("__MACOSX", ".DS_Store")]
        if len(children) == 1 and children[0].is_dir() and not children[0].is_symlink() and detect(folder) is None \
                and (detect(children[0]) is not None or _only_students(children[0])):
            folder = children[0]
        else:
            return folder


def _only_students(folder: Path) -> bool:
    """A folder that looks like a plain class: only folders and zips (one per student)."""
    inside = [c for c in folder.iterdir() if not c.name.startswith(".") and c.name != "__MACOSX"]
    return bool(inside) and all(c.is_dir() or c.suffix.lower() == ".zip" for c in inside)


def download_entries(download: Download, reserved: frozenset[str]) -> list[Entry]:
    """One entry per student of ``download``, each with a safe, distinct id made from the
    layout's key (grader/intake/names.py), the identity the LMS gave, and any problem found."""
    where = [f"the {download.layout} submission of {shown(s.key)}" for s in download.students]
    namings = assign_ids([(k, w) for k, w in zip(_distinct_keys(download.students), where)], reserved)
    entries = []
    for student, naming in zip(download.students, namings):
        folder = student.folder if student.folder is not None else download.root
        # The reader's own remark (a folder the LMS's metadata does not list) joins the names to look at.
        teacher_note = " ".join(note for note in (naming.teacher_note, student.note) if note)
        entries.append(Entry(naming.id, folder, naming.student_note, teacher_note,
                             identity=student.identity.to_dict(), problem=student.problem))
    return entries


def _distinct_keys(students: list[IntakeStudent]) -> list[str]:
    """Each student's key, with the LMS's own id added to keys that two students share (two
    Canvas ``smithbob``s become ``smithbob (340934)`` and ``smithbob (340935)``): an id that says
    who is who, where a bare ``(2)`` would only say which came second in the download."""
    counts: dict[str, int] = {}
    for student in students:
        counts[student.key] = counts.get(student.key, 0) + 1
    keys = []
    for student in students:
        own = next(iter(student.identity.ids.values()), "") if student.identity.ids else ""
        keys.append(f"{student.key} ({own})" if counts[student.key] > 1 and own and own not in student.key else student.key)
    return keys
