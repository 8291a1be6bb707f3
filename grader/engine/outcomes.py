"""From an exception raised in a test to the outcome and message a student reads."""

from _pytest.outcomes import Failed, Skipped

from grader.sandbox import SandboxError, SandboxTimeout


def classify(exc: BaseException, budget: bool = False) -> tuple[str, str]:
    """(outcome, message). Only ``passed`` earns points; the others say why not.

    failed:  the suite's assertion did not hold (wrong answer);
    error:   the student's code raised, crashed, or could not be loaded;
    timeout: the student's code did not answer in time (or the submission ran out of time);
    skipped: the suite chose not to run the test;
    grader_error: anything else is a fault in the grader's own suite code, never the student's.
    """
    if isinstance(exc, Skipped):
        return "skipped", str(exc)
    if budget:
        return "timeout", str(exc)
    if isinstance(exc, SandboxTimeout):
        return "timeout", str(exc)
    if isinstance(exc, SandboxError):
        return "error", str(exc)
    if isinstance(exc, (AssertionError, Failed)):
        return "failed", str(exc)
    return "grader_error", (f"the grader itself failed on this test ({type(exc).__name__}: {exc}); "
                            "this is not your fault: please tell your teacher")


def student_location(exc: BaseException) -> dict:
    """``{"file", "line"}`` of the student's own code where ``exc`` was raised, if it was: the
    last frame the sandbox reported (it reports only frames in the student's files). With
    ``inside``: the sandbox file that is not the student's own where it was raised, if it was
    (a stand-in; in the student kit that is the student's own earlier file, grader/kit/)."""
    details = getattr(exc, "details", None) or {}
    if not isinstance(details, dict):
        return {}
    found = {"inside": str(details["inside"])} if details.get("inside") else {}
    frames = details.get("frames")
    if not frames:
        return found
    last = frames[-1]
    return {**found, "file": str(last.get("file", "")), "line": last.get("line")}
