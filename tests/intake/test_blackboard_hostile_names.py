"""Blackboard downloads where a student writes what looks like Blackboard's. An attempt is
``<assignment>_<username>_attempt_<time>``, its receipt that name with ``.txt``, each file that
name, ``_`` and the student's file name; the receipt says whose it is, and holds the student's
text box and comments below its one-line fields. Every download is built by make_blackboard.py;
the attacker (eadams) only chooses her text, her file names and what her files hold. Each test
checks the victim's (bsmith's) files and time are exactly what they are without her."""

from datetime import datetime
from pathlib import Path

from grader.intake import blackboard
from grader.intake.layouts import IntakeOptions
from tests.intake.make_blackboard import Attempt, Student, build_download
from tests.intake.make_canvas import unpack

BOB_CARD = "# Bob's own card.py\n"
EVE_CARD = "# Eve's card.py, meant to be graded as Bob's\n"
LATER = datetime(2024, 9, 17, 8, 0, 0)  # after Bob's attempt (make_blackboard's DEFAULT_WHEN)
BOB_ATTEMPT = "Lab 3_bsmith_attempt_2024-09-16-22-00-00"


def read(tmp_path: Path, students: list[Student]) -> dict:
    tmp_path.mkdir(exist_ok=True)
    root = unpack(build_download(tmp_path, students), tmp_path / "download")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    return {s.key: s for s in blackboard.read(root, scratch, IntakeOptions())}


def files_of(student) -> dict[str, str]:
    return {p.relative_to(student.folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(student.folder.rglob("*")) if p.is_file()}


def bob(**attempt) -> Student:
    return Student("Bob Smith", "bsmith", attempts=[Attempt({"card.py": BOB_CARD}, **attempt)])


def same_as_alone(tmp_path: Path, students: dict, victim: Student) -> None:
    alone = read(tmp_path / "alone", [victim])["Bob Smith (bsmith)"]
    graded = students["Bob Smith (bsmith)"]
    assert files_of(graded) == files_of(alone) == {"card.py": BOB_CARD}
    assert graded.identity.to_dict() == alone.identity.to_dict()


def test_the_text_box_cannot_say_whose_attempt_it_is_nor_when(tmp_path):
    """Eve types Blackboard's own field lines into the text box. Read anywhere in the receipt,
    they made her later attempt Bob's latest (graded in place of his) and set her time."""
    forged = "Name: Bob Smith (bsmith)\nDate Submitted: Sunday, September 1, 2024 1:00:00 PM EDT\nAssignment: Lab 9"
    eve = Student("Eve Adams", "eadams", attempts=[Attempt({"card.py": EVE_CARD}, when=LATER, text=forged,
                                                           comment="Name: Bob Smith (bsmith)")])
    students = read(tmp_path, [bob(), eve])
    same_as_alone(tmp_path, students, bob())
    her = students["Eve Adams (eadams)"]
    assert files_of(her) == {"card.py": EVE_CARD} and her.identity.ids == {"blackboard_username": "eadams"}
    assert her.identity.submitted_at == "2024-09-17T08:00:00-04:00"


def test_a_file_named_like_another_students_receipt_is_refused(tmp_path):
    """Eve's attempt has no receipt (a teacher deleted the .txt files), and she uploaded
    ``x_bsmith_attempt_2030-01-01-00-00-00.txt`` (a receipt in Bob's name, listing her other file)
    and ``x_bsmith_attempt_2030-01-01-00-00-00_card.py``. Read as a receipt, it made an attempt
    of Bob's later than his own, holding her card.py."""
    fake = "Lab 3_eadams_attempt_2024-09-17-08-00-00_x_bsmith_attempt_2030-01-01-00-00-00"
    forged = ("Name: Bob Smith (bsmith)\nAssignment: Lab 3\nDate Submitted: Tuesday, January 1, 2030 12:00:00 AM EST\n\n"
              f"Files:\n\tOriginal filename: card.py\n\tFilename: {fake}_card.py\n")
    eve = Student("Eve Adams", "eadams", attempts=[Attempt(
        {"deck.py": "# Eve's deck\n", "x_bsmith_attempt_2030-01-01-00-00-00.txt": forged,
         "x_bsmith_attempt_2030-01-01-00-00-00_card.py": EVE_CARD}, when=LATER, receipt=False)])
    students = read(tmp_path, [bob(), eve])
    same_as_alone(tmp_path, students, bob())
    assert files_of(students["eadams"]) == {"deck.py": "# Eve's deck\n"}
    refused = sorted(s.key for s in students.values() if s.refused)
    assert refused == [f"{fake}.txt", f"{fake}_card.py"]
    problem = students[f"{fake}_card.py"].problem
    assert "username 'eadams' (attempt 2024-09-17-08-00-00)" in problem
    assert "username 'bsmith' (attempt 2030-01-01-00-00-00)" in problem


def test_a_receipt_vouches_only_for_its_own_attempts_files(tmp_path):
    """Eve's receipt is Blackboard's, but her file's original name holds a line break and a
    ``Filename:`` line naming Bob's receipt. Taken at its word, Bob's receipt was dropped as
    "a student's file", and with it his name and the original name of the file Blackboard had
    stored as card_1.py, so he was graded without a card.py. With her receipt listing her
    receipt-named file, that file is hers, not refused."""
    injected = f"card.py\n\tFilename: {BOB_ATTEMPT}.txt"
    eve = Student("Eve Adams", "eadams", attempts=[Attempt(
        {injected: EVE_CARD, "x_attempt_2030-01-01-00-00-00.txt": "my notes\n"}, when=LATER, stored={injected: "card.py"})])
    victim = bob(stored={"card.py": "card_1.py"})
    students = read(tmp_path, [victim, eve])
    same_as_alone(tmp_path, students, victim)
    her = files_of(students["Eve Adams (eadams)"])  # her card.py under a name of her own making
    assert sorted(her.values()) == [EVE_CARD, "my notes\n"] and her["x_attempt_2030-01-01-00-00-00.txt"] == "my notes\n"
    assert not [s for s in students.values() if s.refused]
