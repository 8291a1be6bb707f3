"""What every lab's handout shares: the starter files, and a README that carries the lab's
specification for students.

    OUT/starter/     every starter file (the student's files to complete and the given ones)
    OUT/README.md    what to do with the files, how to check them, then the specification

A lab whose students need more (sealed wrong classes, a questions file) gives its own
``handout`` hook (docs/labs.md) and builds its README with ``readme_text``.

The specification is the lab's page of docs/ (``Lab.spec``), which is also read by teachers.
Whatever in it is for teachers only (answers to the lab's questions, where the reference
solution is) sits between two marker lines and never reaches a handout:

    <!-- teachers -->
    ...
    <!-- /teachers -->
"""

import re
import shutil
from pathlib import Path

from grader.lab.registry import Lab, LabInputError

HANDED_OUT = (".py", ".yaml", ".md", ".txt")
TEACHERS_ONLY = re.compile(r"^<!-- teachers -->\n.*?^<!-- /teachers -->\n?", re.MULTILINE | re.DOTALL)
MARKER = re.compile(r"^<!-- /?teachers -->", re.MULTILINE)


def student_text(markdown: str) -> str:
    """``markdown`` without its teacher-only blocks; a marker left unpaired is a ValueError,
    since a block that never ends would leak or swallow the rest of the page."""
    text = TEACHERS_ONLY.sub("", markdown)
    if MARKER.search(text):
        raise ValueError("a <!-- teachers --> marker without its pair: each block opens and closes on a line of its own")
    return re.sub(r"\n{3,}", "\n\n", text)


def readme_text(lab: Lab, intro: str) -> str:
    """A handout README: ``intro`` (what the folder holds, what to do next), then the lab's
    specification for students."""
    if lab.spec is not None and lab.spec.is_file():
        return f"{intro.rstrip()}\n\n---\n\n{student_text(lab.spec.read_text(encoding='utf-8'))}"
    return f"{intro.rstrip()}\n\nThe lab's specification did not come with this grader: ask your teacher for it.\n"


def check_empty(out: Path) -> None:
    """Refuse a handout folder that holds anything, so no file of the teacher's is overwritten."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise LabInputError(f"{out} is not an empty folder. Give a new or empty folder, so no file of yours is overwritten.")


def starter_handout(lab: Lab, out: Path, intro: str | None = None) -> list[Path]:
    """Copy ``lab``'s starter files into ``out/starter`` and write the README (``intro``, or a
    plain one, then the specification); the files written."""
    if lab.starter is None or not lab.starter.is_dir():
        raise LabInputError(f"the lab {lab.id} ships no starter files, so there is nothing to hand out.")
    check_empty(out)
    starter = out / "starter"
    starter.mkdir(parents=True)
    written = [Path(shutil.copyfile(source, starter / source.name)) for source in sorted(lab.starter.iterdir())
               if source.is_file() and source.suffix in HANDED_OUT and source.name != "__init__.py"]
    readme = out / "README.md"
    readme.write_text(readme_text(lab, intro or plain_intro(lab)), encoding="utf-8")
    return [*written, readme]


def plain_intro(lab: Lab) -> str:
    return (f"# {lab.title}: your files\n\n"
            f"`starter/` holds the files you complete and the ones given to you. Put them all in a folder\n"
            f"of your own and work there.\n\n"
            f"{CHECK_YOUR_WORK.format(lab=lab.id)}")


CHECK_YOUR_WORK = """## Check your work

Install the grader from the file your teacher gives you (`pip install` and that file's name).
Then, in the folder with your files, run `grader check --lab {lab}`. It tells you what works
and what does not yet.
"""
