"""Where a template repository keeps the lab's files, so the Classroom steps grade that folder.

`grader handout` writes the starter files into a folder of their own, and teachers push
repositories laid out in several ways: the files at the top, in ``starter/``, in ``src/``, in one
project folder (``MyLab/src/``). Graded from the top, a repository whose files sit in
``starter/`` finds nothing, and even the teacher's own solution scores 0, so ``grader classroom
init`` looks for them, in this order, and the steps it writes grade the first folder that holds
any of the lab's files (Python or Java):

1. the repository's top folder;
2. ``starter/`` and ``src/``;
3. any other folder at the top (not hidden), then the ``src/`` inside it.
"""

from pathlib import Path

from grader.lab.registry import Lab

PREFERRED = ("starter", "src")


def lab_file_names(lab: Lab) -> set[str]:
    """The lab's student files, lower case, each Python name with its Java twin."""
    from grader.java.sources import java_file

    names = lab.student_files()
    return {name.lower() for name in names} | {java_file(name).lower() for name in names if name.endswith(".py")}


def candidate_folders(repository: Path) -> list[Path]:
    """The folders looked at, in order (see the module docstring)."""
    found = [repository, *(repository / name for name in PREFERRED)]
    others = sorted(child for child in repository.iterdir() if child.is_dir() and not child.name.startswith(".")
                    and child.name not in PREFERRED) if repository.is_dir() else []
    for child in others:
        found += [child, child / "src"]
    return [folder for folder in found if folder.is_dir()]


def find_lab_folder(repository: Path, lab: Lab) -> Path | None:
    """The folder of ``repository`` that holds the lab's files, relative to it (``.`` for the
    top); None when no folder does."""
    wanted = lab_file_names(lab)
    for folder in candidate_folders(repository):
        if any(child.is_file() and child.name.lower() in wanted for child in folder.iterdir()):
            return folder.relative_to(repository)
    return None
