"""Failed tests with the same cause, shown once: one block and "and 24 more like it".

Tests of one activity often fail for one reason (a function not written yet raises the same
error for each of them; a tester that asserts nothing lets every wrong class pass). Every report
a student reads shows the first test of such a group in full and only counts the others.

Two failed tests have the same cause when they ended the same way (outcome) and their message
says the same thing once the call that differs is left out: its hint (a test's message is
"call / expected / got / Hint: ..."), or without one, the error raised and where. A Java
student's message says it in Java's words (grader/idiom/java.py): an exception "threw" (its
message left out: Java's name the index and the length, which differ from call to call, where
Python says "list index out of range"), a method that "could not be called", a System.exit.
"""

import re
from dataclasses import dataclass, field

from grader.results.model import TestResult

HINT_STARTS = ("Hint:", "Likely:")
JAVA_VERBS = (" could not be called: ", " called System.exit(")
JAVA_THREW = re.compile(r" threw (?P<type>[\w.$]+)(?::.*?)?(?P<where> at \S.* line \d+, in .+)?$")


@dataclass
class FailureGroup:
    """A failed test shown in full, and the others that failed the same way."""

    first: TestResult
    alike: list[TestResult] = field(default_factory=list)

    @property
    def tests(self) -> list[TestResult]:
        return [self.first, *self.alike]


def cause_of(test: TestResult) -> tuple[str, str] | None:
    """What makes two failures the same, or None when the message says nothing to compare."""
    lines = [line.strip() for line in test.message.strip().splitlines() if line.strip()]
    if not lines:
        return None
    hints = [line for line in lines if line.startswith(HINT_STARTS)]
    if hints:
        return test.outcome, "\n".join(hints)
    if " raised " in lines[0]:
        return test.outcome, "\n".join([lines[0].split(" raised ", 1)[1], *lines[1:]])
    threw = JAVA_THREW.search(lines[0])
    if threw:
        return test.outcome, "\n".join([threw.group("type") + (threw.group("where") or ""), *lines[1:]])
    for verb in JAVA_VERBS:
        if verb in lines[0]:
            return test.outcome, "\n".join([verb + lines[0].split(verb, 1)[1], *lines[1:]])
    return None


def group_failures(tests: list[TestResult]) -> list[FailureGroup]:
    """``tests`` (failed ones, in order) grouped by cause, each group where its first test was."""
    groups: list[FailureGroup] = []
    by_cause: dict[tuple[str, str], FailureGroup] = {}
    for test in tests:
        cause = cause_of(test)
        if cause is not None and cause in by_cause:
            by_cause[cause].alike.append(test)
            continue
        group = FailureGroup(test)
        groups.append(group)
        if cause is not None:
            by_cause[cause] = group
    return groups


def alike_names(group: FailureGroup, most: int = 3) -> str:
    """The other tests of a group by name, a few at most: ``test_a, test_b and 5 more``."""
    names = list(dict.fromkeys(test.name for test in group.alike))
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")
