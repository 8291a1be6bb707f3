"""What can go wrong on the far side of the boundary, as exceptions a suite can raise.

Each carries a student-facing message: what was called, what happened, and a hint.
"""


class SandboxError(Exception):
    """Base class: the student's code did not give an answer."""

    outcome = "error"


class StudentError(SandboxError):
    """The student's code raised an exception; ``details`` is the plain-data description."""

    def __init__(self, call: str, details: dict, message: str | None = None) -> None:
        """``message``: the words, when the idiom of the student's language wrote them
        (grader/idiom/java.py); else Python's."""
        self.call = call
        self.details = details
        if message is not None:
            super().__init__(message)
            return
        where = ""
        frames = details.get("frames") or []
        if frames:
            last = frames[-1]
            where = f" at {last['file']} line {last['line']}, in {last['function']}"
            if last.get("code"):
                where += f":\n    {last['code']}"
        super().__init__(f"{call} raised {details['type']}: {details['message']}{where}{inside_note(details)}")


class StudentLoadError(SandboxError):
    """A student file could not even be imported (syntax error, exception or exit at import)."""

    def __init__(self, details: dict, message: str | None = None) -> None:
        self.details = details
        if message is not None:
            super().__init__(message)
            return
        module = details.get("module", "?")
        frames = details.get("frames") or []
        where = f" (line {frames[-1]['line']})" if frames else ""
        if details.get("inside"):
            where += f" (inside {_whose(details['inside'])}, called from your file)" if frames else \
                f" (inside {_whose(details['inside'])})"
        super().__init__(
            f"{module}.py could not be loaded: {details['type']}: {details['message']}{where}. "
            "Every test of this activity needs the file to load: run it yourself with "
            f"`python {module}.py` and fix the first error it shows."
        )


class SandboxTimeout(SandboxError):
    outcome = "timeout"

    def __init__(self, call: str, seconds: float) -> None:
        super().__init__(
            f"{call} did not finish within {seconds:g} s. Look for a loop that never ends "
            "(a `while` whose condition never becomes false) or a method that calls itself forever."
        )


class SandboxCrashed(SandboxError):
    """The process running the student's code died (os._exit, a signal, a resource limit)."""

    def __init__(self, call: str, ended: dict, java: bool = False) -> None:
        """``java``: the Java sandbox (a JVM) stopped, where ``System.exit`` never ends it."""
        if "signal" in ended:
            why = _signal_reason(ended["signal"])
        elif java:
            why = f"the Java sandbox stopped (exit code {ended.get('exit_code')}; it may have used too much memory or time)"
        else:
            why = f"the program exited with code {ended.get('exit_code')} (did it call exit()?)"
        super().__init__(f"{call} stopped the program instead of returning: {why}.")


def _signal_reason(number: int) -> str:
    reasons = {
        9: "it was killed (it may have used too much memory or time)",
        24: "it used more CPU time than allowed (an endless loop?)",
        25: "it wrote more output to a file than allowed",
        11: "it crashed (segmentation fault; very deep recursion can do this)",
    }
    return reasons.get(number, f"it was stopped by signal {number}")


def inside_note(details: dict) -> str:
    """Where an error came from when it was not the student's file (its lines are not shown)."""
    inside = details.get("inside")
    if not inside:
        return ""
    if details.get("frames"):
        return (f"\n(The error itself happened inside {_whose(inside)}, called from your code "
                "there: check what your code passed to it.)")
    return (f"\n(It happened inside {_whose(inside)}, not in the file this activity checks: check what your code "
            "gave it or returned to it.)")


def _whose(name: str) -> str:
    """A file the error happened in that the activity does not grade: the lab's own in the
    teacher's grader, the student's own earlier file in the student kit (grader/kit/)."""
    from grader.kit.edition import is_kit  # the kit's edition is a leaf module: no import circle

    return f"your own {name} (its own activity checks it)" if is_kit() else f"the lab's own {name}"


# What a reply's "error" must look like before any message is built from it. The sandbox's
# runtime always sends this shape; anything else was written by the student's code, which can
# reach its own worker's channel (a forked daemon that inherited it, say): it answers for the
# student's call, never crashes the grader.
MANGLED = {"type": "ProtocolError", "frames": [],
           "message": "the answer that came back was not an answer the grader's sandbox writes: something in your "
                      "code wrote to the grader's channel (a process your code started, for example)"}


def error_details(value) -> dict:
    """``value`` (a reply's "error") if it has the runtime's shape, else ``MANGLED``: a dict
    whose ``type`` and ``message`` are strings and whose ``frames`` is a list of dicts."""
    if (isinstance(value, dict) and isinstance(value.get("type"), str) and isinstance(value.get("message"), str)
            and isinstance(value.get("frames", []), list) and all(isinstance(f, dict) for f in value.get("frames", []))):
        return value
    return dict(MANGLED)


def well_formed_batch(replies, count: int) -> bool:
    """Whether a batch's answer has the runtime's shape: one dict per call, each with "ok" or "error"."""
    return (isinstance(replies, list) and len(replies) == count
            and all(isinstance(r, dict) and ("ok" in r or "error" in r) for r in replies))
