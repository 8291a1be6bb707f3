"""Which of an activity's checks a Java student was never asked for: the contract they were handed.

The guide is the grading contract (principle 6). Some methods this project's Java starter
declares are not in the guide for every class: a guide may ask for a method on one class only,
and a student told to copy that class for another game carries its placeholder (``return
false;``) along, declared but never asked for. The
lab's package lists such methods (``Lab.java_optional_methods``).

The rule, in one sentence: **a test listed with a method in ``Lab.java_optional_methods`` is
advisory for every Java student, whether their class declares the method or not.** It runs and
its result is reported as going further than the guide, worth no points; the activity keeps its
full points, shared between its other tests in proportion to their rubric points
(grader/engine/scoring.py), so every student is graded out of the same maximum and the gradebook
and LMS columns stay comparable. The report says which tests and why. (Python's handout asks for
the method, and there the tests stay graded.) Nothing here reads or runs the student's code.
"""

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class OptionalMethod:
    """One entry of ``Lab.java_optional_methods``: the tests of ``activity`` that call ``method``
    (``Widget.spin``), and the handout that has no such method, in words (for the report)."""

    activity: str
    method: str
    tests: tuple[str, ...]
    handout: str


def outside_contract(optional: tuple[OptionalMethod, ...], activity: str,
                     classes: dict[str, Path]) -> tuple[list[str], str]:
    """The tests of ``activity`` outside the Java contract (advisory, worth no points), and the
    report's sentence about them ("" when there are none). ``classes``: the student's classes of
    the activity, by name; a method's tests apply when its class is one of them."""
    tests: list[str] = []
    named: list[OptionalMethod] = []
    for entry in optional:
        owner = entry.method.split(".", 1)[0]
        if entry.activity != activity or owner not in classes:
            continue
        tests.extend(test for test in entry.tests if test not in tests)
        named.append(entry)
    if not tests:
        return [], ""
    methods = " and ".join(f"{entry.method}()" for entry in named)
    handouts = "; ".join(sorted({entry.handout for entry in named}))
    listed = ", ".join(tests)
    return tests, (f"the guide never asks for {methods} ({handouts} have none), so the checks that call it "
                   f"({listed}) go further than the guide: they run and are shown, worth no points, whether or not "
                   "your class declares the method; this activity's points are shared by its other checks.")
