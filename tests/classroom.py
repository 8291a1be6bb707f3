"""Small generated classes for tests: folders of student files written on the fly."""

from pathlib import Path

from tests.lab_loader import ROOT

REFERENCE = ROOT / "reference"


def reference_text(name: str) -> str:
    return (REFERENCE / name).read_text(encoding="utf-8")


def card_with(method_body_replacements: dict[str, str], header: str = "") -> str:
    """The reference card.py with some lines replaced: {"old line": "new line(s)"}."""
    text = reference_text("card.py")
    for old, new in method_body_replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    return header + text


def write_class(root: Path, submissions: dict[str, dict[str, str]]) -> Path:
    for sub_id, files in submissions.items():
        folder = root / sub_id
        folder.mkdir(parents=True)
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
    return root
