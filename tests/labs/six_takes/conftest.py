"""The 6 Takes! lab's tests share one grading run of one made-up class (whole_class.py)."""

import pytest

from tests.labs.six_takes.classroom import grade_class, scores
from tests.labs.six_takes.whole_class import build


@pytest.fixture(scope="session")
def six_takes_class(tmp_path_factory):
    """The class folder (whole_class.py), and its results in the default (warm) mode."""
    root = tmp_path_factory.mktemp("six-takes")
    (root / "work").mkdir()
    folder = build(root / "class")
    return folder, grade_class(folder, root / "work")


@pytest.fixture(scope="session")
def six_takes_results(six_takes_class):
    return six_takes_class[1]


@pytest.fixture(scope="session")
def graded(six_takes_results):
    """submission -> {"total", "max", activity: (status, score, max)}."""
    return scores(six_takes_results)


@pytest.fixture(scope="session")
def tests_of(six_takes_results):
    """submission -> activity -> its test results."""
    return {sub.id: {a.id: a.tests for a in sub.activities} for sub in six_takes_results.submissions}
