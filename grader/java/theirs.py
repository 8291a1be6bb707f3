"""A student's class that compiles only beside their own version of a class the lab gives.

An activity grades the student's class beside the lab's reference versions of the classes it
depends on (its stand-ins), so a bug in one of those costs points only in the activity that owns
it. A Java student may have changed a given class, though: a ``Widget`` whose constructor they
redesigned, a field they made ``protected``, a helper method they added and use in a subclass.
Then the subclass does not compile beside the lab's ``Widget``, and every test of its activity
would fail on a compiler error about code the student never wrote.

So when the classes under test do not compile beside the lab's stand-ins, they are tried beside
the student's own versions of the stand-ins they hold: each one alone first, then pairs, then
all of them; the first combination that compiles is graded, and the report says which of the
student's versions it used (scoring then says whether each passes its own activity: see
``grader/engine/scoring.py``). The fewest of the student's versions are used, so every other
dependency stays the lab's.
"""

from collections.abc import Callable
from itertools import combinations
from pathlib import Path

from grader.java.compiling import Compiled

Attempt = Callable[[dict[str, Path], dict[str, Path], dict[str, str]], Compiled]


def with_their_versions(theirs: dict[str, Path], student: dict[str, Path], stand_ins: dict[str, Path],
                        shown_as: dict[str, str], attempt: Attempt) -> tuple[list[str], Compiled, bool] | None:
    """The smallest set of the student's versions (their names in the submission, from
    ``theirs``) that makes the activity compile in place of the lab's stand-ins, the
    compilation, and True; or, if none does, every such version, the compilation with all of
    them, and False. None when the student has no version of any stand-in."""
    usable = sorted(name for name in theirs if Path(name).stem in stand_ins and Path(name).stem not in student)
    if not usable:
        return None
    last: Compiled | None = None
    for size in range(1, len(usable) + 1):
        for chosen in combinations(usable, size):
            names = {Path(name).stem: name for name in chosen}
            compiled = attempt({**student, **{stem: theirs[name] for stem, name in names.items()}},
                               {stem: path for stem, path in stand_ins.items() if stem not in names},
                               {**shown_as, **{stem: name for stem, name in names.items()}})
            if compiled.error is None:
                return list(chosen), compiled, True
            last = compiled
    return usable, last, False


def error_in(compiled: Compiled, graded: dict[str, Path]) -> bool:
    """Whether a compilation's first error is in one of the ``graded`` classes (not in a
    given class the student changed)."""
    return compiled.error is not None and compiled.error.get("module") in graded
