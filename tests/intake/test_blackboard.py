"""The Blackboard layout: an "Assignment File Download" zip (tests/intake/make_blackboard.py), read
into one folder per student, the latest attempt graded, with the identity Blackboard gave them."""

from datetime import datetime
from pathlib import Path

import pytest

from grader.intake import blackboard, canvas
from grader.intake.layouts import IntakeOptions
from grader.intake.model import IntakeError
from tests.intake.make_blackboard import Attempt, Student, build_download, entries, us_date
from tests.intake.make_canvas import unpack

DECK = "class Deck:\n    pass\n"
CARD = "class Card:\n    pass\n"

RECEIPT = """\ufeffName: Zoë Ñúñez-García (z_nunez.2)\r
Assignment: Lab 3_Elevens\r
Date Submitted: Monday, September 16, 2024 11:59:30 PM EDT\r
Current Grade: Needs Grading\r
\r
Submission Field:\r
<p>see attached</p>\r
\r
Comments:\r
I wrote a line that says\r
Files:\r
but that is mine\r
\r
Files:\r
\tOriginal filename: C:\\Users\\zoe\\Desktop\\deck.py\r
\tFilename: Lab 3_Elevens_z_nunez.2_attempt_2024-09-16-23-59-30_deck.py\r
\r
\tOriginal filename: card (1).py\r
\tFilename: Lab 3_Elevens_z_nunez.2_attempt_2024-09-16-23-59-30_card _1_.py\r
"""


def read_class(tmp_path: Path, students: list[Student], **options) -> dict[str, blackboard.IntakeStudent]:
    root = unpack(build_download(tmp_path, students, **options), tmp_path / "download")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    found = blackboard.read(root, scratch, IntakeOptions())
    return {student.key: student for student in found}


def files_of(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_receipt_is_read_field_by_field():
    receipt = blackboard.parse_receipt(RECEIPT)
    assert (receipt.name, receipt.username, receipt.assignment) == ("Zoë Ñúñez-García", "z_nunez.2", "Lab 3_Elevens")
    assert receipt.date_submitted == "Monday, September 16, 2024 11:59:30 PM EDT"
    assert receipt.text == "<p>see attached</p>"
    assert receipt.comments == "I wrote a line that says\nFiles:\nbut that is mine"
    assert receipt.files == [("C:\\Users\\zoe\\Desktop\\deck.py", "Lab 3_Elevens_z_nunez.2_attempt_2024-09-16-23-59-30_deck.py"),
                             ("card (1).py", "Lab 3_Elevens_z_nunez.2_attempt_2024-09-16-23-59-30_card _1_.py")]


def test_an_empty_receipt_says_nothing():
    receipt = blackboard.parse_receipt(entries([Student("Bob Smith", "bsmith", {})])[0][1].decode())
    assert receipt.text == "" and receipt.comments == "" and receipt.files == []


@pytest.mark.parametrize("written, expected", [
    ("Monday, September 16, 2024 11:59:30 PM EDT", "2024-09-16T23:59:30-04:00"),
    ("Thursday, December 12, 2024 1:22:26 PM EST", "2024-12-12T13:22:26-05:00"),
    ("Monday, 16 September 2024 23:59:30 o'clock BST", "2024-09-16T23:59:30+01:00"),
    ("Monday, September 16, 2024 11:59:30 PM IST", "2024-09-16T23:59:30"),  # India, Ireland or Israel: no offset
    ("Monday, September 16, 2024 11:59:30 PM", "2024-09-16T23:59:30"),
    ("lundi 16 septembre 2024 23 h 59 CEST", "2024-09-16T23:59:30"),  # not understood: the file name's time
])
def test_submission_times(written, expected):
    assert blackboard.submitted_at(blackboard.Receipt(date_submitted=written), "2024-09-16-23-59-30") == expected


def test_the_builder_writes_dates_as_blackboard_does():
    assert us_date(datetime(2024, 12, 12, 13, 22, 26), "EST") == "Thursday, December 12, 2024 1:22:26 PM EST"
    assert us_date(datetime(2024, 12, 12, 0, 5, 0), "EST") == "Thursday, December 12, 2024 12:05:00 AM EST"


def test_a_plain_class(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", "bsmith", {"deck.py": DECK, "card.py": CARD}),
                                  Student("Ada Lovelace", "alovelace", {"deck.py": DECK})])
    assert sorted(found) == ["Ada Lovelace (alovelace)", "Bob Smith (bsmith)"]
    bob = found["Bob Smith (bsmith)"]
    assert files_of(bob.folder) == {"card.py": CARD, "deck.py": DECK} and bob.problem == ""
    identity = bob.identity
    assert identity.lms == "blackboard" and identity.name == "Bob Smith"
    assert identity.ids == {"blackboard_username": "bsmith"}
    assert identity.submitted_at == "2024-09-16T22:00:00-04:00" and identity.late is None
    assert identity.ignored == ["Lab 3_bsmith_attempt_2024-09-16-22-00-00.txt"]
    assert identity.source == "Lab 3_bsmith_attempt_2024-09-16-22-00-00" and identity.superseded == []


