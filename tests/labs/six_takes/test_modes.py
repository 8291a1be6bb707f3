"""The 6 Takes! class grades the same with a fresh process per test (tests/modes.py): the
reference, the second correct versions, every named buggy version and the demo class."""

from tests.labs.six_takes.classroom import LAB_ID, lab_rubric
from tests.labs.six_takes.whole_class import DEMO_PREFIX, variant_entries


def test_the_class_grades_the_same_with_a_fresh_process_per_test(six_takes_class, tmp_path):
    from tests.modes import assert_same_in_both_modes

    folder, results = six_takes_class
    ids = {"reference", "Correct", *(variant for variant, _ in variant_entries())}
    ids |= {sub.id for sub in results.submissions if sub.id.startswith(DEMO_PREFIX)}
    assert assert_same_in_both_modes(results, folder, tmp_path, lab_rubric(LAB_ID), ids) > 300
