"""Slips that only values beyond 256, or one input of the domain, show: each loses points in the
test that owns that method's contract, and nowhere else.

CPython shares one int object for each value from -5 to 256, so ``is`` written for ``==`` on
ints answers right for every value a card game of 52 cards makes; the suites' cases above 256
(a card worth 257 and more, lists of 300) are what catch it (issue 37, items 3 and 4;
tools/suite_audit/int_values.py). The wrong versions are written as a student would.
"""

import pytest

from tests.classroom import grade_class, reference_text, reference_with, write_class

PERMUTATIONS = "    return len(a) == len(b) and Counter(a) == Counter(b)\n"
# name -> (file, replacements in the reference file, the tests it must lose: activity -> names)
WRONG = {
    # A1: point values compared with `is`: a card still matches itself, not its duplicate.
    "card_value_is": ("card.py", {"self._point_value == other.point_value()": "self._point_value is other.point_value()"},
                      {"A1": {"test_matches_itself_and_a_duplicate"}}),
    # A3: lengths compared with `is`: a list of 300 is no permutation of its own rearrangement.
    "permutation_length_is": ("shuffler.py", {PERMUTATIONS: "    return len(a) is len(b) and Counter(a) == Counter(b)\n"},
                              {"A3": {"test_are_permutations"}}),
    # A3: each value found is written over with 0 (a marker), so a 0 in a finds any used place.
    "permutation_zero_marker": ("shuffler.py", {PERMUTATIONS: (
        "    if len(a) != len(b):\n        return False\n    rest = list(b)\n    for value in a:\n"
        "        if value not in rest:\n            return False\n        rest[rest.index(value)] = 0\n    return True\n")},
        {"A3": {"test_are_permutations"}}),
    # A3: values compared with `is` while looking for each one.
    "permutation_values_is": ("shuffler.py", {PERMUTATIONS: (
        "    if len(a) != len(b):\n        return False\n    for value in a:\n"
        "        if not any(value is other for other in b):\n            return False\n    return True\n")},
        {"A3": {"test_are_permutations"}}),
    # A3: the interleaving loop stops when the lengths are the same object: never, beyond 256.
    "perfect_shuffle_length_is": ("shuffler.py", {
        "    half = (len(values) + 1) // 2\n    first, second = values[:half], values[half:]\n"
        "    values[0::2] = first\n    values[1::2] = second\n": (
            "    half = (len(values) + 1) // 2\n    mixed = []\n    k = 0\n"
            "    while len(mixed) is not len(values):\n        mixed.append(values[k // 2 if k % 2 == 0 else half + k // 2])\n"
            "        k += 1\n    values[:] = mixed\n")},
        {"A3": {"test_perfect_shuffle_is_exact"}}),
}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    subs = {"correct": {name: reference_text(name) for name in ("card.py", "shuffler.py")}}
    for name, (file, replacements, _) in WRONG.items():
        subs[name] = {file: reference_with(file, replacements)}
    root = write_class(tmp_path_factory.mktemp("class"), subs)
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A1", "A3"], jobs=1)


def lost(results, sub_id: str) -> dict[str, set[str]]:
    """Activity id -> names of the graded tests that did not pass (advisory ones left out)."""
    return {a.id: {t.name.split("[")[0] for t in a.tests if t.outcome != "passed" and not t.advisory}
            for a in results.submission(sub_id).activities if a.status != "missing"}


def test_the_correct_files_score_full_marks(graded):
    assert lost(graded, "correct") == {"A1": set(), "A3": set()}


@pytest.mark.parametrize("name", list(WRONG))
def test_each_slip_loses_the_test_that_owns_the_method(graded, name):
    assert lost(graded, name) == WRONG[name][2]
