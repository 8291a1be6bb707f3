"""The ``grader`` command: a thin layer over the library (grader.engine, grader.reporters)."""

import signal
import sys
import threading
from pathlib import Path

import click

from grader.sandbox.launcher import probe_early

# The jail probe of `grade` and `check` starts now and runs while the imports below and the
# command's planning do (grader/sandbox/launcher.py): about 0.1 s off every `grader check`.
if __name__ == "__main__" or Path(sys.argv[0]).name == "grader":
    probe_early(sys.argv[1:])

from grader import __version__  # noqa: E402
from grader.terminal.check_output import print_next_step, print_opening
from grader.terminal.check_view import all_command, check_view, started_only
from grader.commands.arguments import (
    check_out_dir,
    class_folder_entries,
    isolation_level,
    one_submission,
    selection,
    shard_spec,
)
from grader.commands.group import GraderCommands
from grader.commands.intake import (
    IntakeChoice,
    download_notes,
    print_download_notes,
    intake_options,
    is_download,
    open_class,
    scratch_for_intake,
    student_of_download,
)
from grader.terminal.console import console, print_check, print_name_notes, print_run_problems, print_summary, progress_bar
from grader.engine.batch import GradeOptions, grade
from grader.engine.planning import planned_imports
from grader.engine.resume import folder_digest, resume_message, survey
from grader.engine.causes import name_causes
from grader.engine.run_state import (
    RunStateError,
    finish_state,
    prepare_state,
    run_fingerprint,
    scratch_dir,
)
from grader.commands.exitcodes import ExitCode, check_exit_code, fail, run_exit_code
from grader.kit.edition import is_kit
from grader.kit.own_files import with_dependencies
from grader.reporters import output_formats, output_names, write_run_outputs
from grader.commands.lab_choice import choose_lab, choose_rubric, lab_option
from grader.lab.registry import LabInputError, broken_labs, installed_labs
from grader.commands.option_types import WholeNumber
from grader.lab.rubric import RubricError, load_rubric
from grader.sandbox.confinement import ALLOW_FLAG
from grader.sandbox.leftovers import owned_folder
from grader.results.replay import ReplayTarget
from grader.results.sharding import shard_record, split
from grader.intake.class_folder import Submission, open_entries, skipped_entries

rubric_option = click.option("--rubric", type=click.Path(dir_okay=False, path_type=Path), help="Rubric YAML (default: the lab's own rubric).")
seed_option = click.option("--seed", "base_seed", type=int, default=0, show_default=True, help="Base seed for every randomized test; the same seed gives the same grade.")
activity_option = click.option("--activity", "activities", multiple=True, help="Only this activity (A1, A2, ...; any case); repeatable.")
isolation_option = click.option("--isolation", type=click.Choice(["auto", "namespaces", "process"]), default="auto",
                                show_default=True, help="Sandbox level: the strongest this machine has, or one you name (docs/security.md).")
# Kept so that teachers' scripts still run: every test now gets a process of its own anyway.
fresh_option = click.option("--fresh-process-per-test", "fresh_per_test", is_flag=True, hidden=True, expose_value=False,
                            help="Accepted and ignored: every test now runs in a new process forked for it "
                                 "(docs/architecture.md, \"Per-test isolation\").")
unconfined_option = click.option(ALLOW_FLAG, "allow_root", is_flag=True,
                                 help="Run student code as root where this machine cannot jail it (only if you trust every submission).")
junit_option = click.option("--junit-xml", "junit_xml", type=click.Path(dir_okay=False, path_type=Path), default=None,
                            callback=lambda ctx, param, value: value.resolve() if value else None,
                            help="Also write the results as JUnit XML to this file, for any CI that reads it.")
JOBS = WholeNumber(1, meaning="--jobs is how many grading processes run at once",
                   fix="Give --jobs 1 to grade one submission at a time, or leave out --jobs for one process per core.")
test_option = click.option("--test", "tests", multiple=True,
                           help="Only this test: a name, a glob, or one run as reports print it (test_rank[ace-hearts-1]); repeatable.")


@click.group(cls=GraderCommands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="grader")
def main() -> None:
    """An autograder for card-game labs in the AP CS A tradition (`grader labs` lists them)."""


@main.command("grade")
@click.argument("submissions", type=click.Path(path_type=Path))
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path), help="Folder for results.json, gradebook.csv and one report per student.")
@click.option("--jobs", type=JOBS, default=None, help="Grading processes to run at once, 1 or more (default: one per core).")
@rubric_option
@lab_option
@seed_option
@activity_option
@test_option
@isolation_option
@fresh_option
@unconfined_option
@click.option("--resume", is_flag=True, help="Keep what an earlier run into --out graded (interrupted or finished); grade only late students, "
                   "those not reached, and those whose files changed since.")
