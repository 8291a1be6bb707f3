"""Which lab and which rubric a command uses, the same way for every command.

``--lab ID`` wins; else ``--rubric``'s ``lab:``; else the only lab installed; else the lab whose
student files the folder holds (grader.lab.registry.detect_lab). A command with no folder to look at
(``gradescope build``) asks for ``--lab`` when several labs are installed.
"""

from collections.abc import Callable
from pathlib import Path

import click

from grader.commands.exitcodes import ExitCode, fail
from grader.lab.registry import Lab, LabError, detect_lab, get_lab, installed_labs
from grader.lab.rubric import Rubric, RubricError, load_rubric

lab_option = click.option("--lab", "lab_id", default=None, metavar="ID",
                          help="Which lab (`grader labs` lists them; default: the rubric's lab, or the one the files are for).")


def choose_lab(lab_id: str | None, folder: Path | None, fallback: Callable[[Lab], bool] | None = None) -> Lab:
    """The lab asked for with --lab; else the only one installed, or the one ``folder`` is for;
    when there is no folder or it cannot tell, the only lab that passes ``fallback`` (e.g. the only
    lab with a diagnosis of its own, whose own messages say best what is wrong with the path)."""
    try:
        if lab_id is not None:
            return get_lab(lab_id)
        labs = installed_labs()
        if len(labs) == 1:
            return next(iter(labs.values()))
        fit = [lab for lab in labs.values() if fallback is not None and fallback(lab)]
        if folder is None:
            if len(fit) == 1:
                return fit[0]
            fail(ExitCode.USAGE, f"say which lab with --lab ID (installed: {', '.join(labs)}; `grader labs` lists them)")
        try:
            return detect_lab(folder if folder.is_dir() else folder.parent)
        except LabError:
            if len(fit) == 1:
                return fit[0]
            raise
    except LabError as exc:
        fail(ExitCode.USAGE, str(exc))


def choose_rubric(path: Path | None, lab_id: str | None = None, folder: Path | None = None) -> Rubric:
    """The rubric: --rubric (whose `lab:` must agree with --lab), else the chosen lab's own."""
    try:
        if path is not None:
            rubric = load_rubric(path.resolve())
            if lab_id is not None and rubric.lab != lab_id.strip().lower():
                fail(ExitCode.USAGE, f"--lab {lab_id} but the rubric {path} is for the lab {rubric.lab}: "
                                     "leave out --lab, or give a rubric for that lab")
            return rubric
        return load_rubric(lab=choose_lab(lab_id, folder))
    except RubricError as exc:
        fail(ExitCode.BAD_RUBRIC, str(exc))
