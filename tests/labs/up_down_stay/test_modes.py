"""The Up, Down or Stay class grades the same with a fresh process per test (tests/modes.py): the
reference, the second correct version, every named buggy variant and the demo class."""

from tests.labs.up_down_stay.conftest import graded_class
from tests.labs.up_down_stay.lab_class import BUGGY, EXAMPLES, rubric


def test_the_class_grades_the_same_with_a_fresh_process_per_test(graded, tmp_path):
    from tests.modes import assert_same_in_both_modes

    results, _ = graded
    demos = {entry.name if entry.is_dir() else entry.stem for entry in EXAMPLES.iterdir()
             if entry.is_dir() or entry.suffix == ".zip"}
    ids = {"reference", "Correct", *BUGGY, *demos}
    assert assert_same_in_both_modes(results, graded_class[-1], tmp_path, rubric(), ids) > 300