@click.option("--shard", "shard_text", metavar="I/N", default=None,
              help="Grade only part I of N of the class (the same split on every machine); join the parts with `grader merge`.")
@junit_option
@intake_options
def grade_command(submissions: Path, out_dir: Path, jobs: int | None, rubric: Path | None, lab_id: str | None, base_seed: int,
                  activities, tests, isolation: str, allow_root: bool, resume: bool, shard_text: str | None,
                  junit_xml: Path | None, intake: IntakeChoice) -> None:
    """Grade every student folder or .zip in SUBMISSIONS, or the class as an LMS hands it over:
    a Canvas, Moodle, Blackboard or Gradescope download (zip or folder), or a folder of GitHub
    Classroom clones (with --deadline, each at its last commit before it)."""
    stop_on_sigint()
    # Every path is made absolute before anything runs: the grading processes work in folders
    # of their own, where a relative path would name something else.
    submissions, out_dir = submissions.resolve(), out_dir.resolve()
    # A plain class folder is read in place: nothing is unpacked, so no scratch is made.
    intake_scratch = scratch_for_intake(out_dir) if is_download(submissions, intake) else out_dir
    entries, download = open_class(submissions, intake_scratch, intake, output_names())
    if entries is None:  # a plain class folder, or a zip of one
        class_folder = download.root if download else submissions
        entries = class_folder_entries(class_folder, exclude=(out_dir,))  # a folder that is no class says so before anything else
    elif not entries:
        fail(ExitCode.BAD_INPUT, f"{submissions} is a {download.layout} download with no student's work in it.")
    rubric_data = choose_rubric(rubric, lab_id, intake_scratch if download else submissions)
    chosen, wanted_tests = selection(rubric_data, activities, tests)
    check_out_dir(out_dir, submissions)
    options = GradeOptions(base_seed=base_seed, jobs=jobs or 0, only_activities=chosen, only_tests=wanted_tests,
                           isolation=isolation_level(isolation), allow_unconfined_root=allow_root)
    shard = shard_spec(shard_text)
    asked = run_fingerprint(rubric_data, options)
    try:
        saved = prepare_state(out_dir, {**asked, "shard": str(shard or "")}, resume)
    except RunStateError as exc:
        fail(ExitCode.USAGE, str(exc))
    except OSError as exc:
        fail(ExitCode.BAD_INPUT, f"the output folder {out_dir} cannot be written ({exc.strerror}). Give --out a folder you can write to.")
    mine = split(entries, shard.count)[shard.index - 1] if shard else entries
    found = open_entries(mine, scratch_dir(out_dir))
    if resume:
        print_resume(found, saved)
    try:
        with progress_bar(len(found)) as advance:
            results = grade(rubric_data, found, options, scratch_dir(out_dir), on_done=advance, saved=saved)
    except KeyboardInterrupt:
        fail(ExitCode.INTERRUPTED, f"interrupted. Every submission finished so far is saved in {out_dir}; "
                                    "run the same command with --resume to grade the rest.")
    if wanted_tests and not any(a.tests for s in results.submissions for a in s.activities):
        finish_state(out_dir, keep_records=False)
        fail(ExitCode.USAGE, _no_run_matched(wanted_tests))
    name_causes(rubric_data, found, results)  # the lab's named causes, for index.html
    if shard:
        results.shard = shard_record(shard, [e.id for e in entries], {k: v for k, v in asked.items() if k not in ("isolation",)})
    written = write_run_outputs(results, out_dir) + _write_junit(results, junit_xml)
    finish_state(out_dir)
    print_summary(results)
    print_run_problems(results)
    print_download_notes(download_notes(download) if download else [])
    print_name_notes([e.teacher_note for e in mine if e.teacher_note] + ([] if download else skipped_entries(submissions, (out_dir,))))
    click.echo(f"Wrote {len(written)} files to {out_dir}")
    sys.exit(run_exit_code(results))


@main.command("check")
@click.argument("folder", default=".", type=click.Path(path_type=Path))
@click.option("--require-all", is_flag=True, help="Also fail when a required activity's files are missing (for CI on a finished lab).")
@click.option("--hidden", is_flag=True, help="Also run hidden tests (for teachers replaying a test from a report).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also write results.json and the other reports `grade` writes, for this one submission, into this folder.")
@click.option("--all", "everything", is_flag=True,
              help="Show everything: every failure, every activity not started, what passed, a table of scores "
                   "(without it, the check fits one screen).")
@click.option("--github", "github", is_flag=True,
              help="As a step of a GitHub Classroom workflow: also run hidden tests, write the points for Classroom's "
                   "reporter to $GITHUB_OUTPUT, and exit 0 unless the grader failed (docs/integrations.md).")
