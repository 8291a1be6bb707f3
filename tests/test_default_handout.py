"""A lab without a handout hook hands out its starter files and a README with its specification
(teachers' notes left out), and never overwrites a folder."""

from dataclasses import replace
from pathlib import Path

import pytest

from grader.lab.handouts import starter_handout, student_text
from grader.lab.registry import Lab, LabInputError


def lab_with_starter(tmp_path: Path) -> Lab:
    starter = tmp_path / "starter-files"
    starter.mkdir()
    (starter / "widget.py").write_text("def widget():\n    raise NotImplementedError\n")
    (starter / "given.py").write_text("GIVEN = 1\n")
    (starter / "__init__.py").write_text("")
    return Lab(id="hello", title="Hello lab", suites=tmp_path, rubric=tmp_path, reference=tmp_path, starter=starter)


def test_the_starter_files_and_a_readme_are_written(tmp_path):
    written = starter_handout(lab_with_starter(tmp_path), tmp_path / "out")
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in written) == [
        "README.md", "starter/given.py", "starter/widget.py"]
    assert "grader check --lab hello" in (tmp_path / "out" / "README.md").read_text()


def test_a_folder_with_files_in_it_is_refused(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mine.py").write_text("keep me\n")
    with pytest.raises(LabInputError, match="not an empty folder"):
        starter_handout(lab_with_starter(tmp_path), tmp_path / "out")
    assert (tmp_path / "out" / "mine.py").read_text() == "keep me\n"


def test_a_lab_without_starter_files_says_so(tmp_path):
    lab = Lab(id="bare", title="Bare", suites=tmp_path, rubric=tmp_path, reference=tmp_path)
    with pytest.raises(LabInputError, match="ships no starter files"):
        starter_handout(lab, tmp_path / "out")


def test_the_readme_carries_the_specification_without_teachers_notes(tmp_path):
    spec = tmp_path / "spec.md"
    spec.write_text("# Hello\n\nWrite `widget()`.\n\n<!-- teachers -->\nThe answer is 42.\n<!-- /teachers -->\n\nDone.\n")
    lab = replace(lab_with_starter(tmp_path), spec=spec)
    starter_handout(lab, tmp_path / "out")
    readme = (tmp_path / "out" / "README.md").read_text()
    assert "Write `widget()`." in readme and "Done." in readme
    assert "42" not in readme and "teachers" not in readme


def test_without_a_specification_the_readme_says_to_ask(tmp_path):
    starter_handout(lab_with_starter(tmp_path), tmp_path / "out")
    assert "ask your teacher" in (tmp_path / "out" / "README.md").read_text()


@pytest.mark.parametrize("text", ["a\n<!-- teachers -->\nsecret\n", "a\n<!-- /teachers -->\nb\n"])
def test_an_unpaired_teachers_marker_is_refused(text):
    with pytest.raises(ValueError, match="without its pair"):
        student_text(text)
