"""What the Deck diagnosis reports: one ``Finding`` per faulty method, and how a call that went
wrong in the sandbox (an exception, a hang, a crash) becomes one.

Kept apart from the probes so every probe module (state.py, shuffle.py) and the
orchestrator (the package) share one vocabulary without importing each other.
"""

from dataclasses import dataclass

from grader.sandbox.errors import (
    SandboxCrashed,
    SandboxError,
    SandboxTimeout,
    StudentError,
)

# The parts of a Deck the diagnosis can blame, in the order findings are reported.
METHODS = ("constructor", "is_empty", "size", "deal", "shuffle")


@dataclass(frozen=True)
class Finding:
    """One method that is wrong: what a probe saw, and the likely mechanism in the code.

    ``unwritten`` marks a method that still raises NotImplementedError (the starter's body):
    not a bug to explain, just work not done yet.
    """

    method: str
    seen: str
    likely: str
    unwritten: bool = False

    def __str__(self) -> str:
        return f"{self.method}: {self.seen}\n  Likely: {self.likely}"


def error_type(error: SandboxError) -> str:
    """The student's exception type (``IndexError``), or "" for a hang or a crash."""
    return error.details.get("type", "") if isinstance(error, StudentError) else ""


def raised_in(error: SandboxError) -> list[str]:
    """The functions of the student's file the exception passed through, outermost first."""
    if not isinstance(error, StudentError):
        return []
    return [frame.get("function", "") for frame in error.details.get("frames") or []]


def from_error(method: str, call: str, error: SandboxError, likely: str = "") -> Finding:
    """A call into ``method`` that did not return: say so in a student's words.

    ``likely`` is the probe's own guess at the mechanism; without one, the place of the error.
    """
    if isinstance(error, SandboxTimeout):
        return Finding(method, f"{call} did not finish within the time limit",
                       "a loop that never ends: check that every `while` condition becomes false "
                       "and that the method does not call itself")
    if isinstance(error, SandboxCrashed):
        return Finding(method, f"{call} stopped the program instead of returning", str(error))
    details = error.details if isinstance(error, StudentError) else {}
    kind = details.get("type", type(error).__name__)
    if kind == "NotImplementedError":
        return Finding(method, f"{_name(method)} is not written yet (it still raises NotImplementedError)",
                       "write it: the starter's body only raises this error", unwritten=True)
    frames = details.get("frames") or []
    where = f" (line {frames[-1]['line']}, in {frames[-1]['function']})" if frames else ""
    message = details.get("message", str(error))
    seen = f"{call} raised {kind}: {message}{where}" if message else f"{call} raised {kind}{where}"
    return Finding(method, seen, likely or "fix the error at that line first; then diagnose again")


def _name(method: str) -> str:
    return "Deck(ranks, suits, values)" if method == "constructor" else f"{method}()"