@junit_option
@rubric_option
@lab_option
@seed_option
@activity_option
@test_option
@isolation_option
@fresh_option
@unconfined_option
@click.option("--student", default=None, metavar="NAME",
              help="Check one student of an LMS download or a folder of Classroom clones: their id in the teacher's "
                   "gradebook, their name, or an id the LMS gave them.")
@intake_options
def check_command(folder: Path, require_all: bool, hidden: bool, out_dir: Path | None, everything: bool, github: bool,
                  junit_xml: Path | None,
                  rubric: Path | None, lab_id: str | None, base_seed: int, activities, tests, isolation: str,
                  allow_root: bool, student: str | None, intake: IntakeChoice) -> None:
    """Run the public tests on your own FOLDER (default: the current folder), or on a .zip."""
    from grader.integrations import github as classroom  # only --github needs it

    stop_on_sigint()
    folder = folder.resolve()
    out_dir = out_dir.resolve() if out_dir else None
    if not folder.is_dir() and not (folder.is_file() and folder.suffix.lower() == ".zip"):
        fail(ExitCode.BAD_INPUT, f"{folder} is not a folder or a .zip. Run `grader check` inside the folder with your .py files, or give its path.")
    picked = student_of_download(folder, student, intake)
    rubric_data = choose_rubric(rubric, lab_id, picked.path if picked else folder)
    chosen, wanted_tests = selection(rubric_data, activities, tests)
    graded = chosen
    if is_kit():
        if hidden:
            fail(ExitCode.USAGE, "--hidden: the student kit holds no hidden tests (your teacher's grading runs them). "
                                 "Run `grader check` without --hidden.")
        if chosen:  # an activity run on the student's own files needs theirs checked too (grader/kit/);
            graded = with_dependencies(rubric_data, chosen, planned_imports(rubric_data, folder))  # only the chosen ones are published
    if github and wanted_tests:
        fail(ExitCode.USAGE, "--github grades whole activities, so it cannot be combined with --test. "
                              "Remove --test, or replay the test without --github.")
    # --github grades like `grade` does (hidden tests included), so Classroom's points match it.
    options = GradeOptions(base_seed=base_seed, jobs=0, visibility=["public", "hidden"] if hidden or github else ["public"],
                           only_activities=graded, only_tests=wanted_tests, isolation=isolation_level(isolation),
                           allow_unconfined_root=allow_root)
    with owned_folder("check") as scratch:
        if picked is not None:
            submission = open_entries([picked], Path(scratch))[0]
            if submission.problem:
                fail(ExitCode.BAD_INPUT, submission.problem)
        else:
            submission = one_submission(folder, Path(scratch), writes=out_dir is not None or junit_xml is not None)
        if github:  # the student replays a test in their own clone of the repository, not on the runner
            submission.source = ""
        target = ReplayTarget.of(submission.source, rubric_data.lab, rubric_data.is_default)
        if not github:  # under --github it opens the log, inside commands_off
            print_opening(console, check_view(rubric_data, None, folder, submission.folder, target, graded))
        try:
            results = grade(rubric_data, [submission], options, Path(scratch))
        except KeyboardInterrupt:
            fail(ExitCode.INTERRUPTED, "interrupted.")
        result = results.submissions[0]
        if wanted_tests and not any(a.tests for a in result.activities):
            fail(ExitCode.USAGE, _no_run_matched(wanted_tests))
        # Under --github the log is the student's: hidden tests keep only their names, and
        # nothing the student's code printed can act as a workflow command.
        with classroom.commands_off(active=github):
            view = check_view(rubric_data, result, folder, submission.folder, target, graded)
            view.all_command = all_command(rubric_data, target, chosen, hidden, base_seed)
            if github:
                print_opening(console, view)
            # One screen for a student; everything with --all, for a replay (--test: its runs, passed
            # or not) and in Classroom's log (a CI log scrolls).
            print_check(classroom.for_the_log(result) if github else result, base_seed, view=view,
                        everything=everything or github or bool(wanted_tests))
            if out_dir is not None:
                write_run_outputs(results, out_dir)
            _write_junit(results, junit_xml)
            # A lab's word after `check` may use its answers (it may name a class's bug): not in a kit.
            # It hears only of the activities started: a starter file has nothing to diagnose.
            if rubric_data.home is not None and rubric_data.home.after_check is not None and not is_kit():
                rubric_data.home.after_check(rubric_data, started_only(result, view), submission.folder,
                                             Path(folder.name if folder.suffix == ".zip" else folder))
            print_next_step(console, view)
        if github:
            try:
                classroom.publish(result, chosen, submission.folder, "" if rubric_data.is_default else rubric_data.source)
            except classroom.GitHubOutputError as exc:
                fail(ExitCode.BAD_INPUT, str(exc))
    sys.exit(classroom.github_exit_code(result) if github else check_exit_code(rubric_data, result, require_all, bool(wanted_tests)))


