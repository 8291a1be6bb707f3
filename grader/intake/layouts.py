"""The layouts a class can arrive in, told apart by what the download holds.

Each layout is a module with three names (the contract a new one follows):

- ``NAME``: what ``--from`` calls it (``canvas``);
- ``recognise(root: Path) -> str``: evidence that the folder ``root`` is this layout, in words
  for the teacher ("41 files named like smithbob_340934_208490284_widget.py"), or "" when it is not;
- ``read(root: Path, scratch: Path, options: IntakeOptions) -> list[IntakeStudent]``: each
  student's work written into a folder of their own under ``scratch`` (model.py), raising
  ``IntakeError`` when the download breaks the layout's rules.
  Whose work an entry is comes from the part of its name the LMS writes; an entry whose name
  reads as more than one student's (a student's part shaped like the LMS's ids) is returned as
  ``model.refused_entry``, graded as no one's and named in the summary, never guessed.

A download given as a zip is unpacked (archive.py) before any layout looks at it. A folder that
no layout recognises is a plain class folder: one folder or zip per student, as always.
"""

import importlib
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType

from grader.intake.model import IntakeError, IntakeStudent

# Most specific first: a Gradescope export holds its metadata file whatever else it holds, a
# folder of clones holds .git folders; Canvas's flat names are the loosest pattern, so last.
LAYOUT_MODULES = ("gradescope", "classroom", "moodle", "blackboard", "canvas")


@dataclass(frozen=True)
class IntakeOptions:
    """What the teacher said about the download beyond where it is."""

    deadline: datetime | None = None  # timezone-aware
    late_grade: bool = False  # repositories: grade the latest commit even when it is late
    # GitHub Classroom: the teacher's template repository, whose .github/ each clone's is
    # compared with (classroom_github.py); None: not compared.
    template: Path | None = None


def layout_names() -> list[str]:
    return list(LAYOUT_MODULES)


def layout(name: str) -> ModuleType:
    return importlib.import_module(f"grader.intake.{name}")


def detect(root: Path) -> tuple[str, str] | None:
    """(layout name, evidence) for the first layout that recognises ``root``, or None for a
    plain class folder."""
    for name in LAYOUT_MODULES:
        evidence = layout(name).recognise(root)
        if evidence:
            return name, evidence
    return None


def read_layout(name: str, root: Path, scratch: Path, options: IntakeOptions) -> list[IntakeStudent]:
    """Every student in ``root`` read as the layout ``name`` (named by the teacher or detected)."""
    module = layout(name)
    if name != "classroom" and not module.recognise(root):
        raise IntakeError(f"{root} does not look like a {name} download. {describe_layouts()}")
    return module.read(root, scratch, options)


def describe_layouts() -> str:
    """The layouts that exist, in one paragraph for an error message."""
    return ("The grader reads: a folder (or zip) holding one folder or .zip per student; a Canvas \"Download "
            "Submissions\" zip (files named student_userid_attachmentid_file); a Moodle \"Download all submissions\" "
            "zip (folders named 'Full Name_12345_assignsubmission_file_'); a Blackboard download (files named "
            "Assignment_username_attempt_date_file); a Gradescope \"Export Submissions\" zip (submission_ID folders "
            "and submission_metadata.yml); a folder of GitHub Classroom clones (one git repository per student). "
            "Name one with --from canvas|moodle|blackboard|gradescope|classroom.")


# What each download's names look like, for a quick look before anything is unpacked
# (`grader check` telling a teacher's download from a student's own zip).
_NAME_SIGNS = (
    re.compile(r"(^|/)submission_metadata\.ya?ml$"),  # Gradescope
    re.compile(r"_assignsubmission_[a-z0-9]+(_|/|$)"),  # Moodle, 3.x (folder_) and 4.1+ (folder/)
    re.compile(r"_attempt_\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d"),  # Blackboard
)
_CANVAS_NAME = re.compile(r"^[^/_]+_(LATE_)?\d+_\d+_[^/]+$")


def detect_names(names: list[str]) -> bool:
    """Whether these names (a zip's entries or a folder's children) look like an LMS download."""
    if any(sign.search(name) for name in names for sign in _NAME_SIGNS):
        return True
    files = [name for name in names if not name.endswith("/")]
    return len(files) >= 2 and sum(bool(_CANVAS_NAME.match(name)) for name in files) * 2 > len(files)
