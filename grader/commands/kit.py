"""``grader kit --lab LAB -o DIR``: build the wheel students install (grader/kit/build.py).

A thin command: what goes in and what stays out is the library's (docs/kit.md).
"""

from pathlib import Path

import click

from grader.commands.exitcodes import ExitCode, fail
from grader.commands.lab_choice import choose_lab, choose_rubric, lab_option


@click.command("kit")
@click.option("-o", "--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("."), show_default=True,
              help="Folder to write the wheel into.")
@click.option("--rubric", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Your own rubric for the lab: the kit uses it (its public tests) instead of the lab's.")
@lab_option
def kit_command(out: Path, rubric: Path | None, lab_id: str | None) -> None:
    """Build the student kit of a lab: one wheel with `grader check` and the public tests, and no
    answer (no reference solution, hidden test, mutant, answer in clear or demo solution)."""
    from grader.kit.build import KitError, build_kit

    lab = choose_rubric(rubric, lab_id, None).home if rubric else choose_lab(lab_id, None)
    try:
        wheel, kit = build_kit(lab, out.resolve(), rubric.resolve() if rubric else None)
    except KitError as exc:
        fail(ExitCode.BAD_INPUT, str(exc))
    except OSError as exc:
        fail(ExitCode.BAD_INPUT, f"{out} cannot be written ({exc.strerror}). Give a folder you can write to.")
    click.echo(f"Wrote {wheel}")
    click.echo(f"The {lab.id} student kit: {len(kit.files)} files, {len(kit.cut_tests)} test(s) left out "
               "(hidden, or needing mutants or versions students must not have).")
    if kit.teacher_checks:  # questions with few possible answers: nothing of theirs is in the kit
        points = sum(p for entries in kit.teacher_checks.values() for p in entries.values())
        click.echo(f"Yours to give: {points:g} points of {', '.join(kit.teacher_checks)} (answers with few possible values, "
                   "which the kit checks for their format only; `grader grade` checks them).")
    click.echo(f"Students install it with `pip install {wheel.name}` and run `grader check` in their folder "
               "(docs/kit.md). Its points come from the public tests only; `grader grade` gives the full grade.")
