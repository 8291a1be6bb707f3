"""``grader gradescope build``: the autograder zip for Gradescope; and ``grader export gradescope``
and ``grader export prairielearn``, which write one submission's results.json for those platforms.

The work is done by grader/integrations/gradescope/ and the two reporters; this module reads
the options, turns every error into a message with its fix and picks the exit code. The two
export subcommands replace the generic ones `grader export` would make from the reporters'
names, because a results.json for these platforms holds one submission: with several, the
teacher picks one with ``--student``.
"""

from pathlib import Path

import click

from grader.commands.export import export_group, load_results, results_argument
from grader.commands.exitcodes import ExitCode, fail
from grader.integrations.gradescope.bundle import build_bundle
from grader.integrations.gradescope.settings import (
    DEFAULT_SANDBOX_USER,
    BundleSettings,
    SettingsError,
)
from grader.integrations.gradescope.wheel import WheelError
from grader.reporters.gradescope_json import (
    BONUS_POLICIES,
    VISIBILITIES,
    GradescopeOptions,
    OneSubmissionError,
    write_gradescope_json,
)
from grader.reporters.prairielearn_json import write_prairielearn_json
from grader.reporters.wording import points
from grader.results.model import ClassResults
from grader.commands.lab_choice import choose_rubric, lab_option
from grader.lab.rubric import RubricError

hidden_option = click.option("--hidden-visibility", type=click.Choice(VISIBILITIES), default="after_due_date", show_default=True,
                             help="When students see hidden tests (public tests are always visible).")
bonus_option = click.option("--bonus", type=click.Choice(BONUS_POLICIES), default="extra_credit", show_default=True,
                            help="extra_credit: bonus tests add their points to the score; apart: they are shown, worth 0.")
student_option = click.option("--student", "student", default=None, metavar="ID",
                              help="The submission to write, when RESULTS.json holds several.")


@click.group("gradescope")
def gradescope_group() -> None:
    """Grade on Gradescope: build the autograder zip to upload (docs/integrations.md)."""


@gradescope_group.command("build")
@click.option("--rubric", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
              help="Your rubric YAML, put in the zip (default: the lab's rubric, inside the grader).")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, path_type=Path), default=Path("autograder.zip"),
              show_default=True, help="Where to write the zip.")
@hidden_option
@bonus_option
@click.option("--sandbox-user", default=DEFAULT_SANDBOX_USER, show_default=True,
              help="The unprivileged user student code runs as on Gradescope (created if missing); root: none.")
@click.option("--no-java", "no_java", is_flag=True,
              help="The class hands in Python only: the image gets no JDK and no JUnit (a minute less to build). "
                   "A Java submission is then reported as the autograder's problem, not graded.")
@lab_option
def build_command(rubric: Path | None, output: Path, hidden_visibility: str, bonus: str, sandbox_user: str,
                  no_java: bool, lab_id: str | None) -> None:
    """Write the autograder zip: upload it on the assignment's Configure Autograder page."""
    chosen = choose_rubric(rubric, lab_id)
    try:
        settings = BundleSettings(GradescopeOptions(hidden_visibility, bonus), sandbox_user)
        # The rubric goes into the zip, the lab's own too: it names the lab the grader runs there.
        target = build_bundle(output.resolve(), Path(chosen.source), settings, java=not no_java)
    except SettingsError as exc:
        fail(ExitCode.USAGE, str(exc))
    except RubricError as exc:
        fail(ExitCode.BAD_RUBRIC, str(exc))
    except WheelError as exc:
        fail(ExitCode.INTERNAL, f"cannot package the grader: {exc}")
    except OSError as exc:
        fail(ExitCode.BAD_INPUT, f"cannot write {output} ({exc.strerror or exc}). Give -o a file in a folder you can write to.")
    click.echo(f"Wrote {target}. On Gradescope: Configure Autograder, choose the Ubuntu 22.04 base image (or newer), "
               f"upload this zip, and set the assignment's points to {points(chosen.total_max)}. Hidden tests are shown "
               f"{hidden_visibility.replace('_', ' ')}; student code runs as {sandbox_user}."
               + (" No JDK in the image (--no-java): a Java submission is not graded." if no_java else ""))


@click.command("gradescope", help="Gradescope's results.json for one submission (docs/integrations.md).")
@results_argument
@click.option("-o", "--output", "path", type=click.Path(dir_okay=False, path_type=Path), default=Path("gradescope.json"),
              show_default=True, help="Where to write it (on the platform it must be called results.json).")
@student_option
@hidden_option
@bonus_option
def export_gradescope(results_file: Path, path: Path, student: str | None, hidden_visibility: str, bonus: str) -> None:
    results = _one(load_results(results_file), student)
    _not_the_input(path, results_file)
    try:
        written = write_gradescope_json(results, path.resolve(), GradescopeOptions(hidden_visibility, bonus))
    except OneSubmissionError as exc:
        fail(ExitCode.USAGE, str(exc))
    click.echo(f"Wrote {written[0]}")


@click.command("prairielearn", help="PrairieLearn's external grader results.json for one submission (docs/integrations.md).")
@results_argument
@click.option("-o", "--output", "path", type=click.Path(dir_okay=False, path_type=Path), default=Path("prairielearn.json"),
              show_default=True, help="Where to write it (on the platform it must be called results.json).")
@student_option
def export_prairielearn(results_file: Path, path: Path, student: str | None) -> None:
    results = _one(load_results(results_file), student)
    _not_the_input(path, results_file)
    try:
        written = write_prairielearn_json(results, path.resolve())
    except OneSubmissionError as exc:
        fail(ExitCode.USAGE, str(exc))
    click.echo(f"Wrote {written[0]}")


def _one(results: ClassResults, student: str | None) -> ClassResults:
    """``results`` with only ``student``'s submission, when one is named."""
    if student is None:
        return results
    chosen = [s for s in results.submissions if s.id == student]
    if not chosen:
        ids = ", ".join(s.id for s in results.submissions[:10])
        fail(ExitCode.USAGE, f"--student {student!r} is not in these results. Give one of their ids: {ids}")
    return ClassResults(results.lab, chosen, results.base_seed, results.sandbox, results.grader_version)


def _not_the_input(path: Path, results_file: Path) -> None:
    if path.resolve() == results_file.resolve():
        fail(ExitCode.USAGE, f"-o {path} is the results.json being read: writing there would destroy it. "
                              "Give -o another file, e.g. -o gradescope/results.json.")



# Formats that need more than the results add their own subcommand to `grader export`
# (grader/commands/export.py); these take the place of the generic ones of the same names.
export_group.add_command(export_gradescope)
export_group.add_command(export_prairielearn)