@main.command("diagnose")
@click.argument("path", type=click.Path(path_type=Path))
@lab_option
def diagnose_command(path: Path, lab_id: str | None) -> None:
    """Say what is wrong with a student's file, and why: PATH is the file, its folder, a .zip of
    it, or a folder written by `grader handout` (what a lab diagnoses: `grader labs`). A Java
    file (Widget.java) or folder is diagnosed by swapping its methods for the lab's."""
    lab = choose_lab(lab_id, path.resolve(), fallback=lambda lab: lab.diagnose is not None)
    try:
        from grader.diagnosis.swapping import diagnose_by_swapping, is_java_path

        if lab.diagnose is not None and not (lab.java_activities and is_java_path(load_rubric(lab=lab), path.resolve())):
            code = lab.diagnose(path)
        else:  # any lab, and Java: find the function whose swap for the reference's repairs the activity
            code = diagnose_by_swapping(lab, path.resolve())
    except LabInputError as exc:
        fail(ExitCode.BAD_INPUT, str(exc))
    sys.exit(code)


@main.command("handout")
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
@lab_option
@click.option("--java", is_flag=True, help="The Java edition's handout: the Java starter classes, and what the "
              "activities hand out compiled (.class files), never as source.")
def handout_command(out: Path, lab_id: str | None, java: bool) -> None:
    """Write a lab's student handout to OUT: its starter files and what its activities hand out."""
    lab = choose_lab(lab_id, None)
    try:
        if java:
            if lab.java_handout is None:
                fail(ExitCode.BAD_INPUT, f"the lab {lab.id} has no Java handout (`grader handout` without --java "
                                         "writes its Python one)")
            written = lab.java_handout(out)
        elif lab.handout is not None:
            written = lab.handout(out)
        else:
            from grader.lab.handouts import starter_handout

            written = starter_handout(lab, out)
    except LabInputError as exc:
        fail(ExitCode.BAD_INPUT, str(exc))
    click.echo(f"Wrote {len(written)} files to {out}")
    sys.exit(ExitCode.OK)


@main.command("labs")
def labs_command() -> None:
    """List the installed labs and their activities."""
    for lab in installed_labs().values():
        try:
            rubric = load_rubric(lab=lab)
        except RubricError as exc:
            click.echo(f"{lab.id}: {lab.title} (its rubric is broken: {exc})")
            continue
        click.echo(f"{lab.id}: {lab.title}")
        for activity in rubric.activities:
            extra = "" if "bonus" in activity.title.lower() else " (bonus)" if activity.is_bonus else " (optional)" if activity.optional else ""
            click.echo(f"  {activity.id:<11} {activity.title}{extra}: {', '.join(activity.files)}")
        if lab.games:
            click.echo(f"  {'play':<11} `grader play --game NAME`: {', '.join(game.id for game in lab.games)}")
    for name, why in broken_labs().items():
        click.echo(f"{name}: not usable: {why}", err=True)
    sys.exit(ExitCode.OK)


def stop_on_sigint() -> None:
    """Let Ctrl-C or `kill -INT` stop the command with its usual message and exit code, even
    when it was started with SIGINT ignored: a shell script's `grader grade ... &` starts it so,
    and it would otherwise run on with no way to stop it but SIGKILL. (Only the main thread may
    set a handler: a command run from another one, as by a test harness, keeps its caller's.)"""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)


def print_resume(found: list[Submission], saved: Path) -> None:
    """Say which submissions --resume keeps, which it grades for the first time (late, or not
    reached) and which again because their files changed (engine/resume.py)."""
    digests = {s.id: folder_digest(s.folder) for s in found if not s.problem}
    click.echo(resume_message(survey(saved, digests)))


def _write_junit(results, path: Path | None) -> list[Path]:
    if path is None:
        return []
    junit = output_formats().get("junit")
    if junit is None:
        fail(ExitCode.USAGE, "--junit-xml needs the junit reporter, which is not installed. Reinstall the grader.")
    return junit.write(results, path)


def _no_run_matched(tests: list[str]) -> str:
    return (f"--test {' '.join(tests)}: no such test could run on these files. Either the file it tests is not "
            "in the folder (`grader check` without --test lists what it found), or no run has that name in brackets: "
            "a run is named by its own values, e.g. test_rank[ace-hearts-1]. Give the name without [...] to run every run.")



if __name__ == "__main__":
    main()
