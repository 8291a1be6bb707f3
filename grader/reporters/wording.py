"""The words and number formats every report shares, so that the terminal, report.md and the
gradebook never describe the same result in two different ways.

Status words are written for a student of 16 as much as for a teacher: they say what happened
and, when it was not the student's doing, say so.
"""

import functools
import re
from collections.abc import Callable

from grader.idiom import PYTHON, Idiom, current, speaking
from grader.results.model import ActivityResult, TestResult

# What a test's outcome means, in words (results.OUTCOMES).
OUTCOME_WORDS = {
    "passed": "passed",
    "failed": "wrong answer",
    "error": "the code raised an error",
    "timeout": "took too long",
    "skipped": "not run",
    "grader_error": "the grader failed on this test (not the student's fault)",
}

# What a Java student reads instead (grader/idiom/): Java throws exceptions.
JAVA_OUTCOME_WORDS = {**OUTCOME_WORDS, "error": "the code threw an exception"}


def outcome_words(outcome: str) -> str:
    """What a test's outcome means, in the words of the student whose report is being written."""
    words = JAVA_OUTCOME_WORDS if current().language == "java" else OUTCOME_WORDS
    return words.get(outcome, outcome)


def idiom_for(language: str) -> Idiom:
    if language == "java":
        from grader.idiom.java import JavaIdiom

        return JavaIdiom()
    return PYTHON


def in_students_words(function: Callable) -> Callable:
    """A reporter's function for one submission (its first argument): run in that student's
    language, so the words it adds around the tests' messages are theirs."""
    @functools.wraps(function)
    def speaking_theirs(sub, *args, **kwargs):
        with speaking(idiom_for(getattr(sub, "language", "python"))):
            return function(sub, *args, **kwargs)

    return speaking_theirs


# What an activity's status means, in words (results.ACTIVITY_STATUSES). Never "graded" for an
# activity that was not.
ACTIVITY_WORDS = {
    "graded": "graded",
    "missing": "not handed in",
    "not_started": "not started: only the starter code (0 points)",
    "not_loaded": "file did not load: 0 points",
    "grader_error": "not graded: the grader failed (not the student's fault)",
    "waiting": "not checked yet",
}

# The first line a report shows for a submission that was not graded to the end.
UNUSABLE_HEADLINE = "This submission could not be graded"
GRADER_ERROR_HEADLINE = ("The grader failed on this submission: the score is incomplete. "
                         "This is not the student's fault.")

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def points(value: float, decimals: int = 2) -> str:
    """``value`` with at most ``decimals`` decimals and no trailing zeros: 15, 7.5, 0.67.

    With fewer than two decimals the value is rounded down, so a table never shows full marks
    for a score that falls short of them.
    """
    if decimals >= 2:
        text = f"{round(value, 2):.2f}"
    else:
        scale = 10 ** decimals
        text = f"{int(round(value * 100) // (100 // scale)) / scale:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def score_of(score: float, maximum: float, decimals: int = 2) -> str:
    """``13 / 15``."""
    return f"{points(score, decimals)} / {points(maximum, decimals)}"


def counted(value: float, maximum: bool = False) -> str:
    """Points as people count them, in whole or half points: 15, 7.5.

    A score is rounded down (154.75 shows as 154.5: never more than was earned), a maximum to
    the nearest half; results.json keeps the exact values.
    """
    halves = value * 2
    halves = round(halves) if maximum else int(halves + 1e-9)
    return points(halves / 2)


def counted_score(score: float, maximum: float) -> str:
    """``13.5 / 15`` in whole or half points (see ``counted``)."""
    return f"{counted(score)} / {counted(maximum, maximum=True)}"


def is_counted_exactly(value: float) -> bool:
    """Whether ``counted`` shows ``value`` as it is (a whole or half point)."""
    return abs(value * 2 - round(value * 2)) < 1e-6


def run_worth(activity: ActivityResult, test: TestResult) -> str:
    """What one test run is worth, as people count points: ``0 / 2``; when a test's points are
    shared by its runs in fractions (2 points over 3 runs), ``one of 3 runs sharing 2 points``."""
    if test.advisory and not test.max_points:
        return "worth 0 points"
    if is_counted_exactly(test.max_points):
        return counted_score(test.points, test.max_points)
    runs = [t for t in activity.tests if base_name(t.name) == base_name(test.name)]
    return f"one of {len(runs)} runs sharing {counted(sum(t.max_points for t in runs), maximum=True)} points"


def alike_worth(tests: list[TestResult]) -> str:
    """`` (0 / 14 for all 9)`` for a group of runs, or "" when their points are not whole or half."""
    most = sum(t.max_points for t in tests)
    if not is_counted_exactly(most):
        return ""
    return f" ({counted_score(sum(t.points for t in tests), most)} for all {len(tests)})"


def visible(text: str, keep_newlines: bool = False) -> str:
    """``text`` with control characters shown as symbols (U+2400 block) instead of acted on.

    A folder name or a student's output can hold a newline, a carriage return or a terminal
    escape sequence; shown raw they would break a Markdown line or drive the teacher's terminal.
    """
    def picture(match: re.Match) -> str:
        char = match.group()
        if keep_newlines and char in "\n\t":
            return char
        code = ord(char)
        if code < 0x20:
            return chr(0x2400 + code)
        if code == 0x7F:
            return "\u2421"
        return "\ufffd"

    return _CONTROL.sub(picture, text)


def base_name(test_name: str) -> str:
    """``test_rank[ace-hearts-1]`` -> ``test_rank``: the function every run of a test shares."""
    return test_name.split("[", 1)[0]


def status_words(activity: ActivityResult) -> str:
    """What became of an activity, in a few words: ``4 of 5 tests passed, 1 took too long, file
    named Widget.py``, or what its status means (ACTIVITY_WORDS)."""
    words = ACTIVITY_WORDS.get(activity.status, activity.status)
    graded = [t for t in activity.tests if not t.advisory]
    if activity.status == "graded" and graded:
        words = f"{sum(t.outcome == 'passed' for t in graded)} of {plural(len(graded), 'test')} passed"
        slow = sum(t.outcome == "timeout" for t in graded)
        if slow:
            words += f", {slow} took too long (an endless loop?)"
    if activity.renamed:
        words += ", " + ", ".join(f"file named {given}" for given in activity.renamed.values())
    return f"bonus, {words}" if activity.bonus else words


def not_there(activity: ActivityResult) -> bool:
    """An activity with nothing of the student's to grade: not handed in, or only the starter."""
    return activity.status in ("missing", "not_started")


def optional_and_missing(activity: ActivityResult) -> bool:
    """A bonus activity not handed in: nothing went wrong, it is optional."""
    return activity.bonus and activity.status == "missing"


def advisory_worth(test: TestResult) -> str:
    """How much an advisory check is worth, in words."""
    if test.max_points > 0:
        return f"{score_of(test.points, test.max_points)} points"
    return "worth 0 points"


def plural(count: int, word: str, many: str = "") -> str:
    """``1 test``, ``2 tests``."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
