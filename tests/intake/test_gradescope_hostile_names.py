"""Gradescope exports where a student names things after another student. Whose work a folder
is comes from Gradescope alone: its ``submission_<id>`` folder name and that key in
submission_metadata.yml, both Gradescope's. A student writes only what is inside her folder
(file and folder names, a zip) and her display name. These tests pin that none of it can move
her work into another student's folder or take his id. Every export is built by
make_gradescope.py; the attacker (submission 1001) only chooses her name and her files."""

import io
import zipfile
from pathlib import Path

from grader.intake import gradescope
from grader.intake.layouts import IntakeOptions
from tests.intake.make_gradescope import Submission, build_download, unpack

BOB_CARD = "# Bob's own card.py\n"
EVE_CARD = "# Eve's card.py, meant to be graded as Bob's\n"
BOB = Submission(1002, [("Bob Smith", "s2", "bob@x.edu")], {"card.py": BOB_CARD})


def read(tmp_path: Path, submissions: list[Submission]) -> list:
    tmp_path.mkdir(exist_ok=True)
    root = unpack(build_download(tmp_path, submissions), tmp_path / "download")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    return gradescope.read(root, scratch, IntakeOptions())


def files_of(student) -> dict[str, str]:
    return {p.relative_to(student.folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(student.folder.rglob("*")) if p.is_file()}


def by_submission(students: list) -> dict:
    return {s.identity.ids["gradescope_submission_id"]: s for s in students}


def test_names_inside_a_submission_stay_in_it(tmp_path):
    """Eve calls herself "Bob Smith", puts a folder named ``submission_1002/`` and a
    ``submission_metadata.yml`` giving her folder to Bob among her files, and uploads a zip
    whose entry reaches for ``../submission_1002/``. Bob's folder and identity are exactly what
    they are without her; her files are all hers, under her own submission id."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("../submission_1002/deck.py", "# reaching for Bob's folder\n")
    eve = Submission(1001, [("Bob Smith", "s2", "bob@x.edu")], {
        "card.py": EVE_CARD, "submission_1002/deck.py": "# Eve's deck\n",
        "submission_metadata.yml": "submission_1001:\n  :submitters:\n  - :name: Ann Lee\n", "lab.zip": buffer.getvalue()})
    alone = by_submission(read(tmp_path / "alone", [BOB]))["1002"]
    students = by_submission(read(tmp_path, [BOB, eve]))
    bob = students["1002"]
    assert files_of(bob) == files_of(alone) == {"card.py": BOB_CARD}
    assert bob.identity.students == alone.identity.students and bob.identity.source == "submission_1002"
    her = students["1001"]
    assert her.key != bob.key and "outside the zip" in her.problem  # her zip is refused, hers alone
    assert her.folder is not None and "submission_1002/deck.py" in files_of(her)
    assert not any("Eve" in p.read_text() or "reaching" in p.read_text() for p in bob.folder.rglob("*") if p.is_file())
