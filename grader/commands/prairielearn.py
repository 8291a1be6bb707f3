"""``grader prairielearn grade FOLDER --lab ID -o results.json``: what a PrairieLearn question's
entrypoint runs. A thin command over grader/integrations/prairielearn.py; it exits 0 whenever it
wrote the results file, whatever the grade, so PrairieLearn always gets a score and a message."""

from pathlib import Path

import click

from grader.commands.exitcodes import ExitCode, fail
from grader.integrations.prairielearn import grade_for_prairielearn, write_results


@click.group("prairielearn")
def prairielearn_group() -> None:
    """Grade on PrairieLearn as an external grader (docs/integrations.md)."""


@prairielearn_group.command("grade")
@click.argument("folder", default="/grade/student", type=click.Path(path_type=Path))
@click.option("--lab", "lab_id", default=None, metavar="ID", help="The lab (`grader labs` lists them); or give --rubric.")
@click.option("--rubric", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Your rubric YAML.")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("/grade/results/results.json"), show_default=True, help="Where PrairieLearn reads the results.")
def grade_command(folder: Path, lab_id: str | None, rubric: Path | None, output: Path) -> None:
    """Grade FOLDER (default /grade/student) and write PrairieLearn's results.json, always."""
    if lab_id is None and rubric is None:
        fail(ExitCode.USAGE, "name the lab with --lab ID (or your rubric with --rubric): a student's folder may hold "
                             "nothing to tell the lab from, and the results must say so rather than fail")
    document = grade_for_prairielearn(folder.resolve(), lab_id, rubric.resolve() if rubric else None)
    try:
        write_results(output.resolve(), document)
    except OSError as exc:
        fail(ExitCode.BAD_INPUT, f"cannot write {output} ({exc.strerror or exc})")
    click.echo(f"Wrote {output}: {'score ' + str(document['score']) if document.get('gradable') else 'not gradable'}; "
               f"{document.get('message', '')}")