def test_the_latest_attempt_wins(tmp_path):
    found = read_class(tmp_path, [Student("Zoë Ñúñez", "znunez", attempts=[
        Attempt({"deck.py": "# second\n"}, when=datetime(2024, 9, 16, 23, 59, 30)),
        Attempt({"deck.py": "# first\n", "card.py": CARD}, when=datetime(2024, 9, 15, 20, 0)),
    ])])
    zoe = found["Zoë Ñúñez (znunez)"]
    assert files_of(zoe.folder) == {"deck.py": "# second\n"}
    assert zoe.identity.superseded == ["Lab 3_znunez_attempt_2024-09-15-20-00-00_card.py",
                                       "Lab 3_znunez_attempt_2024-09-15-20-00-00_deck.py"]
    assert zoe.identity.ignored == ["Lab 3_znunez_attempt_2024-09-15-20-00-00.txt",
                                    "Lab 3_znunez_attempt_2024-09-16-23-59-30.txt"]
    assert zoe.identity.submitted_at == "2024-09-16T23:59:30-04:00"


def test_the_receipts_original_name_is_preferred(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", "bsmith", attempts=[
        Attempt({"Deck Lab.py": DECK, "card.py": CARD}, stored={"Deck Lab.py": "Deck_Lab.py"})])])
    assert files_of(found["Bob Smith (bsmith)"].folder) == {"Deck Lab.py": DECK, "card.py": CARD}


