"""Checks for suites, with failure messages written for the student.

Every message says what was called, what was expected, what came back, and (when we can
guess) a hint. Comparisons are strict about type: ``1`` is not ``True`` and ``"1"`` is not
``1``, and an object that lives in the sandbox (a ``Remote``) equals nothing we expect.
"""

from typing import Any

from grader.sandbox.proxy import Remote


def show(value: Any) -> str:
    """A value as a student would want to read it in a message."""
    if isinstance(value, Remote):
        article = "an" if value.type_name[:1].lower() in "aeiou" else "a"
        return f"{article} {value.type_name} object"
    if isinstance(value, list):
        return "[" + ", ".join(show(item) for item in value) + "]"
    return repr(value)


def type_name(value: Any) -> str:
    if isinstance(value, Remote):
        return value.type_name
    return {bool: "True/False", int: "whole number", float: "decimal number", str: "text string",
            list: "list", type(None): "None"}.get(type(value), type(value).__name__)


def _same(actual: Any, expected: Any) -> bool:
    if isinstance(actual, Remote) or type(actual) is not type(expected):
        return False
    if isinstance(expected, list):
        return len(actual) == len(expected) and all(_same(a, e) for a, e in zip(actual, expected))
    return actual == expected


def expect(actual: Any, expected: Any, call: str, hint: str = "") -> None:
    """Fail unless ``actual`` is exactly ``expected`` (same type and value)."""
    if _same(actual, expected):
        return
    message = f"{call}\n  expected: {show(expected)}\n  got:      {show(actual)}"
    if (type(actual) is not type(expected) and None not in (actual, expected)
            and not (isinstance(actual, list) and isinstance(expected, list))):
        message += f"\n  (a {type_name(actual)}, but it should be a {type_name(expected)})"
    fail(message, hint)


def expect_instance(actual: Any, call: str, hint: str = "") -> Remote:
    """Fail unless ``actual`` is an object (a student's object), not plain data or None."""
    if not isinstance(actual, Remote):
        fail(f"{call}\n  expected: an object\n  got:      {show(actual)}", hint)
    return actual


def fail(message: str, hint: str = "") -> None:
    __tracebackhide__ = True
    raise AssertionError(message + (f"\nHint: {hint}" if hint else ""))
