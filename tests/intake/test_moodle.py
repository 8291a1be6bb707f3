"""The Moodle reader on downloads built the way Moodle builds them (make_moodle.py)."""

import io
import os
import zipfile
from pathlib import Path

import pytest

from grader.intake import moodle
from grader.intake.download import download_entries, open_download
from grader.intake.layouts import IntakeOptions
from grader.intake.model import IntakeError
from tests.intake.make_moodle import Student, build_download, moodle_name, unpack

DECK = "class Deck:\n    pass\n"
CARD = "class Card:\n    pass\n"


def read(tmp_path: Path, students: list[Student], **kwargs):
    root = unpack(build_download(tmp_path, students, **kwargs), tmp_path / "download")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    assert moodle.recognise(root)
    return moodle.read(root, scratch, IntakeOptions())


def by_key(students):
    return {s.key: s for s in students}


def files_of(student) -> dict[str, str]:
    return {p.relative_to(student.folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(student.folder.rglob("*")) if p.is_file()}


CLASS = [
    Student("Zoë Ångström", 101, {"deck.py": DECK, "card.py": CARD}),
    Student("Mary-Jane O'Neil", 102, {"src/deck.py": DECK}),
    Student("Bob Smith", 103, {"deck.py": DECK}, zipped="my work.zip", zip_folder="Lab7"),
    Student("Bob Smith", 104, {"deck.py": "# the other Bob\n"}, online_text="<p>see attached</p>"),
    Student("Ann_Lee", 105, {}, online_text="<p>I could not upload</p>"),
]


def test_folders_since_moodle_41(tmp_path):
    students = by_key(read(tmp_path, CLASS))
    assert set(students) == {"Zoë Ångström", "Mary-Jane ONeil", "Bob Smith (103)", "Bob Smith (104)", "Ann Lee"}
    zoe = students["Zoë Ångström"]
    assert files_of(zoe) == {"card.py": CARD, "deck.py": DECK}
    assert zoe.identity.lms == "moodle" and zoe.identity.name == "Zoë Ångström"
    assert zoe.identity.ids == {"moodle_participant_id": "101"}
    assert zoe.identity.late is None and zoe.identity.submitted_at == ""
    assert zoe.identity.source == "Zoë Ångström_101_assignsubmission_file"
    assert zoe.folder.parent == tmp_path / "scratch" and zoe.problem == ""
    # clean_filename drops the apostrophe; the wrapper folder the student made is gone through
    mary = students["Mary-Jane ONeil"]
    assert files_of(mary) == {"deck.py": DECK} and mary.folder.name == "src"


def test_a_zip_upload_is_unpacked_and_its_wrapper_folder_gone_through(tmp_path):
    bob = by_key(read(tmp_path, CLASS))["Bob Smith (103)"]
    assert files_of(bob) == {"deck.py": DECK}
    assert bob.identity.ids == {"moodle_participant_id": "103"}


def test_two_bobs_are_two_students_and_file_plus_online_text_is_one(tmp_path):
    students = read(tmp_path, CLASS)
    bobs = [s for s in students if s.identity.name == "Bob Smith"]
    assert sorted(s.identity.ids["moodle_participant_id"] for s in bobs) == ["103", "104"]
    other = by_key(students)["Bob Smith (104)"]
    assert files_of(other) == {"deck.py": "# the other Bob\n"}
    assert other.identity.ignored == ["Bob Smith_104_assignsubmission_onlinetext/onlinetext.html"]
    assert other.identity.source == "Bob Smith_104_assignsubmission_file"


def test_online_text_only_is_no_gradable_work(tmp_path):
    ann = by_key(read(tmp_path, CLASS))["Ann Lee"]
    assert ann.folder is None
    assert "no uploaded files" in ann.problem and "onlinetext" in ann.problem
    assert ann.identity.ids == {"moodle_participant_id": "105"}
    assert ann.identity.ignored == ["Ann Lee_105_assignsubmission_onlinetext/onlinetext.html"]
    assert not any((tmp_path / "scratch").glob("student-*/.*"))


@pytest.mark.parametrize("style, source", [("folders-3x", "Zoë Ångström_101_assignsubmission_file_"),
                                           ("flat", "Zoë Ångström_101_assignsubmission_file_card.py, "
                                                    "Zoë Ångström_101_assignsubmission_file_deck.py")])
def test_older_moodle_layouts(tmp_path, style, source):
    students = by_key(read(tmp_path, CLASS, style=style))
    zoe = students["Zoë Ångström"]
    assert files_of(zoe) == {"card.py": CARD, "deck.py": DECK}
    assert zoe.identity.source == source
    assert files_of(students["Mary-Jane ONeil"]) == {"deck.py": DECK}
    assert files_of(students["Bob Smith (103)"]) == {"deck.py": DECK}
    assert students["Ann Lee"].folder is None


def test_blind_marking(tmp_path):
    students = by_key(read(tmp_path, CLASS[:2], blind=True))
    assert set(students) == {"Participant 101", "Participant 102"}
    assert students["Participant 101"].identity.name == "Participant 101"
    assert students["Participant 101"].identity.ids == {"moodle_participant_id": "101"}


def test_team_submissions_with_a_default_group(tmp_path):
    team = [Student("Ada", 1, {"deck.py": DECK}, group=("Red team", 42)),
            Student("Bea", 2, {"deck.py": "# Bea's copy is never sent\n"}, group=("Red team", 42)),
            Student("Cy", 3, {"deck.py": "# alone\n"})]
    students = by_key(read(tmp_path, team, team=True))
    assert set(students) == {"Red team", "Default group"}
    assert students["Red team"].identity.ids == {"moodle_group_id": "42"}
    assert files_of(students["Red team"]) == {"deck.py": DECK}
    assert students["Default group"].identity.ids == {}


def test_a_wrapper_folder_and_a_macs_junk(tmp_path):
    students = by_key(read(tmp_path, CLASS[:1], wrapper="CS101-Lab 7-1234", mac_junk=True))
    assert list(students) == ["Zoë Ångström"]


def test_junk_inside_a_students_zip_is_ignored_and_named(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("Lab/deck.py", DECK)
        zf.writestr("__MACOSX/Lab/._deck.py", b"\0")
        zf.writestr("Lab/.DS_Store", b"\0")
    students = read(tmp_path, [Student("Zoë", 7, {"lab.zip": buffer.getvalue()})])
    zoe = students[0]
    assert files_of(zoe) == {"deck.py": DECK}
    assert zoe.identity.ignored == ["Zoë_7_assignsubmission_file/lab.zip/__MACOSX/Lab/._deck.py",
                                    "Zoë_7_assignsubmission_file/lab.zip/Lab/.DS_Store"]


def test_a_bad_zip_is_that_students_problem_only(tmp_path):
    students = by_key(read(tmp_path, [Student("Zoë", 7, {"lab.zip": b"not a zip"}),
                                      Student("Cy", 8, {"deck.py": DECK})]))
    assert students["Zoë"].folder is None and "could not be opened as a zip" in students["Zoë"].problem
    assert students["Cy"].problem == "" and files_of(students["Cy"]) == {"deck.py": DECK}


def test_a_zip_reaching_outside_is_refused(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("../../escape.py", "x = 1\n")
    zoe = read(tmp_path, [Student("Zoë", 7, {"deck.py": DECK, "lab.zip": buffer.getvalue()})])[0]
    assert "outside the zip" in zoe.problem
    assert files_of(zoe) == {"deck.py": DECK}  # what else she handed in is still there
    assert not any(tmp_path.rglob("escape.py"))


def test_links_in_the_download_are_not_followed(tmp_path):
    root = unpack(build_download(tmp_path, [Student("Zoë", 7, {"deck.py": DECK})]), tmp_path / "download")
    secret = tmp_path / "secret.txt"
    secret.write_text("teacher's notes")
    os.symlink(secret, root / "Zoë_7_assignsubmission_file" / "card.py")
    os.symlink(secret, root / "Eve_9_assignsubmission_file")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    students = by_key(moodle.read(root, scratch, IntakeOptions()))
    assert files_of(students["Zoë"]) == {"deck.py": DECK}
    assert students["Zoë"].identity.ignored == ["Zoë_7_assignsubmission_file/card.py (a link, not followed)"]
    assert "Eve_9_assignsubmission_file" not in students  # a link is no student's work
    assert moodle.stray_files(root) == ["Eve_9_assignsubmission_file"]
    assert "teacher's notes" not in "".join(p.read_text() for p in scratch.rglob("*") if p.is_file())


def test_odd_file_names_are_kept_as_the_student_gave_them(tmp_path):
    # A name with a line break is left out of the download's zip (grader/intake/safe_paths.py):
    # tests/security/test_zip_attacks.py checks that.
    odd = {"deck copy (2).py": DECK, "é" * 60 + ".py": "y = 2\n"}
    zoe = read(tmp_path, [Student("Zoë", 7, odd)])[0]
    assert files_of(zoe) == {"deck copy (2).py": DECK, "é" * 60 + ".py": "y = 2\n"}


def test_an_entry_not_named_the_moodle_way_is_a_stray(tmp_path):
    root = unpack(build_download(tmp_path, [Student("Zoë", 7, {"deck.py": DECK})]), tmp_path / "download")
    (root / "grading worksheet.csv").write_text("Identifier,Grade\n")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    assert list(by_key(moodle.read(root, scratch, IntakeOptions()))) == ["Zoë"]
    assert moodle.stray_files(root) == ["grading worksheet.csv"]


def test_recognise(tmp_path):
    root = unpack(build_download(tmp_path, CLASS), tmp_path / "download")
    assert "6 entries named like 'Ann Lee_105_assignsubmission_onlinetext'" in moodle.recognise(root)
    plain = tmp_path / "plain"
    (plain / "ada").mkdir(parents=True)
    (plain / "smithbob_340934_208490284_deck.py").write_text(DECK)  # Canvas's flat names
    assert moodle.recognise(plain) == ""
    with pytest.raises(IntakeError, match="Full Name_12345_assignsubmission_file"):
        moodle.read(plain, tmp_path, IntakeOptions())


def test_moodle_name_matches_clean_filename():
    assert moodle_name("Ann_Lee") == "Ann Lee"
    assert moodle_name("Tom & Jerry's \"band\"") == "Tom  Jerrys band"


def test_a_class_of_twenty(tmp_path):
    """The kind of class the end-to-end test builds: every oddity at once, each student kept apart."""
    names = ["Zoë Ångström", "José Núñez", "Mary-Jane O'Neil", "Bob Smith", "Bob Smith", "Ann_Lee",
             "Li Wei", "Siobhán Ó Briain", "Jean-Luc Picard", "Ana María López"] + [f"Student {n}" for n in range(10)]
    students = []
    for number, name in enumerate(names, start=201):
        files = {"deck.py": f"# {name}\n", "card.py": CARD}
        if number % 5 == 0:
            students.append(Student(name, number, files, zipped=f"{name} lab.zip", zip_folder="Lab 7"))
        elif number % 7 == 0:
            students.append(Student(name, number, {"Deck (1).py": "# misnamed\n"}))
        elif number == 209:
            students.append(Student(name, number, {}, online_text=""))  # typed nothing, uploaded nothing
        else:
            students.append(Student(name, number, files, online_text="<p>done</p>" if number % 3 == 0 else None))
    read_back = read(tmp_path, students, wrapper="CS101-Lab 7-1234", mac_junk=True)
    assert len(read_back) == 20
    assert sorted(s.identity.ids["moodle_participant_id"] for s in read_back) == [str(n) for n in range(201, 221)]
    assert len({s.key for s in read_back}) == 20
    assert sum(s.folder is None for s in read_back) == 1
    assert by_key(read_back)["José Núñez"].identity.name == "José Núñez"


def test_opened_as_the_core_opens_a_download(tmp_path):
    root = unpack(build_download(tmp_path, CLASS), tmp_path / "download")
    (root / "notes.txt").write_text("mine")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    download = open_download(root, scratch, named="moodle")
    assert download.layout == "moodle" and download.strays == ["notes.txt"]
    entries = download_entries(download, frozenset())
    assert sorted(e.id for e in entries) == ["Ann Lee", "Bob Smith (103)", "Bob Smith (104)", "Mary-Jane ONeil",
                                             "Zoë Ångström"]
    ann = next(e for e in entries if e.id == "Ann Lee")
    assert ann.problem and ann.identity["ids"] == {"moodle_participant_id": "105"}
