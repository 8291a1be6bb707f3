"""``grader classroom init [DIR]``: the GitHub Classroom workflow for a template repository.

A thin command over grader.integrations.github.workflow; docs/integrations.md ("GitHub
Classroom") walks a teacher through the whole setup.
"""

from pathlib import Path

import click

from grader.exitcodes import ExitCode, fail
from grader.integrations.github.lab_folder import find_lab_folder
from grader.integrations.github.workflow import (
    RUBRIC_PATH,
    WORKFLOW_PATH,
    WorkflowError,
    write_workflow,
)
from grader.lab_choice import choose_rubric, lab_option
from grader.selection import SelectionError, resolve_activities

INSTALL_MISSING = ("--install is missing. The workflow installs the grader on GitHub's machine before it grades, "
                   "so it needs the pip requirement of the grader you use, for example\n"
                   "  --install 'git+https://github.com/YOUR-ORG/elevens-grader@v0.1.0'   (your copy of this repository, at a tag)\n"
                   "  --install 'https://example.org/elevens_grader-0.1.0-py3-none-any.whl'   (a wheel you host)\n"
                   "Pin a tag or a version, so a change to the grader never changes grades in the middle of term.")


@click.group("classroom")
def classroom_group() -> None:
    """GitHub Classroom: set up autograding for a template repository."""


@classroom_group.command("init")
@click.argument("folder", default=".", type=click.Path(file_okay=False, path_type=Path))
@click.option("--install", "install", default=None, metavar="SPEC",
              help="pip requirement that installs this grader on GitHub's machine, e.g. "
                   "'git+https://github.com/ORG/REPO@TAG' or a wheel's URL (required).")
@click.option("--rubric", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=f"Your own rubric: checked, copied into the repository as {RUBRIC_PATH.as_posix()}, and used by every step.")
@click.option("--activity", "activities", multiple=True,
              help="Only grade this activity (any case); repeatable. Default: every activity except the bonus.")
@click.option("--force", is_flag=True, help="Replace the workflow (and the copied rubric) if they already exist.")
@lab_option
def init_command(folder: Path, install: str | None, rubric: Path | None, activities, force: bool, lab_id: str | None) -> None:
    """Write DIR/.github/workflows/classroom.yml (DIR: your template repository, default the current
    folder): one grading step per activity, then GitHub Classroom's reporter."""
    if install is None:
        fail(ExitCode.USAGE, INSTALL_MISSING)
    rubric_data = choose_rubric(rubric, lab_id, folder.resolve())  # a template repository holds the starter files
    lab_folder = _lab_folder(folder.resolve(), rubric_data)
    try:
        chosen = resolve_activities(rubric_data, activities)
        written, steps = write_workflow(folder.resolve(), rubric_data, chosen, install, rubric.resolve() if rubric else None,
                                        force, lab_folder)
    except SelectionError as exc:
        fail(ExitCode.USAGE, str(exc))
    except WorkflowError as exc:
        fail(ExitCode.USAGE, f"{exc}.")
    except OSError as exc:
        fail(ExitCode.BAD_INPUT, f"{folder} cannot be written ({exc.strerror}). Give a folder you can write to.")
    for path in written:
        click.echo(f"Wrote {path}")
    click.echo(f"The steps grade {'the top of the repository' if lab_folder == '.' else lab_folder + '/'}, "
               "where the lab's files are.")
    click.echo(f"{len(steps)} grading step(s): {', '.join(s.activity.id for s in steps)}. Next: commit "
               f"{WORKFLOW_PATH.as_posix()}{' and ' + RUBRIC_PATH.as_posix() if rubric else ''} to your template repository, "
               "and turn on GitHub Actions for it (docs/integrations.md, \"GitHub Classroom\").")



def _lab_folder(repository: Path, rubric) -> str:
    """The folder the steps grade (lab_folder.py); the top, with a warning, when none holds the lab's files."""
    found = find_lab_folder(repository, rubric.home) if rubric.home is not None and repository.is_dir() else None
    if found is None:
        click.echo(f"grader: warning: none of the lab's files ({', '.join(rubric.home.student_files()[:3]) if rubric.home else 'its .py files'}, ...) "
                   f"is in {repository}, its starter/ or src/ folder, or a folder at its top, so the steps grade the "
                   "top of the repository. Put the starter files there (`grader handout` writes them) before students "
                   "accept the assignment, or every submission will score 0.", err=True)
        return "."
    return found.as_posix()
