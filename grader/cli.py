"""The ``grader`` command: a thin layer over the library (grader.engine, grader.reporters)."""

import shutil
import sys
import tempfile
from pathlib import Path

import click

from grader.console import print_check, print_diagnosis, print_summary, progress_bar
from grader.diagnosis import diagnose_deck
from grader.engine.batch import GradeOptions, grade
from grader.engine.run_state import RunStateError, finish_state, prepare_state, run_fingerprint
from grader.exitcodes import ExitCode
from grader.handout import HandoutError, write_handout
from grader.reporters import reporter_manager
from grader.rubric import RubricError, load_rubric
from grader.sandbox.isolation import detect
from grader.submissions import Submission, SubmissionsError, find_submissions

rubric_option = click.option("--rubric", type=click.Path(dir_okay=False, path_type=Path), help="Rubric YAML (default: the bundled Elevens rubric).")
seed_option = click.option("--seed", "base_seed", type=int, default=0, show_default=True, help="Base seed for every randomized test; the same seed gives the same grade.")
activity_option = click.option("--activity", "activities", multiple=True, help="Only this activity (A1, A2, ...); repeatable.")
isolation_option = click.option("--isolation", type=click.Choice(["auto", "namespaces", "process"]), default="auto",
                                show_default=True, help="Sandbox level: the strongest this machine has, or one you name (docs/security.md).")
test_option = click.option("--test", "tests", multiple=True, help="Only tests whose name matches (a glob is fine); repeatable.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="elevens-grader")
def main() -> None:
    """Autograder for the Python edition of the AP CS A Elevens lab."""


@main.command("grade")
@click.argument("submissions", type=click.Path(path_type=Path))
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path), help="Folder for results.json, gradebook.csv and one report per student.")
@click.option("--jobs", type=int, default=0, help="Grading processes to run at once (default: one per core).")
@rubric_option
@seed_option
@activity_option
@test_option
@isolation_option
@click.option("--resume", is_flag=True, help="Finish a run that was interrupted: submissions it already graded are not graded again.")
def grade_command(submissions: Path, out_dir: Path, jobs: int, rubric: Path | None, base_seed: int, activities, tests,
                  isolation: str, resume: bool) -> None:
    """Grade every student folder or .zip in SUBMISSIONS."""
    rubric_data = _load_rubric(rubric)
    options = GradeOptions(base_seed=base_seed, jobs=jobs, only_activities=list(activities), only_tests=list(tests),
                           isolation=_level(isolation))
    try:
        saved = prepare_state(out_dir, run_fingerprint(rubric_data, options), resume)
    except RunStateError as exc:
        _fail(ExitCode.USAGE, str(exc))
    with tempfile.TemporaryDirectory(prefix="elevens-grade-") as scratch:
        found = _find(submissions, Path(scratch))
        with progress_bar(len(found)) as advance:
            results = grade(rubric_data, found, options, Path(scratch), on_done=advance, saved=saved)
    written = reporter_manager().hook.grader_write_reports(results=results, out_dir=out_dir)
    finish_state(out_dir)
    print_summary(results)
    click.echo(f"Wrote {sum(len(paths) for paths in written)} files to {out_dir}")
    sys.exit(ExitCode.OK)


@main.command("check")
@click.argument("folder", default=".", type=click.Path(path_type=Path))
@click.option("--require-all", is_flag=True, help="Also fail when an activity's files are missing (for CI on a finished lab).")
@rubric_option
@seed_option
@activity_option
@test_option
@isolation_option
def check_command(folder: Path, require_all: bool, rubric: Path | None, base_seed: int, activities, tests,
                  isolation: str) -> None:
    """Run the public tests on your own FOLDER (default: the current folder)."""
    rubric_data = _load_rubric(rubric)
    if not folder.is_dir():
        _fail(ExitCode.BAD_INPUT, f"{folder} is not a folder. Run `grader check` inside the folder with your .py files, or give its path.")
    options = GradeOptions(base_seed=base_seed, jobs=1, visibility=["public"], only_activities=list(activities),
                           only_tests=list(tests), isolation=_level(isolation))
    submission = Submission(folder.resolve().name or "submission", folder.resolve())
    with tempfile.TemporaryDirectory(prefix="elevens-check-") as scratch:
        results = grade(rubric_data, [submission], options, Path(scratch))
    result = results.submissions[0]
    print_check(result, base_seed)
    # The diagnosis is about a Deck: offer it when a test of an activity grading deck.py failed.
    deck_failed = any(t.outcome != "passed" for a in result.activities
                      if "deck.py" in rubric_data.activity(a.id).files for t in a.tests)
    if deck_failed and (folder / "deck.py").is_file():
        click.echo("")
        print_diagnosis(folder / "deck.py", diagnose_deck((folder / "deck.py").resolve()))
    ran = [t for a in result.activities for t in a.tests]
    all_passed = bool(ran) and all(t.outcome == "passed" for t in ran) and result.status == "graded"
    if require_all and any(a.status != "graded" for a in result.activities):
        all_passed = False
    sys.exit(ExitCode.OK if all_passed else ExitCode.TESTS_FAILED)


@main.command("diagnose")
@click.argument("path", type=click.Path(exists=True, path_type=Path))
def diagnose_command(path: Path) -> None:
    """Say what is wrong with a Deck, and why: PATH is a deck.py or a folder holding one."""
    deck = path / "deck.py" if path.is_dir() else path
    if not deck.is_file():
        _fail(ExitCode.BAD_INPUT, f"{path} holds no deck.py. Give the path of a deck.py, or of the folder it is in.")
    findings = diagnose_deck(deck.resolve())
    print_diagnosis(deck, findings)
    sys.exit(ExitCode.TESTS_FAILED if findings else ExitCode.OK)


@main.command("handout")
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
def handout_command(out: Path) -> None:
    """Write the student handout to OUT: starter files and Activity 5's buggy Decks."""
    try:
        written = write_handout(out)
    except HandoutError as exc:
        _fail(ExitCode.BAD_INPUT, str(exc))
    click.echo(f"Wrote {len(written)} files to {out}")
    sys.exit(ExitCode.OK)


def _level(wanted: str) -> str:
    try:
        return detect(wanted)
    except RuntimeError as exc:
        _fail(ExitCode.USAGE, str(exc))


def _load_rubric(path: Path | None):
    try:
        return load_rubric(path)
    except RubricError as exc:
        _fail(ExitCode.BAD_RUBRIC, str(exc))


def _find(root: Path, scratch: Path) -> list[Submission]:
    try:
        found = find_submissions(root, scratch)
    except SubmissionsError as exc:
        _fail(ExitCode.BAD_INPUT, str(exc))
    if not found:
        _fail(ExitCode.BAD_INPUT, f"{root} holds no student folders or .zip files. Put one folder or .zip per student in it.")
    return found


def _fail(code: ExitCode, message: str) -> None:
    click.echo(f"grader: {message}", err=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
