"""Checks for suites, with failure messages written for the student.

Every message says what was called, what was expected, what came back, and (when we can
guess) a hint. Comparisons are strict about type: ``1`` is not ``True`` and ``"1"`` is not
``1``, and an object that lives in the sandbox (a ``Remote``) equals nothing we expect.

Values are written in the test's idiom (grader/idiom/): ``None`` and ``'text'`` for a Python
student, ``null`` and ``"text"`` for a Java one; a hint or message may be a ``Twin``.
"""

from typing import Any, Callable

from grader.idiom import Twin, current
from grader.sandbox.proxy import Remote


def show(value: Any) -> str:
    """A value as a student would want to read it in a message."""
    return current().show(value)


def type_name(value: Any) -> str:
    return current().type_word(value)


def _same(actual: Any, expected: Any) -> bool:
    if isinstance(actual, Remote) or type(actual) is not type(expected):
        return False
    if isinstance(expected, list):
        return len(actual) == len(expected) and all(_same(a, e) for a, e in zip(actual, expected))
    return actual == expected


def expect(actual: Any, expected: Any, call: "str | Callable[[], str]", hint: "str | Twin" = "") -> None:
    """Fail unless ``actual`` is exactly ``expected`` (same type and value). ``call`` names what
    was called; a function giving that name is called only on failure, for a check made
    thousands of times a test (every selection of a board) whose name takes longer to write
    than the check takes to run."""
    if _same(actual, expected):
        return
    idiom = current()
    if callable(call):
        call = call()
    message = f"{call}\n  expected: {idiom.show(expected)}\n  got:      {idiom.show(actual)}"
    if (type(actual) is not type(expected) and None not in (actual, expected)
            and not (isinstance(actual, list) and isinstance(expected, list))):
        message += f"\n  ({idiom.kind(actual)}, but it should be {idiom.kind(expected)})"
    fail(message, hint)


def expect_instance(actual: Any, call: str, hint: "str | Twin" = "") -> Remote:
    """Fail unless ``actual`` is an object (a student's object), not plain data or None."""
    if not isinstance(actual, Remote):
        fail(f"{call}\n  expected: an object\n  got:      {show(actual)}", hint)
    return actual


def fail(message: "str | Twin", hint: "str | Twin" = "") -> None:
    __tracebackhide__ = True
    idiom = current()
    hint = idiom.pick(hint)
    raise AssertionError(idiom.pick(message) + (f"\nHint: {hint}" if hint else ""))
