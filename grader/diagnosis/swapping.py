"""`grader diagnose` for a lab without a diagnosis of its own: which function is wrong, found by
swapping functions rather than by a model of the lab's bugs.

The submission is graded first. For each activity that lost points, every function (and method)
of the student's file that the reference also defines is replaced, one at a time, by the
reference's version (grader/diagnosis/splicing.py), and the activity is graded again on that hybrid. A
function whose swap makes every test of the activity pass is where the bug is. For a file with
one bug this names it exactly; when no single swap repairs the activity, the bug is in more than
one place, outside any function, or in code the reference's version cannot stand in for (the
student keeps their data under other names), and the report says so.

Every hybrid is graded in the sandbox like any submission, all at once, so the cores share the work.

A Java submission (``Widget.java`` for the lab's ``widget.py``; docs/java.md) is diagnosed the same
way: each method and constructor of the student's class is swapped for the reference's Java
version with the same signature (grader/java/splicing.py), and the method named as Java names it
(``isEmpty()``, ``Widget(String[], int[])``).
"""

from collections.abc import Callable
from pathlib import Path

from grader.intake import safe_paths
from grader.java import splicing as java_splicing
from grader.java.sources import class_name, is_java_submission, java_sources

from grader.engine.batch import GradeOptions, grade
from grader.lab.registry import Lab, LabInputError
from grader.results.model import ActivityResult, ClassResults
from grader.lab.rubric import Activity, Rubric, load_rubric
from grader.sandbox.leftovers import owned_folder
from grader.diagnosis.splicing import Spliceable, splice, spliceable
from grader.intake.class_folder import Submission, open_one

EVERY_TEST = ["public", "hidden"]  # the verdict uses every test; only public names are shown
SHOWN_FAILURES = 6


def diagnose_by_swapping(lab: Lab, path: Path, say: Callable[[str], None] = print) -> int:
    """Print what is wrong with the submission at ``path`` (a file, a folder or a zip); the
    exit code: 0 nothing wrong, 1 something wrong. Raises LabInputError for a path that holds
    none of the lab's files."""
    rubric = load_rubric(lab=lab)
    with owned_folder("diagnose") as scratch:
        folder = _submission_folder(path, scratch, rubric)
        first = grade(rubric, [Submission("submission", folder)], GradeOptions(visibility=EVERY_TEST), scratch / "first")
        wrong = [(rubric.activity(a.id), a) for a in first.submissions[0].activities
                 if a.status == "graded" and a.score < a.max]
        if not wrong:
            say(f"No problem found: every graded activity of {path} gets full marks.")
            return 0
        java = _is_java(rubric, folder)
        candidates = {activity.id: (_java_candidates if java else _candidates)(rubric, activity, folder)
                      for activity, _ in wrong}
        repaired = _grade_hybrids(rubric, candidates, scratch)
        for activity, result in wrong:
            say(_verdict(activity, result, candidates[activity.id], repaired, java))
    return 1


def _submission_folder(path: Path, scratch: Path, rubric: Rubric) -> Path:
    if not path.exists():
        raise LabInputError(f"{path} does not exist. Give a student's .py file, their folder, or their .zip.")
    if path.is_file() and path.suffix.lower() != ".zip":  # one file, graded alone
        folder = scratch / "alone"
        folder.mkdir()
        (folder / path.name).write_bytes(path.read_bytes())
    else:
        (scratch / "unzipped").mkdir()
        opened = open_one(path, scratch / "unzipped", frozenset())  # no report is written: no name to avoid
        if opened.problem:
            raise LabInputError(opened.problem)
        folder = opened.folder
    names = {name for activity in rubric.activities for entry in activity.files for name in entry.split("|")}
    if not any((folder / name).is_file() for name in names) and not _is_java(rubric, folder):
        raise LabInputError(f"{path} holds none of the {rubric.lab} lab's files ({', '.join(sorted(names))}), "
                            "nor their Java classes. Give the folder with the student's .py or .java files, or one "
                            "of those files.")
    return folder


def _python_files(rubric: Rubric) -> list[str]:
    return [name for activity in rubric.activities for entry in (*activity.files, *activity.stand_ins)
            for name in entry.split("|") if name.endswith(".py")]


def _is_java(rubric: Rubric, folder: Path) -> bool:
    """Whether the submission in ``folder`` is graded as Java (the grader's own rule)."""
    present = {child.name for child in folder.iterdir()} if folder.is_dir() else set()
    return is_java_submission(folder, _python_files(rubric), present)


def is_java_path(rubric: Rubric, path: Path) -> bool:
    """Whether ``path`` (a file, a folder or a zip) is a Java submission of the lab, so that
    ``grader diagnose`` swaps its methods even for a lab with a diagnosis of its own (that one
    reads Python files)."""
    if path.is_file() and path.suffix.lower() == ".java":
        return True
    if path.is_dir():
        return _is_java(rubric, path)
    if path.is_file() and path.suffix.lower() == ".zip":
        python = set(_python_files(rubric))
        wanted = {f"{class_name(name)}.java" for name in python}
        listed = safe_paths.archive_names(path, safe_paths.MAX_ENTRIES)  # never raises, whatever the zip holds
        if listed is None:
            return False
        names = {name.replace("\\", "/").rsplit("/", 1)[-1] for name in listed}
        return bool(names & wanted) and not names & python
    return False


