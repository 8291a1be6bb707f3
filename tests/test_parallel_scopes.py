"""The pytest-xdist split (tests/conftest.py): a folder whose session fixtures grade a whole class
goes to one worker whole, so the class is graded once; other tests go file by file."""

from tests.conftest import session_scope
from tests.lab_loader import ROOT


def test_a_folder_with_session_fixtures_is_one_unit_of_work():
    for name in ("test_grading.py", "test_statistics.py"):
        assert session_scope(ROOT, f"tests/labs/six_takes/{name}::test_x[a-b]") == "tests/labs/six_takes"
    assert session_scope(ROOT, "tests/labs/up_down_stay/test_demo_class.py::test_y") == "tests/labs/up_down_stay"


def test_other_tests_keep_xdists_own_unit():
    assert session_scope(ROOT, "tests/engine/test_containment.py::test_z") is None
    assert session_scope(ROOT, "tests/labs/test_three_labs.py::test_w") is None  # labs/ itself shares nothing
    assert session_scope(ROOT, "tests/test_rubric.py::test_v") is None
