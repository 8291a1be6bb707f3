"""Canvas names chosen by an attacker. Canvas writes ``<name>_[LATE_]<user id>_<attachment
id>_<file>``: the ids in the middle, a student's part on each side (their sortable name, which
may end in ``_99999``, and their file's name). Every download here is built by make_canvas.py
the way Canvas builds it; the attacker only picks her name or her file's name. Each test checks
that the victim's files are exactly what they are without her, and that her entry is refused,
by name, saying whose it could be."""

from pathlib import Path

import pytest

from grader.intake import canvas
from grader.intake.layouts import IntakeOptions
from tests.intake.make_canvas import Student, build_download, unpack

BOB = 99999
BOB_CARD = "# Bob's own card.py\n"
EVE_CARD = "# Eve's card.py, meant to be graded as Bob's\n"
EVE_DECK = "# Eve's deck.py, meant to be graded as Bob's\n"


def read(tmp_path: Path, students: list[Student], anonymous: bool = False) -> dict:
    tmp_path.mkdir(exist_ok=True)
    root = unpack(build_download(tmp_path, students, anonymous=anonymous), tmp_path / "download")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    return {s.key: s for s in canvas.read(root, scratch, IntakeOptions())}


def files_of(student) -> dict[str, str]:
    return {p.relative_to(student.folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(student.folder.rglob("*")) if p.is_file()}


def bob(**kwargs) -> Student:
    return Student("Bob Smith", BOB, {"card.py": BOB_CARD}, **kwargs)


def refused_of(students: dict) -> list:
    return [s for s in students.values() if s.refused]


@pytest.mark.parametrize("late, sortable_name", [(False, "Smith, Bob_99999"), (True, "Smith, Bob_LATE_99999")])
def test_a_name_ending_in_the_victims_id_is_refused(tmp_path, late, sortable_name):
    """Eve's sortable name "Smith, Bob_99999" squishes to ``smithbob_99999``; her zip was read as
    Bob's upload (user 99999, attachment id = her user id) and unpacked into his folder. When
    Bob's work is LATE, "Smith, Bob_LATE_99999" (lower-cased by Canvas) does the same."""
    eve = Student("Eve Adams", 55555, {"card.py": EVE_CARD, "deck.py": EVE_DECK}, zipped="lab.zip",
                  sortable_name=sortable_name)
    alone = read(tmp_path / "alone", [bob(zipped="lab.zip", late=late)])
    students = read(tmp_path, [bob(zipped="lab.zip", late=late), eve])
    assert files_of(students["smithbob"]) == files_of(alone["smithbob"]) == {"card.py": BOB_CARD}
    assert students["smithbob"].identity.ids == alone["smithbob"].identity.ids
    (refused,) = refused_of(students)
    assert refused.folder is None and refused.identity.ids == {}
    assert f"user {BOB} ('smithbob" in refused.problem and "user 55555 ('smithbob_" in refused.problem
    assert refused.key.endswith("_lab.zip") and refused.identity.source == refused.key


def test_a_text_page_under_such_a_name_is_not_a_file_of_the_victim(tmp_path):
    """``smithbob_99999_55555_text.html`` read the first way is Bob's upload ``text.html``."""
    eve = Student("Eve Adams", 55555, text_entry="<p>hi</p>", sortable_name="Smith, Bob_99999")
    students = read(tmp_path, [bob(), eve])
    assert files_of(students["smithbob"]) == {"card.py": BOB_CARD}
    assert students["smithbob"].identity.ids == {"canvas_user_id": str(BOB), "canvas_attachment_ids": "208490000"}
    (refused,) = refused_of(students)
    assert refused.key == "smithbob_99999_55555_text.html"


@pytest.mark.parametrize("anonymous", [False, True])
def test_a_file_name_holding_ids_is_refused_whichever_side_is_read(tmp_path, anonymous):
    """Eve (55555) uploads ``99999_1_lab.zip``: read from the right it is user 99999's
    ``lab.zip``. Canvas's own rule reads it as hers, but a reader that prefers either side can be
    steered, so the name is refused; anonymously, ``LATE_anon_<id>_...`` the same."""
    eve = Student("Eve Adams", 55555, {"card.py": EVE_CARD}, zipped=f"{BOB}_1_lab.zip", late=True)
    ann = Student("Ann Lee", 12345, {"card.py": BOB_CARD})
    students = read(tmp_path, [bob(), eve, ann], anonymous=anonymous)
    victim = next(s for s in students.values() if not s.refused and s.identity.ids.get("canvas_attachment_ids") == "208490000")
    assert files_of(victim) == {"card.py": BOB_CARD}
    (refused,) = refused_of(students)
    assert refused.key.endswith(f"_{BOB}_1_lab.zip") and f"user {BOB}" in refused.problem
    assert ("anonymous student" if anonymous else "user 55555 ('adamseve')") in refused.problem
    assert not any(EVE_CARD in p.read_text() for p in (tmp_path / "scratch").rglob("*.py"))


def test_a_file_name_starting_with_digits_is_refused_by_name_and_the_rest_is_graded(tmp_path):
    """The cost of refusing: ``2024_12_notes.py`` reads as this student's file or as user
    208490001's ``12_notes.py``. It is refused and named; the student's other files are graded."""
    students = read(tmp_path, [Student("Ann Lee", 12345, {"card.py": BOB_CARD, "2024_12_notes.py": "# notes\n"})])
    assert files_of(students["leeann"]) == {"card.py": BOB_CARD}
    (refused,) = refused_of(students)
    assert refused.key == "leeann_12345_208490001_2024_12_notes.py"
    assert "user 12345 ('leeann')" in refused.problem and "user 208490001 ('leeann_12345')" in refused.problem
