"""PrairieLearn's external grader: grade ``/grade/student`` and always write ``results.json``.

PrairieLearn records a grading *failure* (not a score) when the entrypoint writes no results
file, and `grader check` writes none when it stops early (no lab's file found, exit 2; a folder
it cannot open, exit 3). ``grade_for_prairielearn`` never stops early: whatever happens, the file
holds a ``score`` and a ``message``. A submission with nothing to grade (empty, unrelated files,
nothing that imports) is ``gradable: false`` with the reason (reporters/prairielearn_json.py), so
it costs the student no attempt; a failure of the grader itself says it is not the student's fault
and the full error goes to standard output, which PrairieLearn shows to staff only.
"""

import json
import shutil
import tempfile
import traceback
from pathlib import Path

GRADER_FAILED = ("The autograder failed on this submission, so it was not graded. This is not your fault: "
                 "this attempt does not count, and your instructor can see what went wrong.")


def failure_document(message: str = GRADER_FAILED) -> dict:
    """The results of a run that ended before it had any: score 0, not gradable, and why."""
    return {"gradable": False, "score": 0.0, "message": message, "format_errors": [message], "tests": []}


def grade_for_prairielearn(folder: Path, lab_id: str | None, rubric_path: Path | None) -> dict:
    """PrairieLearn's results for the submission in ``folder``, graded like `grader grade`
    (hidden tests included); a failure document when grading fails."""
    try:
        from grader.engine.batch import GradeOptions, grade
        from grader.integrations.gradescope.run import open_submission
        from grader.lab.registry import get_lab
        from grader.reporters.prairielearn_json import prairielearn_document
        from grader.lab.rubric import load_rubric

        rubric = load_rubric(rubric_path, get_lab(lab_id) if lab_id and rubric_path is None else None)
        scratch = Path(tempfile.mkdtemp(prefix="grader-prairielearn-"))
        try:
            submission = open_submission(folder, scratch)
            results = grade(rubric, [submission], GradeOptions(jobs=1, visibility=["public", "hidden"]), scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        document = prairielearn_document(results.submissions[0])
        document.setdefault("score", 0.0)  # PrairieLearn ignores it when not gradable; never absent
        return document
    except Exception:  # noqa: BLE001 - results.json is written whatever happened
        print("The grader failed; the student sees only that it did:", flush=True)
        traceback.print_exc()
        return failure_document()


def write_results(path: Path, document: dict) -> Path:
    """Write ``document`` beside ``path`` and rename it over ``path``: never half a file."""
    from grader.integrations.gradescope.run import write_file

    write_file(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return path
