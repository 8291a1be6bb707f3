"""The 6 Takes! demo class (examples/six-takes/) grades as its README promises (graded with the
rest of the made-up class of whole_class.py: the grades do not depend on the other submissions)."""

import pytest

from tests.labs.six_takes.classroom import EXAMPLES
from tests.labs.six_takes.whole_class import DEMO_PREFIX

pytestmark = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="needs the lab's demo class")

# submission -> (A1, A2, A3, A4, A5, A6, total); None = missing. The README's table.
PROMISED = {
    "ada_complete": (16, 21, 21, 25, 26, 10, 119),
    "ben_partial": (16, 21, None, None, None, None, 37),
    "cho_rule_bugs": (10.43, 21, 14, 25, 20, 10, 100.43),
    "dev_game_bugs": (16, 21, 21, 12, 26, 10, 106),
    "eli_prints": (16, 21, 14, 25, 0, 10, 86),
    "fay_zipped": (16, 17, 21, 25, 26, 4, 109),
}


def test_demo_class_grades_as_the_readme_says(graded):
    got = {sub[len(DEMO_PREFIX):]: result for sub, result in graded.items() if sub.startswith(DEMO_PREFIX)}
    assert sorted(got) == sorted(PROMISED)
    for sub, promised in PROMISED.items():
        *activities, total = promised
        for activity, points in zip(("A1", "A2", "A3", "A4", "A5", "A6"), activities):
            status, score, _ = got[sub][activity]
            if points is None:
                assert status == "missing", (sub, activity, status)
            else:
                assert status == "graded" and score == pytest.approx(points), (sub, activity, score)
        assert got[sub]["total"] == pytest.approx(total), (sub, got[sub]["total"])


def test_readme_names_every_demo_submission():
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for sub in PROMISED:
        assert f"`{sub}" in readme
