"""The handout of a lab that brings no handout of its own: its starter files, as they are.

    OUT/starter/     every starter file (the student's files to complete and the given ones)
    OUT/README.md    the lab's title and what to do with the files

A lab whose students need more (compiled wrong classes, a questions file) gives its own
``handout`` hook instead (docs/labs.md).
"""

import shutil
from pathlib import Path

from grader.labs import Lab, LabInputError

HANDED_OUT = (".py", ".yaml", ".md", ".txt")


def starter_handout(lab: Lab, out: Path) -> list[Path]:
    """Copy ``lab``'s starter files into ``out/starter``; the files written."""
    if lab.starter is None or not lab.starter.is_dir():
        raise LabInputError(f"the lab {lab.id} ships no starter files, so there is nothing to hand out.")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise LabInputError(f"{out} is not an empty folder. Give a new or empty folder, so no file of yours is overwritten.")
    starter = out / "starter"
    starter.mkdir(parents=True)
    written = [Path(shutil.copyfile(source, starter / source.name)) for source in sorted(lab.starter.iterdir())
               if source.is_file() and source.suffix in HANDED_OUT and source.name != "__init__.py"]
    readme = out / "README.md"
    readme.write_text(f"# {lab.title}: student files\n\n"
                      f"`starter/` holds the files you complete and the ones given to you. Work in a folder of\n"
                      f"your own with all of them, and run `grader check --lab {lab.id}` there to see what\n"
                      f"works and what does not.\n", encoding="utf-8")
    return [*written, readme]
