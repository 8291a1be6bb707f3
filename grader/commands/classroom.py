"""``grader classroom init [DIR]``: the GitHub Classroom workflow for a template repository.

A thin command over grader.integrations.github.workflow; docs/integrations.md ("GitHub
Classroom") walks a teacher through the whole setup.
"""

from pathlib import Path

import click

from grader.commands.exitcodes import ExitCode, fail
from grader.integrations.github.lab_folder import find_lab_folder
from grader.integrations.github.workflow import (
    RUBRIC_PATH,
    WORKFLOW_PATH,
    WorkflowError,
    write_workflow,
)
from grader.commands.lab_choice import choose_rubric, lab_option
from grader.commands.selection import SelectionError, resolve_activities

KIT_FOLDER = Path(".github/grader")  # where init puts the student kit, in the template repository
FULL_WARNING = ("grader: warning: the workflow installs the full grader ({spec}) in every student's repository run, "
                "so students can read what it holds: the lab's reference solution, its hidden tests and every answer "
                "(docs/kit.md). Leave out --install to install the student kit instead.")


@click.group("classroom")
def classroom_group() -> None:
    """GitHub Classroom: set up autograding for a template repository."""


@classroom_group.command("init")
@click.argument("folder", default=".", type=click.Path(file_okay=False, path_type=Path))
@click.option("--install", "install", default=None, metavar="SPEC",
              help="Install the FULL grader from this pip requirement instead of the student kit, so hidden tests "
                   "count in Classroom (students can then read the answers), e.g. 'git+https://github.com/ORG/REPO@TAG'.")
@click.option("--rubric", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=f"Your own rubric: checked, copied into the repository as {RUBRIC_PATH.as_posix()}, and used by every step.")
@click.option("--activity", "activities", multiple=True,
              help="Only grade this activity (any case); repeatable. Default: every activity except the bonus.")
@click.option("--force", is_flag=True, help="Replace the workflow (and the copied rubric) if they already exist.")
@lab_option
def init_command(folder: Path, install: str | None, rubric: Path | None, activities, force: bool, lab_id: str | None) -> None:
    """Write DIR/.github/workflows/classroom.yml (DIR: your template repository, default the current
    folder): one grading step per activity, then GitHub Classroom's reporter. The steps run the
    student kit, which init builds into DIR/.github/grader/ (public tests only, no answers)."""
    rubric_data = choose_rubric(rubric, lab_id, folder.resolve())  # a template repository holds the starter files
    lab_folder = _lab_folder(folder.resolve(), rubric_data)
    try:
        chosen = resolve_activities(rubric_data, activities)
        kit = install is None
        if kit:
            install = _build_kit(folder.resolve(), rubric_data, rubric, force)
        else:
            click.echo(FULL_WARNING.format(spec=install), err=True)
        written, steps = write_workflow(folder.resolve(), rubric_data, chosen, install,
                                        rubric.resolve() if rubric and not kit else None, force, lab_folder, kit=kit)
    except SelectionError as exc:
        fail(ExitCode.USAGE, str(exc))
    except WorkflowError as exc:
        fail(ExitCode.USAGE, f"{exc}.")
    except OSError as exc:
        fail(ExitCode.BAD_INPUT, f"{folder} cannot be written ({exc.strerror}). Give a folder you can write to.")
    if kit:
        written.append(folder.resolve() / install)
    for path in written:
        click.echo(f"Wrote {path}")
    if kit:
        click.echo("The workflow installs the student kit (the wheel above): Classroom's points come from the public "
                   "tests only. `grader grade` on the cloned repositories gives the full grade (docs/kit.md).")
    click.echo(f"The steps grade {'the top of the repository' if lab_folder == '.' else lab_folder + '/'}, "
               "where the lab's files are.")
    click.echo("Classroom's points are computed in each student's repository, which the student can change: before "
               f"they count, grade the clones with `grader grade CLONES --template {folder.resolve()}`, which names anyone whose "
               ".github/ differs from this template (docs/integrations.md).")
    click.echo(f"{len(steps)} grading step(s): {', '.join(s.activity.id for s in steps)}. Next: commit "
               f"{WORKFLOW_PATH.as_posix()}{' and ' + (KIT_FOLDER.as_posix() + '/') if kit else ' and ' + RUBRIC_PATH.as_posix() if rubric else ''} "
               "to your template repository, "
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


def _build_kit(repository: Path, rubric, rubric_file: Path | None, force: bool) -> str:
    """Build the lab's student kit into the repository's .github/grader/; its path there, for pip."""
    from grader.kit.build import KitError, build_kit

    if not repository.is_dir():
        raise WorkflowError(f"{repository} is not a folder. Give the folder of your template repository "
                            "(the one that holds .git), or create it first")
    folder = repository / KIT_FOLDER
    old = sorted(folder.glob("grader_kit_*.whl")) if folder.is_dir() else []
    if old and not force and not (repository / WORKFLOW_PATH).exists():
        old = []  # a kit without a workflow: left by an interrupted init, replaced
    if old and not force:
        raise WorkflowError(f"{old[0]} already exists, and init never replaces a file you may have edited. "
                            "Move it away, or run again with --force to replace it")
    for wheel in old:
        wheel.unlink()
    try:
        wheel, _ = build_kit(rubric.home, folder, rubric_file.resolve() if rubric_file else None)
    except KitError as exc:
        raise WorkflowError(str(exc)) from None
    return "./" + wheel.relative_to(repository).as_posix()
