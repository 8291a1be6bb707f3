"""What ``run_autograder`` runs for each submission: ``python -m grader.integrations.gradescope.run``.

Gradescope lays out ``$AUTOGRADER_ROOT`` (``/autograder``): ``source/`` is the unpacked zip (our
settings and the teacher's rubric), ``submission/`` the student's files, and
``results/results.json`` is where the grade must be. This module grades the submission with the
ordinary engine and writes that file with the ``gradescope`` reporter.

It always writes results.json. Whatever fails (settings, rubric, a grader bug, an interruption)
is caught, logged in full on standard output, which Gradescope shows only to instructors, and
turned into a result with score 0 whose message says that the grader failed and that it is not
the student's fault, and nothing else: no rubric, no traceback, nothing about hidden tests.
"""

import json
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

HEADLINE = "The autograder failed on this submission, so it was not graded."
DETAIL = ("This is not your fault, and your score of 0 is not a grade: your teacher can see what went wrong "
          "and run the autograder again. You do not need to submit again.")


def main() -> int:
    """Grade ``$AUTOGRADER_ROOT/submission`` into ``$AUTOGRADER_ROOT/results/results.json``; 0
    once that file is written, whatever the grade (1 only if it could not be written)."""
    root = Path(os.environ.get("AUTOGRADER_ROOT", "/autograder"))
    previous = signal.signal(signal.SIGTERM, _stop)  # a stop request still ends in a results.json
    try:
        return _grade_and_write(root, root / "results" / "results.json")
    finally:
        signal.signal(signal.SIGTERM, previous)


def _grade_and_write(root: Path, results_path: Path) -> int:
    started = time.monotonic()
    try:
        results_path.unlink(missing_ok=True)  # a stale file must never pass for this run's
        results_path.parent.mkdir(parents=True, exist_ok=True)  # now, so that it can be hidden from students
        document = grade_for_gradescope(root)
    except BaseException:  # noqa: BLE001 - results.json is written whatever happened
        print("The grader failed; the student sees only that it did, and a score of 0:", flush=True)
        traceback.print_exc(file=sys.stdout)
        document = failure_document()
    document.setdefault("execution_time", round(time.monotonic() - started))
    try:
        write_file(results_path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    except BaseException:  # noqa: BLE001 - run_autograder writes its own fallback then
        print(f"Could not write {results_path}:", flush=True)
        traceback.print_exc(file=sys.stdout)
        return 1
    print(f"Wrote {results_path}.", flush=True)
    return 0


def _stop(signum, frame) -> None:
    raise SystemExit(f"stopped by signal {signum}")


def write_file(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it over ``path``: Gradescope
    never reads half a file. Standard library only, so it works even if the grader cannot load."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def failure_document() -> dict:
    """The results.json of a run that failed before it had a result. Imported late and with a
    fallback of its own, in case what failed is importing the grader itself."""
    try:
        from grader.reporters.gradescope_json import failure_document as document

        return document(HEADLINE, DETAIL)
    except BaseException:  # noqa: BLE001
        return {"score": 0.0, "output": f"**{HEADLINE}**\n\n{DETAIL}", "output_format": "md", "tests": []}


def grade_for_gradescope(root: Path) -> dict:
    """Gradescope's results.json for ``root/submission``, as a dict; raises when grading fails."""
    from grader.engine.batch import GradeOptions, grade
    from grader.integrations.gradescope.sandbox_user import use_sandbox_user
    from grader.integrations.gradescope.settings import SETTINGS_FILE, BundleSettings
    from grader.reporters.gradescope_json import gradescope_document
    from grader.lab.rubric import load_rubric

    source = root / "source"
    settings = BundleSettings.read(source / SETTINGS_FILE)
    rubric = load_rubric(source / settings.rubric if settings.rubric else None)
    print(f"Grader {_version()}, rubric {rubric.source}, hidden tests {settings.gradescope.hidden_visibility}, "
          f"bonus {settings.gradescope.bonus}.", flush=True)
    use_sandbox_user(settings.sandbox_user, private_paths(root), log=lambda line: print(line, flush=True))
    scratch = Path(tempfile.mkdtemp(prefix="grader-gradescope-"))  # 0700: the sandbox user cannot look in
    try:
        submission = open_submission(root / "submission", scratch)
        # Root for student code only where the teacher built the bundle with --sandbox-user root;
        # a user that cannot run Python is otherwise no reason to give student code root: where
        # the jail works it needs no such user, and where it does not, grading stops and says why.
        options = GradeOptions(jobs=1, allow_unconfined_root=settings.sandbox_user == "root")
        results = grade(rubric, [submission], options, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    result = results.submissions[0]
    print(f"Result: {result.status}, {result.total} / {result.max}, bonus {result.bonus} / {result.bonus_max}, "
          f"sandbox level {results.sandbox}.", flush=True)
    for message in result.messages + [f"{a.id}: {a.status}: {a.note}" for a in result.activities if a.status == "grader_error"]:
        print(f"  {message}", flush=True)
    return gradescope_document(result, settings.gradescope, results.base_seed)


def open_submission(folder: Path, scratch: Path):
    """The student's files: Gradescope's ``submission/`` folder, unwrapped like a class folder's
    entry (``lab/src/*.py`` works), or the one zip in it, unpacked."""
    from grader.intake.class_folder import Submission, unpack_zip, unwrap

    if not folder.is_dir():
        return Submission("submission", scratch, f"there is no submission folder ({folder}): nothing was handed in")
    children = [c for c in folder.iterdir() if not c.name.startswith(".")]
    zips = [c for c in children if c.is_file() and c.suffix.lower() == ".zip"]
    if len(zips) == 1 and len(children) == 1:
        submission = unpack_zip(zips[0], scratch)
        submission.id = "submission"
        return submission
    return Submission("submission", unwrap(folder))


def private_paths(root: Path) -> list[Path]:
    """What the sandbox user must not read: the autograder's own files, and the installed
    grader's suites and answer key when it is installed (a checkout is left as it is)."""
    paths = [root / "source", root / "results", root / "submission_metadata.json"]
    from grader.integrations.gradescope.wheel import running_from_checkout

    if not running_from_checkout():
        import grader
        import sandbox_runtime
        from grader.lab.assets import asset_folder

        paths += [Path(grader.__file__).parent, Path(sandbox_runtime.__file__).parent, asset_folder("reference").parent]
    return paths


def _version() -> str:
    try:
        from grader import __version__

        return __version__
    except Exception:  # noqa: BLE001 - only for the log
        return "(unknown version)"


if __name__ == "__main__":
    sys.exit(main())