def _java_candidates(rubric: Rubric, activity: Activity, folder: Path) -> dict[str, tuple[str, str]]:
    """As ``_candidates``, for a Java submission: each method of the activity's class that the
    lab's Java reference also has, by its Java label (``isEmpty()``), with the hybrid class."""
    graded = [entry for entry in activity.files if "|" not in entry and entry.endswith(".py")]
    if len(graded) != 1 or len(activity.files) != 1:
        return {}
    name = class_name(graded[0])
    reference = rubric.stand_in_folder / "java" / f"{name}.java"
    mine = java_sources(folder).get(name)
    if mine is None or not reference.is_file():
        return {}
    try:
        student_source = mine.read_text(encoding="utf-8")
        reference_source = reference.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    return {("constructor " if swap.student.name == name else "") + swap.label:
            (f"{name}.java", java_splicing.splice(student_source, reference_source, name, swap))
            for swap in java_splicing.swappable(student_source, reference_source, name)}


def _candidates(rubric: Rubric, activity: Activity, folder: Path) -> dict[str, tuple[str, str]]:
    """For each function of the activity's file the reference also has: the hybrid's file name
    and source. Empty when the activity grades several files, a tester, or a file that does not parse."""
    graded = [entry for entry in activity.files if "|" not in entry and entry.endswith(".py")]
    if len(graded) != 1 or len(activity.files) != 1:
        return {}
    name = graded[0]
    reference = rubric.stand_in_folder / name
    mine = folder / name
    if not (reference.is_file() and mine.is_file()):
        return {}
    try:
        student_source = mine.read_text(encoding="utf-8")
        reference_source = reference.read_text(encoding="utf-8")
        parts: list[Spliceable] = spliceable(student_source, reference_source)
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return {}
    return {part.name: (name, splice(student_source, reference_source, part)) for part in parts}


def _grade_hybrids(rubric: Rubric, candidates: dict[str, dict[str, tuple[str, str]]], scratch: Path) -> set[tuple[str, str]]:
    """Grade every hybrid in one run; the (activity, function) pairs whose swap repaired the activity."""
    submissions, which = [], {}
    for activity_id, parts in candidates.items():
        for number, (function, (file_name, source)) in enumerate(parts.items()):
            sub_id = f"{activity_id}-{number}"
            folder = scratch / "hybrids" / sub_id
            folder.mkdir(parents=True)
            (folder / file_name).write_text(source, encoding="utf-8")
            submissions.append(Submission(sub_id, folder))
            which[sub_id] = (activity_id, function)
    if not submissions:
        return set()
    options = GradeOptions(visibility=EVERY_TEST, only_activities=sorted(candidates))
    results: ClassResults = grade(rubric, submissions, options, scratch / "graded")
    repaired = set()
    for sub in results.submissions:
        activity_id, function = which[sub.id]
        result = next((a for a in sub.activities if a.id == activity_id), None)
        if result is not None and result.status == "graded" and result.score >= result.max:
            repaired.add((activity_id, function))
    return repaired


def _verdict(activity: Activity, result: ActivityResult, parts: dict, repaired: set[tuple[str, str]],
             java: bool = False) -> str:
    file = activity.files[0]
    kind = "function"
    if java:
        file = f"{class_name(file)}.java" if file.endswith(".py") else file
        kind = "method"
    failing = [t.name for t in result.tests if t.outcome != "passed" and t.visibility == "public" and t.max_points > 0]
    head = f"{file} ({activity.id} {activity.title}, {result.score:g} / {result.max:g}):"
    culprits = [function for function in parts if (activity.id, function) in repaired]
    if len(culprits) == 1:
        lines = [f"  {culprits[0]} is wrong: with the lab's own {culprits[0]} in its place, every {activity.id} test passes."]
    elif culprits:
        lines = [f"  one of {', '.join(culprits)} is wrong: putting the lab's version of any one of them in place "
                 f"makes every {activity.id} test pass (one of them probably uses the other)."]
    elif parts:
        outside = ("a field, an import, or data your methods keep under other names" if java
                   else "a constant, an import, or data your functions keep under other names")
        lines = [f"  no single {kind} is to blame: putting the lab's version of any one of them in place does not "
                 f"make every {activity.id} test pass. More than one is wrong, or the problem is outside them "
                 f"({outside})."]
    else:
        lines = [f"  (this activity's file cannot be taken apart {kind} by {kind}; `grader check` shows its tests)"]
    if failing:
        shown = ", ".join(failing[:SHOWN_FAILURES]) + (f" and {len(failing) - SHOWN_FAILURES} more" if len(failing) > SHOWN_FAILURES else "")
        lines.append(f"  tests it fails: {shown}")
    return "\n".join([head, *lines])