def test_underscores_in_assignment_and_username_are_told_apart_by_the_receipt(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", "b_smith.2", {"deck.py": DECK})], assignment="Lab_3 Elevens")
    bob = found["Bob Smith (b_smith.2)"]
    assert bob.identity.ids == {"blackboard_username": "b_smith.2"} and files_of(bob.folder) == {"deck.py": DECK}


def test_without_receipts_the_username_comes_from_the_name(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", "bsmith", attempts=[Attempt({"deck.py": DECK}, receipt=False)])])
    bob = found["bsmith"]
    assert bob.identity.name == "" and bob.identity.ids == {"blackboard_username": "bsmith"}
    assert bob.identity.submitted_at == "2024-09-16T22:00:00" and bob.identity.ignored == []
    assert files_of(bob.folder) == {"deck.py": DECK}


def test_a_zipped_attempt_is_unpacked_and_a_bad_one_is_a_problem(tmp_path):
    found = read_class(tmp_path, [
        Student("Bob Smith", "bsmith", attempts=[Attempt({"deck.py": DECK, "card.py": CARD}, zipped="elevens.zip",
                                                         zip_folder="Elevens")]),
        Student("Ada Lovelace", "alovelace", attempts=[Attempt(raw_zip=b"not a zip", zipped="lab.zip")]),
    ])
    assert files_of(found["Bob Smith (bsmith)"].folder) == {"card.py": CARD, "deck.py": DECK}
    ada = found["Ada Lovelace (alovelace)"]
    assert ada.folder is None and "could not be opened as a zip" in ada.problem


def test_text_only_and_empty_attempts(tmp_path):
    found = read_class(tmp_path, [
        Student("Bob Smith", "bsmith", attempts=[Attempt(text="<p>public class Deck {}</p>")]),
        Student("Ada Lovelace", "alovelace", attempts=[Attempt({"deck.py": DECK}, when=datetime(2024, 9, 15)),
                                                       Attempt({}, when=datetime(2024, 9, 16))]),
        Student("Al Bo", "abo", {"deck.py": ""}),
    ])
    assert found["Bob Smith (bsmith)"].folder is None
    assert "text box" in found["Bob Smith (bsmith)"].problem
    ada = found["Ada Lovelace (alovelace)"]
    assert ada.folder is None and ada.problem.startswith("the latest attempt has no files (an earlier attempt")
    assert files_of(found["Al Bo (abo)"].folder) == {"deck.py": ""}


def test_a_file_the_receipt_lists_but_the_download_lacks(tmp_path):
    root = unpack(build_download(tmp_path, [Student("Bob Smith", "bsmith", {"deck.py": DECK, "card.py": CARD})]),
                  tmp_path / "d")
    (root / "Lab 3_bsmith_attempt_2024-09-16-22-00-00_card.py").unlink()
    bob = blackboard.read(root, tmp_path, IntakeOptions())[0]
    assert files_of(bob.folder) == {"deck.py": DECK}
    assert "does not hold it" in bob.problem


def test_hostile_original_names_are_refused(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", "bsmith", attempts=[
        Attempt({"..": "x = 1\n", "deck.py": DECK, "C:\\Users\\bob\\card.py": CARD},
                stored={"..": "dots", "C:\\Users\\bob\\card.py": "card.py"})])])
    bob = found["Bob Smith (bsmith)"]
    assert files_of(bob.folder) == {"card.py": CARD, "deck.py": DECK}  # an old browser's whole path: its last part
    assert "cannot be used as a file name" in bob.problem
    assert not (tmp_path / "scratch" / "x").exists()


def test_recognise_and_strays(tmp_path):
    archive = build_download(tmp_path, [Student("Bob Smith", "bsmith", {"deck.py": DECK}),
                                        Student("Ada Lovelace", "alovelace", {"deck.py": DECK})],
                             extra={"notes.txt": "mine", "__MACOSX/._notes.txt": b"\0"})
    root = unpack(archive, tmp_path / "outer" / "gradebook")
    evidence = blackboard.recognise(tmp_path / "outer")
    assert evidence.startswith("4 of 5 files named like Blackboard's") and "2 of them attempt receipts" in evidence
    assert blackboard.stray_files(root) == ["notes.txt"]
    assert canvas.recognise(root) == ""  # Canvas's looser pattern does not claim it either


def test_not_blackboard(tmp_path):
    (tmp_path / "class" / "ada").mkdir(parents=True)
    assert blackboard.recognise(tmp_path / "class") == ""
    with pytest.raises(IntakeError, match="Assignment File Download"):
        blackboard.read(tmp_path / "class", tmp_path, IntakeOptions())


def test_a_class_of_twenty(tmp_path):
    from tests.intake.make_blackboard import sample_class

    root = unpack(build_download(tmp_path, sample_class({"deck.py": DECK, "card.py": CARD})), tmp_path / "d")
    assert blackboard.recognise(root) and blackboard.stray_files(root) == []
    found = {s.identity.ids["blackboard_username"]: s for s in blackboard.read(root, tmp_path, IntakeOptions())}
    assert len(found) == 20
    graded = {u for u, s in found.items() if s.folder is not None and not s.problem}
    assert set(found) - graded == {"gaveup", "tonly", "bzip"}
    assert files_of(found["znunez"].folder) == {"card.py": CARD, "deck.py": DECK}
    assert files_of(found["jalvarez"].folder) == {"card.py": CARD, "deck.py": DECK}  # the receipt's original name
    assert files_of(found["ann.obrien_smith"].folder) == {"card.py": CARD, "deck.py": DECK}
    assert found["noreceipt"].key == "noreceipt" and found["bsmith2"].key == "Bob Smith (bsmith2)"
