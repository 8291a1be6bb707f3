"""Small generated classes for tests: folders of student files written on the fly."""

from pathlib import Path

from tests.lab_loader import ROOT

REFERENCE = ROOT / "reference" / "elevens"


def reference_text(name: str) -> str:
    return (REFERENCE / name).read_text(encoding="utf-8")


def reference_submission() -> dict[str, str]:
    """Every file of the finished lab, as the teacher's answer key has it."""
    files = [*sorted(REFERENCE.glob("*.py")), REFERENCE / "answers.yaml"]
    return {path.name: path.read_text(encoding="utf-8") for path in files if path.name != "__init__.py"}


def reference_with(name: str, replacements: dict[str, str], header: str = "") -> str:
    """A reference file with some lines replaced: {"old line": "new line(s)"}."""
    text = reference_text(name)
    for old, new in replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    return header + text


def card_with(method_body_replacements: dict[str, str], header: str = "") -> str:
    return reference_with("card.py", method_body_replacements, header)


def lab_rubric(lab_id: str):
    """A lab's own rubric (several labs are installed, so a test names the one it means)."""
    from grader.labs import get_lab
    from grader.rubric import load_rubric

    return load_rubric(lab=get_lab(lab_id))


def elevens_rubric():
    return lab_rubric("elevens")


def grade_class(root: Path, scratch: Path, rubric=None, **options):
    """Grade a generated class with the real engine (the Elevens rubric unless another is given); the ClassResults."""
    from grader.engine.batch import GradeOptions, grade
    from grader.submissions import find_submissions

    found = find_submissions(root, scratch)
    return grade(rubric or elevens_rubric(), found, GradeOptions(**options), scratch)


def write_class(root: Path, submissions: dict[str, dict[str, str]]) -> Path:
    for sub_id, files in submissions.items():
        folder = root / sub_id
        folder.mkdir(parents=True)
        for name, text in files.items():  # a name may hold a subfolder: tests/test_deck.py
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text, encoding="utf-8")
    return root
