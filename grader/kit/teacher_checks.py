"""Questions the student kit leaves to the teacher: it checks their format, never their answer.

A written question with few possible answers (a whole number, three small numbers, a set of
places 0 to 8: hundreds of values at most) cannot be checked by a kit without giving its
answer away: whatever the kit holds to compare with (a value, or a salted hash with its salt and
normaliser) is turned back into the answer by trying every possible one, in well under a
second. So the kit holds nothing of those answers (grader/lab/answer_key.py decides which, from the
domain each question declares), their tests stop once the answer is there and readable, and
their points are the teacher's to give: the kit's maximum is the teacher's public maximum less
exactly those points, and its screen says so in one line.

Two halves, like own_files.py: ``protect_answer_keys`` when building (what the kit's answer keys
keep, and which rubric entries become the teacher's, written into kit.json), and, in an
installed kit, ``set_aside`` when scoring (those entries earn nothing and leave the maximum) and
the words ``grader check`` prints about them.
"""

import fnmatch
from pathlib import Path

import yaml

from grader.lab.answer_key import AnswerKey
from grader.kit.edition import kit_manifest
from grader.lab.registry import Lab
from grader.reporters.wording import base_name, counted
from grader.results.model import ActivityResult, SubmissionResult, round_points
from grader.lab.suite_index import suite_tests

KEY_HEADER = ("# The student kit's answer key (grader/lab/answer_key.py): salted hashes of answers with many possible\n"
              "# values only. `teacher_checks` names the questions whose answers it does not hold: your teacher\n"
              "# checks those.\n")


# --- building the kit --------------------------------------------------------------------------

def protect_answer_keys(files: dict[str, bytes], lab: Lab, rubric: dict, salt: str) -> dict[str, dict[str, float]]:
    """Rewrite every answer key among the kit's ``files`` (in place) as the kit keeps it, and
    return the rubric entries whose points are the teacher's: activity id -> entry -> points.
    ``rubric`` is the kit's rubric as data. ValueError (AnswerKeyError) for a key that does not
    say which test asks a question it leaves out, or an entry that prices such a test together
    with a test the kit checks."""
    own_suites = f"grader_labs/{lab.suites.parent.name}/suites/"
    teacher_tests: set[str] = set()
    for name in sorted(n for n in files if n.endswith("/answer_key.yaml")):
        key = AnswerKey.parse(yaml.safe_load(files[name].decode("utf-8")) or {})
        files[name] = (KEY_HEADER + yaml.safe_dump(key.for_kit(salt), sort_keys=False)).encode("utf-8")
        if name.startswith(own_suites):
            teacher_tests.update(key.teacher_tests())
    return _priced(rubric, lab.suites, teacher_tests)


def _priced(rubric: dict, suites: Path, teacher_tests: set[str]) -> dict[str, dict[str, float]]:
    """The rubric entries that price ``teacher_tests`` (counted points only), by activity."""
    found: dict[str, dict[str, float]] = {}
    counts_advisory = rubric.get("advisory") == "graded"
    for activity in rubric["activities"]:
        names = suite_tests(suites, activity["suite"])
        for entry in activity["tests"]:
            matched = [n for n in names if fnmatch.fnmatchcase(n, entry["test"])]
            mine = [n for n in matched if n in teacher_tests]
            if not mine or (entry.get("advisory") and not counts_advisory):
                continue
            if len(mine) != len(matched):
                others = sorted(set(matched) - set(mine))
                raise ValueError(f"the rubric entry {entry['test']!r} of {activity['id']} prices {', '.join(mine)} (whose "
                                 f"answers the student kit leaves to the teacher) together with {', '.join(others)}. "
                                 "Give each its own entry")
            found.setdefault(str(activity["id"]), {})[entry["test"]] = float(entry["points"])
    return found


# --- in an installed kit -----------------------------------------------------------------------

def teacher_entries() -> dict[str, dict[str, float]]:
    """activity id -> rubric entry -> points that are the teacher's ({} in the full grader)."""
    manifest = kit_manifest() or {}
    return manifest.get("teacher_checks") or {}


def set_aside(activities: list[ActivityResult]) -> None:
    """In place: the teacher's tests earn nothing here, and their points leave each activity's
    score and maximum (so they leave the total too)."""
    entries_of = teacher_entries()
    for result in activities:
        entries = entries_of.get(result.id)
        if not entries:
            continue
        if result.tests:
            mine = [t for t in result.tests if _priced_by(t.name, entries)]
            taken_max, taken = sum(t.max_points for t in mine), sum(t.points for t in mine)
            for test in mine:
                test.points = test.max_points = 0.0
        else:  # not handed in, not started, waiting: its maximum is the rubric's
            taken_max, taken = min(result.max, sum(entries.values())), 0.0
        result.max = round_points(max(0.0, result.max - taken_max))
        result.score = round_points(max(0.0, result.score - taken))


def _priced_by(test_name: str, entries: dict[str, float]) -> bool:
    return any(fnmatch.fnmatchcase(base_name(test_name), pattern) for pattern in entries)


def teacher_points(result: SubmissionResult) -> dict[str, float]:
    """activity id -> the points of it the teacher gives, for the activities of ``result``."""
    entries_of = teacher_entries()
    return {a.id: sum(entries_of[a.id].values()) for a in result.activities if a.id in entries_of and not a.bonus}


def score_words(activity: ActivityResult) -> str:
    """After an activity's score: `` (+6 your teacher checks)``, or "" when none are the teacher's."""
    points = sum(teacher_entries().get(activity.id, {}).values())
    return f"  (+{counted(points, maximum=True)} your teacher checks)" if points else ""


def passed_words(activity: ActivityResult) -> str:
    """What "all N tests passed" means for an activity whose every test is the teacher's: "" otherwise."""
    entries = teacher_entries().get(activity.id, {})
    if not entries or not all(_priced_by(t.name, entries) for t in activity.tests if not t.advisory):
        return ""
    count = len({base_name(t.name) for t in activity.tests if not t.advisory})
    answers = "the answer is" if count == 1 else f"all {count} answers are"
    return f"{answers} there and readable; your teacher checks if {'it is' if count == 1 else 'they are'} right"


def total_line(result: SubmissionResult) -> str:
    """The one line under the kit's total: which points are the teacher's ("" when none are)."""
    points = teacher_points(result)
    if not points:
        return ""
    return (f"Your teacher checks {', '.join(points)} ({counted(sum(points.values()), maximum=True)} points, not in this "
            "total): the kit only checks that those answers are there and readable.")
