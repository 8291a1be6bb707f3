"""An exception as plain data: its type, message, and only the student's own stack frames.

The sandbox folder also holds files that are not the student's: the lab's reference stand-ins
(the lab's reference files), the grader's harness and, in Activity 5, the class a tester is
run against. Their lines must never be quoted to a student, so only frames of the student's own
files are kept; when the error was raised in one of the others, ``inside`` names that file.
"""

import sys
import traceback

# The sandbox names of the student's own files, set by the zygote from the "load" request;
# None keeps every file of the sandbox folder (what a caller that does not say gets).
OWN: frozenset | None = None


def set_own(names: list[str] | None) -> None:
    global OWN
    OWN = None if names is None else frozenset(names)


def describe(exc: BaseException, staging_dir: str) -> dict:
    """An exception as data, with only the frames that belong to the student's own files."""
    frames = []
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename.startswith(staging_dir):
            name = frame.filename[len(staging_dir):].lstrip("/")
            frames.append({"file": name, "line": frame.lineno, "function": frame.name, "code": frame.line or ""})
    try:
        message = str(exc)[:2000]
    except BaseException:  # noqa: BLE001 - a student's exception may break its own __str__
        message = "(the error's message could not be shown)"
    described = {"type": type(exc).__name__, "message": message, "assertion": isinstance(exc, AssertionError)}
    if OWN is not None:
        if frames and frames[-1]["file"] not in OWN:
            described["inside"] = frames[-1]["file"]  # raised in the lab's code, not theirs
        frames = [frame for frame in frames if frame["file"] in OWN]
    return {**described, "frames": frames[-8:]}


def tester_failure(exc: BaseException, staging_dir: str) -> dict:
    """The reply for a student's tester (or one of its tests) that raised: an exit, or an error.

    ``pytest.fail`` and a ``pytest.raises`` that saw nothing are the tester's own checks
    firing, like a failed assert, so they are marked as assertions too.
    """
    pytest = sys.modules.get("pytest")
    error = describe(exc, staging_dir)
    if pytest is not None and isinstance(exc, pytest.fail.Exception):
        error["assertion"] = True
    if isinstance(exc, SystemExit):
        code = exc.code if isinstance(exc.code, int) or exc.code is None else 1
        return {"passed": False, "how": "exit", "exit_code": code or 0, "error": error}
    return {"passed": False, "how": "raised", "error": error}
