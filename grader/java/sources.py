"""Finding a Java submission's classes wherever a real project keeps them.

Students hand in flat folders (BlueJ, a plain editor), package folders (``src/pkg/Widget.java``
with ``package pkg;``), Maven or Gradle trees (``src/main/java/org/x/...``), IDE projects, or one
folder per activity (``Activity1/`` ... ``Activity5/``), each keeping its own copy of the classes
written so far. A class is found by its file name anywhere under the submission; when several
files hold it, the one in the latest activity folder wins (the highest number at the end of a
folder name on its path), so ``Activity5/Widget.java`` beats ``Activity1/Widget.java``.

Links are never followed and build output (``.class`` files, ``target/``, ``build/``, ``out/``,
``bin/``) is never read: classes are always compiled from the student's source.
"""

import os
import re
from pathlib import Path

from grader.intake.walking import files_under
NUMBER_AT_END = re.compile(r"(\d+)$")


def class_name(python_file: str) -> str:
    """The Java class a Python file of the lab corresponds to: ``widget_box.py`` -> ``WidgetBox``."""
    stem = python_file[:-3] if python_file.endswith(".py") else python_file
    return "".join(part[:1].upper() + part[1:] for part in stem.split("_") if part)


def java_file(python_file: str) -> str:
    return class_name(python_file) + ".java"


def _activity_number(relative: Path) -> int:
    """The highest number ending a folder name on the path (``Activity4/`` -> 4), else -1."""
    numbers = [int(m.group(1)) for part in relative.parts[:-1] if (m := NUMBER_AT_END.search(part))]
    return max(numbers, default=-1)


def java_sources(folder: Path) -> dict[str, Path]:
    """Every ``.java`` file under ``folder`` by its class name (the file name without ``.java``),
    the latest one of each name when there are several (see the module docstring)."""
    found: dict[str, list[Path]] = {}
    for path in files_under(folder):
        if path.name.endswith(".java") and os.access(path, os.R_OK):
            found.setdefault(path.name[:-5], []).append(path)

    def rank(path: Path) -> tuple:
        relative = path.relative_to(folder)
        # The latest activity folder first; then the shallowest copy; then the name, for a stable choice.
        return (_activity_number(relative), -len(relative.parts), str(relative))

    return {name: max(paths, key=rank) for name, paths in found.items()}


def is_java_submission(folder: Path, python_files: list[str], present: set[str]) -> bool:
    """Whether ``folder`` is a Java submission of a lab whose students write ``python_files``:
    it holds none of them (``present``: the file names at its top) and at least one of the
    matching Java classes somewhere under it."""
    if any(name in present for name in python_files):
        return False
    wanted = {class_name(name) for name in python_files}
    return any(name in wanted for name in java_sources(folder))
