"""Which of an activity's checks a Java student was never asked for: the contract they were handed.

A lab may be handed out in more than one Java edition, and the editions may not declare the
same methods: one lab's own published files leave a method out of some classes that this
project's Java starter declares (the lab's package says which). The lab's contract is the
grading contract (principle 6), so a check that calls a method the student's handout never
declared cannot cost that student points.

The rule, in one sentence: **a test listed with a method in ``Lab.java_optional_methods`` is
outside a Java student's contract when their class declares no method of that name at all**
(a declared method, even an unwritten one, means their handout asked for it, and its tests run).
Such tests are not run; the activity keeps its full points, shared between its other tests in
proportion to their rubric points (grader/engine/scoring.py), so a class graded on a mix of
handouts is graded out of the same maximum and its gradebook and LMS columns stay comparable.
The report says which tests and why. Nothing here runs the student's code: the source is read.
"""

from dataclasses import dataclass
from pathlib import Path

from grader.java.java_text import declared_methods
from grader.java.started import read_source

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
    """The tests of ``activity`` outside the student's contract, and the report's sentence about
    them ("" when there are none). ``classes``: the student's classes of the activity, by name."""
    tests: list[str] = []
    missing: list[tuple[str, str]] = []
    for entry in optional:
        if entry.activity != activity:
            continue
        owner, method = entry.method.split(".", 1)
        path = classes.get(owner)
        declared = _declared(path) if path is not None else None
        if declared is None or method in declared:
            continue
        tests.extend(test for test in entry.tests if test not in tests)
        missing.append((entry.method, entry.handout))
    if not tests:
        return [], ""
    methods = " and ".join(f"{name}()" for name, _ in missing)
    handouts = "; ".join(sorted({handout for _, handout in missing}))
    listed = ", ".join(tests)
    return tests, (f"your class declares no {methods}, as in {handouts}, so the checks that call it "
                   f"({listed}) are not part of your grade: this activity's points are shared by its other checks.")


def _declared(path: Path) -> set[str] | None:
    """The method names the file declares; None when it cannot be read (too big, not readable):
    then the tests run and judge it, as they would any file."""
    text = read_source(path)
    return None if text is None else set(declared_methods(text))
