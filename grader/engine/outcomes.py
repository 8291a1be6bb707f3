"""From an exception raised in a test to the outcome and message a student reads."""

from _pytest.outcomes import Failed, Skipped

from grader.sandbox import SandboxError, SandboxTimeout

OUTCOMES = ("passed", "failed", "error", "timeout", "skipped")


def classify(exc: BaseException, budget: bool = False) -> tuple[str, str]:
    """(outcome, message). Only ``passed`` earns points; the others say why not.

    failed:  the suite's assertion did not hold (wrong answer);
    error:   the student's code raised, crashed, or could not be loaded;
    timeout: the student's code did not answer in time (or the submission ran out of time);
    skipped: the suite chose not to run the test.
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
    return "error", f"the grader itself failed on this test ({type(exc).__name__}: {exc}); please tell your teacher"
