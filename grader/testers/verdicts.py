"""Assertions about a student's own tester, for any lab's tester activity.

The runs come from ``OwnTests.run``; what counts as a catch is decided here, once:
a failure, never a timeout, and a crash only in a tester that checks something itself (an assert,
or an exception it raises or throws on purpose); and only
a failure the class caused: before it, the class must have answered some call differently from
every correct version (grader/testers/transcripts.py).
A wrong version's words (its bug, a test idea) are its Java twin's for a Java student.
"""

from grader.checks.assertions import fail
from grader.idiom import Twin, current
from grader.java.sources import java_file
from grader.testers.own_tests import OwnTests, TesterRun
from grader.testers.transcripts import CAUGHT, NO_CORRECT_RUN, NO_TRANSCRIPT, OTHER_CALL, judge


def in_language(entry: dict) -> dict:
    """A variant's or mutant's words in the test's language: its Java twin's (``entry["java"]``,
    grader/testers/wrong_versions.py) for a Java student, when the lab has one."""
    twin = entry.get(current().language)
    return twin if isinstance(twin, dict) else entry


def expect_accepted(run: TesterRun, correct: str, hint: str) -> None:
    if not run.passed:
        fail(f"Your tester rejected {correct}, which has no bug:\n  {run.message}", hint)


def expect_caught(own_tests: OwnTests, run: TesterRun, name: str, method: str, hint: str) -> None:
    if run.outcome == "failed" and not run.by_assertion and not own_tests.has_assertions:
        fail(f"Your tester crashed on {name} ({run.message}), but it never checks anything itself (no assert, and no "
             "exception of its own), so the crash is not a test.",
             Twin("Check each result with `assert <condition>, \"<message>\"` (or raise your own exception when a check fails).",
                  "Check each result with `assert <condition> : \"<message>\";` (or throw your own exception when a check fails)."))
    if run.outcome == "timeout":
        fail(f"Your tester did not finish on {name} (a class with a bug in {method}), so it caught nothing: {run.message}",
             "Make every loop in your tester end, even when the class misbehaves.")
    if run.passed:  # a passed run's message is a remark on it (a JUnit class with no tests)
        note = f" {run.message}" if run.message else ""
        fail(f"Your tester passed {name}, a class with a bug in {method}.{note}", hint)
    expect_caused_by_the_class(run, name)


# What a student should check when a failure did not come from the class under test.
DEPENDS_ON_ANSWERS = ("Check that each assert depends only on what the class returns: not on the time, the process, "
                      "files, random numbers you did not seed, or how many times your tester has run.")


def expect_caused_by_the_class(run: TesterRun, name: str) -> None:
    """A failure on a wrong version counts only if the class behaved differently: compared with the
    tester's run on every correct version, the first step where the runs part is a call the class
    answered differently (grader/testers/transcripts.py). Otherwise something else decided the failure (a
    process number, a file, the order of the runs), and it caught nothing."""
    if run.outcome != "failed":
        return
    correct = run.compared_with
    transcripts = None if not correct or not all(r.passed for r in correct) else [r.transcript for r in correct]
    verdict = judge(run.transcript, transcripts)
    if verdict == CAUGHT:
        return
    file = _file_words(run.under_test)
    if verdict == NO_CORRECT_RUN and correct is None:  # only a caller outside WrongVersions forgets them
        fail(f"Your tester failed on {name} ({run.message}), but the grader had no run on a correct {file} to "
             "compare that failure with (a grader problem: please report it).")
    if verdict == NO_CORRECT_RUN:
        fail(f"Your tester failed on {name} ({run.message}), but it did not pass every correct {file}, so there "
             "is nothing to compare that failure with.", "Make your tester pass the correct versions first.")
    if verdict == NO_TRANSCRIPT:
        fail(f"Your tester failed on {name} ({run.message}), but the grader could not see what {file} answered "
             f"in that run or in a run on a correct {file}, so it cannot tell that the failure came from {file}.",
             "Let your tester end normally (no os._exit, no killing processes) and leave alone the files and "
             "connections it did not open itself.")
    then = ("" if verdict != OTHER_CALL else
            f"; then your tester asked something it had not asked a correct {file}, although nothing {file} "
            "answered had been different")
    fail(f"Your tester failed on {name} ({run.message}), but before that failure {file} had answered every call "
         f"exactly as a correct {file} did{then}, so the failure did not come from {file}.", DEPENDS_ON_ANSWERS)


def _file_words(python_file: str) -> str:
    """The file under test as the student knows it: ``widget.py``, or ``Widget.java`` for a Java student."""
    if not python_file:
        return "the class under test"
    return java_file(python_file) if current().language == "java" else python_file


def expect_variant_caught(own_tests: OwnTests, run: TesterRun, variant: dict) -> None:
    """A Buggy class from variants.yaml; its hint is the hand-written ``exposed_by`` (a test idea, never code).
    A student kit knows only the id of a handed-out one (its bug is the exercise)."""
    variant = in_language(variant)
    if "method" not in variant:
        expect_caught(own_tests, run, variant["id"], "one of its methods",
                      f"Run your tester on {variant['id']} from the handout, and compare what each method does with "
                      "what the lab promises: the test that notices the difference is the one to add.")
        return
    expect_caught(own_tests, run, variant["id"], variant["method"], f"A test that catches it: {variant['exposed_by']}.")


def expect_mutant_killed(own_tests: OwnTests, run: TesterRun, mutant: dict, kind: str) -> None:
    """A mutant from mutants/index.yaml; ``kind`` names the class under test in a student's words.

    The hint is the mutant's hand-written ``behaviour``: what the change does, as a tester could see
    it. Never its diff: that would quote the reference solution's lines to the student.
    """
    mutant = {**mutant, **{k: v for k, v in in_language(mutant).items() if k in ("method", "behaviour")}}
    behaviour = mutant.get("behaviour") or f"one thing in {mutant['method']} works differently from a correct {kind}."
    expect_caught(own_tests, run, f"mutant {mutant['id']}", mutant["method"],
                  f"What this {kind} does wrong: {behaviour} Add a test that notices it.")
