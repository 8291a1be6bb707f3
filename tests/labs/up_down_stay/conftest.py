"""The graded classes the tests of this folder read (grading is the slow part, so each runs
once): the reference as a student, a second correct version, each named buggy variant handed in
alone (reference everywhere else), the starter as handed out, a pytest-style tester, and the
demo class; and, graded in their own activities only, the statistical wrong versions."""

import shutil

import pytest

from grader.intake.class_folder import find_submissions
from tests.classroom import grade_unlike_reference

from tests.labs.up_down_stay.lab_class import (
    ACTIVITY_OF,
    EXAMPLES,
    STARTER,
    STATISTICAL,
    VARIANTS,
    edited,
    grade_class,
    merged,
    one_file_changed,
    reference_submission,
    rubric,
    without_tester,
    scores,
    write_class,
)


@pytest.fixture(scope="session")
def graded(tmp_path_factory):
    """The class graded in every activity, except the copies of the reference with one file
    changed (each named buggy variant, and the reference with its tester in pytest style): those
    are graded only in the activities that grade their changed file (grading_activities) and A6,
    where they hand in no tester and so are ``missing``. In every other activity their sandbox
    holds byte-identical files to the reference's (test_a_changed_file_reaches_only_its_own_activities)
    and grading is deterministic, so they score what the reference scores there: full marks
    (test_correct_versions_get_full_marks). Grading those copies again proved nothing more."""
    root = tmp_path_factory.mktemp("class")
    submissions = {"reference": reference_submission()}
    # The others hand in no tester: A6 runs a tester only against the lab's own versions of every
    # file, never the student's, so it cannot depend on them, and each tester costs ~100 runs.
    submissions["Correct"] = without_tester(reference_submission(**{
        name.replace(".py", "_py"): (VARIANTS / "Correct" / name).read_text()
        for name in ("uds_cards.py", "uds_deal.py", "uds_changes.py", "uds_predictions.py", "uds_game.py")}))
    submissions["starter"] = {path.name: path.read_text() for path in STARTER.glob("*.py")}
    # The starter with one line added: its NotImplementedError code is run and must grade cleanly.
    submissions["starter_begun"] = {name: text + "\n_begun = True  # one line of the student's own: no longer the untouched starter, so it runs\n" for name, text in submissions["starter"].items()}
    write_class(root, submissions)
    parts = [grade_class(root, tmp_path_factory.mktemp("work"))]
    folders = [root]  # every class folder graded here
    for activities, changed in one_file_changed().items():
        part = write_class(tmp_path_factory.mktemp("class"), changed)
        folders.append(part)
        parts.append(grade_class(part, tmp_path_factory.mktemp("work"), activities))
    results = merged(parts)
    # The demo class, as shipped, graded where each student's work is not the reference's
    # (tests/classroom.py, grade_unlike_reference: in the other activities the sandbox holds the
    # reference's bytes, so the grade is the reference's; ada_complete is the reference, file
    # for file). test_demo_class.py checks that premise for every student and activity.
    demo = tmp_path_factory.mktemp("demo")
    (demo / "class").mkdir()
    for entry in EXAMPLES.iterdir():
        if entry.is_dir():
            shutil.copytree(entry, demo / "class" / entry.name)
        elif entry.suffix == ".zip":
            shutil.copyfile(entry, demo / "class" / entry.name)
    students = find_submissions(demo / "class", demo)
    results.submissions.extend(grade_unlike_reference(rubric(), students, root / "reference", results.submission("reference"), demo))
    graded_class.append([*folders, demo / "class"])
    return results, scores(results)


graded_class: list = []


@pytest.fixture(scope="session")
def graded_statistical(tmp_path_factory):
    """The statistical wrong versions, graded in their own activities only (the variants above
    show that a wrong file costs nothing elsewhere): one grading per activity, so a wrong
    uds_changes.py is not graded in A7 nor a wrong uds_simulation.py in A3."""
    parts = []
    for activity in sorted({ACTIVITY_OF[name] for name, _, _ in STATISTICAL.values()}):
        root = tmp_path_factory.mktemp("statistical")
        write_class(root, {wrong: reference_submission(**{name.replace(".py", "_py"): edited(name, change)})
                           for wrong, (name, change, _) in STATISTICAL.items() if ACTIVITY_OF[name] == activity})
        parts.append(grade_class(root, tmp_path_factory.mktemp("work"), (activity,)))
    results = merged(parts)
    return results, scores(results)
