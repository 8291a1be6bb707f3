"""The 6 Takes! lab's tests share the gradings of one made-up class (whole_class.py)."""

import pytest

from grader.intake.class_folder import find_submissions
from tests.classroom import grade_unlike_reference, merged_results
from tests.labs.six_takes.classroom import LAB_ID, grade_class, lab_rubric, scores, write_class
from tests.labs.six_takes.whole_class import build, build_demo, one_file_changed


@pytest.fixture(scope="session")
def six_takes_class(tmp_path_factory):
    """The whole class in every activity, then the copies of the reference with some files
    changed (the named bugs, the second correct versions) in the activities that grade those
    files only: in the others their sandbox holds the reference's bytes (test_grading.py checks
    it) and grading is deterministic, so they score there what the reference scores."""
    root = tmp_path_factory.mktemp("six-takes")
    (root / "work").mkdir()
    parts = [grade_class(build(root / "class"), root / "work")]
    folders = [root / "class"]  # every class folder graded here
    for activities, changed in one_file_changed().items():
        folder = write_class(tmp_path_factory.mktemp("changed"), changed)
        folders.append(folder)
        parts.append(grade_class(folder, tmp_path_factory.mktemp("work"), only_activities=list(activities)))
    results = merged_results(parts)
    # The demo class, graded where each student's work is not the reference's (tests/classroom.py,
    # grade_unlike_reference: in the other activities the sandbox holds the reference's bytes,
    # so the grade is the reference's); test_demo_class.py holds the README to it.
    demo = tmp_path_factory.mktemp("demo")
    students = find_submissions(build_demo(demo / "class"), demo)
    results.submissions.extend(grade_unlike_reference(lab_rubric(LAB_ID), students, root / "class" / "reference",
                                                      results.submission("reference"), demo))
    return [*folders, demo / "class"], results


@pytest.fixture(scope="session")
def six_takes_results(six_takes_class):
    """The whole class's results (see six_takes_class)."""
    return six_takes_class[1]


@pytest.fixture(scope="session")
def graded(six_takes_results):
    """submission -> {"total", "max", activity: (status, score, max)}."""
    return scores(six_takes_results)


@pytest.fixture(scope="session")
def tests_of(six_takes_results):
    """submission -> activity -> its test results."""
    return {sub.id: {a.id: a.tests for a in sub.activities} for sub in six_takes_results.submissions}
