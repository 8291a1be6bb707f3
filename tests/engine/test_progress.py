"""Every submission is reported done exactly once, whichever way it finished."""

from grader.engine.batch import GradeOptions, grade
from grader.intake.class_folder import find_submissions
from tests.classroom import elevens_rubric, reference_text, write_class


def test_each_submission_is_reported_once(tmp_path):
    root = write_class(tmp_path / "class", {
        **{f"s{i}": {"card.py": reference_text("card.py")} for i in range(5)},
        "nothing": {"notes.txt": "no code yet"},
    })
    (root / "broken.zip").write_bytes(b"not a zip")
    done: list[str] = []
    grade(elevens_rubric(), find_submissions(root, tmp_path), GradeOptions(only_activities=["A1"], jobs=2), tmp_path, on_done=done.append)
    assert sorted(done) == sorted(["broken", "nothing", *(f"s{i}" for i in range(5))])
