"""The Canvas layout: a "Download Submissions" zip, as Canvas names it (tests/intake/make_canvas.py),
read into one folder per student with the identity Canvas gave them."""

import os
import zipfile
from pathlib import Path

import pytest

from grader.intake import canvas
from grader.intake.layouts import IntakeOptions, read_layout
from grader.intake.model import IntakeError
from tests.intake.make_canvas import (
    Student,
    build_download,
    copy_name,
    entries,
    sortable,
    squish,
    unpack,
)

DECK = "class Deck:\n    pass\n"
CARD = "class Card:\n    pass\n"


def read_class(tmp_path: Path, students: list[Student], **options) -> dict[str, canvas.IntakeStudent]:
    root = unpack(build_download(tmp_path, students, **options), tmp_path / "download")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    found = canvas.read(root, scratch, IntakeOptions())
    for student in found:
        if student.folder is not None:
            assert scratch in student.folder.parents
    return {student.key: student for student in found}


def files_of(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*")) if p.is_file()}


# --- names, as content_zipper.rb and attachment.rb make them --------------------------------------

@pytest.mark.parametrize("name, sortable_name, squished", [
    ("Bob Smith", "Smith, Bob", "smithbob"),
    ("Zoë Ñúñez", "Ñúñez, Zoë", "ñúñezzoë"),
    ("Ann O'Brien-Smith", "O'Brien-Smith, Ann", "obriensmithann"),
    ("Mary Jane van der Berg", "Berg, Mary Jane van der", "bergmaryjanevander"),
])
def test_the_builder_squishes_names_as_canvas_does(name, sortable_name, squished):
    assert sortable(name) == sortable_name
    assert squish(sortable_name) == squished


def test_the_builder_joins_digits_between_underscores_so_ids_stay_findable():
    assert squish("Smith_2_, Bob") == "smith2bob"


@pytest.mark.parametrize("file_name, expected", [
    ("smithbob_340934_208490284_deck.py", ("smithbob", "340934", "", False, "208490284", "deck.py", "file")),
    ("smithbob_LATE_340934_208490284_deck.py", ("smithbob", "340934", "", True, "208490284", "deck.py", "file")),
    ("ñúñezzoë_340935_208490285_my deck (2).py", ("ñúñezzoë", "340935", "", False, "208490285", "my deck (2).py", "file")),
    # A file name starting "<digits>_" reads two ways (refused): tests/intake/test_canvas_hostile_names.py.
    ("smithbob_340934_208490284_2024-12_notes.py", ("smithbob", "340934", "", False, "208490284", "2024-12_notes.py", "file")),
    ("_340936_208490286_deck.py", ("", "340936", "", False, "208490286", "deck.py", "file")),
    ("smithbob_340934_text.html", ("smithbob", "340934", "", False, "", "", "text")),
    ("smithbob_LATE_340934_link.html", ("smithbob", "340934", "", True, "", "", "link")),
    ("anon_Ab3xY_208490284_deck.py", ("", "", "Ab3xY", False, "208490284", "deck.py", "file")),
    ("LATE_anon_Ab3xY_208490284_deck.py", ("", "", "Ab3xY", True, "208490284", "deck.py", "file")),
    ("smithbob_340934_208490284_deck\n.py", ("smithbob", "340934", "", False, "208490284", "deck\n.py", "file")),
])
def test_download_names_are_taken_apart(file_name, expected):
    found = canvas.parse_name(Path(file_name))
    assert found is not None
    assert (found.name, found.user_id, found.anonymous_id, found.late, found.attachment_id, found.original,
            found.kind) == expected


@pytest.mark.parametrize("file_name", ["deck.py", "Lab 3_bsmith_attempt_2024-12-12-13-22-26_deck.py",
                                       "smith bob_1_2_deck.py", "smithbob_340934_deck.py", "notes.txt",
                                       "smithbob_340934_208490284_"])
def test_other_names_are_not_canvas_names(file_name):
    assert canvas.parse_name(Path(file_name)) is None


@pytest.mark.parametrize("name, expected", [
    ("deck.py", ("deck.py", 0)), ("deck-1.py", ("deck.py", 1)), ("deck-7.py", ("deck.py", 7)),
    ("report-1.tar.gz", ("report.tar.gz", 1)), ("my.deck-2.py", ("my.deck.py", 2)),
    ("my-2.deck.py", ("my.deck.py", 2)), ("README-1", ("README", 1)), ("-1.py", ("-1.py", 0)),
    ("deck-0f8fad5b-d9cb-469f-a165-70867728950e.py", ("deck.py", 1000)), ("deck-v2.py", ("deck-v2.py", 0)),
])
def test_canvas_copy_numbers_are_split_off(name, expected):
    assert canvas.split_copy_number(name) == expected


def test_copy_names_in_the_builder_match_the_reader():
    for name in ("deck.py", "report.tar.gz", "README"):
        assert canvas.split_copy_number(copy_name(name, 3)) == (name, 3)


# --- a class read -----------------------------------------------------------------------------------

def test_a_plain_class_is_one_student_per_user_id(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", 340934, {"deck.py": DECK, "card.py": CARD}),
                                  Student("Ada Lovelace", 340935, {"deck.py": DECK})])
    assert sorted(found) == ["lovelaceada", "smithbob"]
    bob = found["smithbob"]
    assert files_of(bob.folder) == {"card.py": CARD, "deck.py": DECK}
    assert bob.problem == ""
    identity = bob.identity
    assert identity.lms == "canvas" and identity.name == "smithbob"
    assert identity.ids == {"canvas_user_id": "340934", "canvas_attachment_ids": "208490000,208490001"}
    assert identity.late is None and identity.source == "smithbob_340934"
    assert identity.superseded == [] and identity.ignored == []


def test_late_is_true_only_when_canvas_says_so(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", 1, {"deck.py": DECK}, late=True),
                                  Student("Ada Lovelace", 2, {"deck.py": DECK})])
    assert found["smithbob"].identity.late is True
    assert found["smithbob"].identity.source == "smithbob_LATE_1"
    assert found["lovelaceada"].identity.late is None


def test_two_students_with_one_name_stay_two(tmp_path):
    found = canvas.read(unpack(build_download(tmp_path, [Student("Bob Smith", 1, {"deck.py": "# one\n"}),
                                                         Student("Bob Smith", 2, {"deck.py": "# two\n"})]),
                               tmp_path / "d"), tmp_path, IntakeOptions())
    assert [s.key for s in found] == ["smithbob", "smithbob"]
    assert sorted(s.identity.ids["canvas_user_id"] for s in found) == ["1", "2"]
    assert sorted(files_of(s.folder)["deck.py"] for s in found) == ["# one\n", "# two\n"]


def test_the_highest_copy_number_is_graded_under_the_plain_name(tmp_path):
    found = read_class(tmp_path, [Student("Zoë Ñúñez", 7, {"deck.py": DECK, "card.py": CARD},
                                          resubmitted={"deck.py": 2}, keep_earlier=True)])
    zoe = found["ñúñezzoë"]
    assert files_of(zoe.folder) == {"card.py": CARD, "deck.py": DECK}
    assert zoe.identity.superseded == ["ñúñezzoë_7_208490000_deck.py", "ñúñezzoë_7_208490001_deck-1.py"]


def test_a_lone_renamed_copy_is_graded_under_the_plain_name(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", 1, {"deck.py": DECK}, resubmitted={"deck.py": 1})])
    assert files_of(found["smithbob"].folder) == {"deck.py": DECK}
    assert found["smithbob"].identity.superseded == []


def test_a_students_zip_is_unpacked_into_their_folder_and_junk_listed(tmp_path):
    found = read_class(tmp_path, [Student("Ann O'Brien-Smith", 3, {"deck.py": DECK, "card.py": CARD},
                                          zipped="elevens.zip", zip_folder="Elevens", zip_junk=True)])
    ann = found["obriensmithann"]
    assert files_of(ann.folder) == {"card.py": CARD, "deck.py": DECK}  # the wrapper folder gone into
    assert sorted(ann.identity.ignored) == ["Elevens/.DS_Store", "__MACOSX/"]
    assert ann.problem == ""


def test_a_bad_zip_is_a_problem_for_that_student_only(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", 1, raw_zip=b"PK\3\4 not really", zipped="lab.zip"),
                                  Student("Ada Lovelace", 2, {"deck.py": DECK})])
    assert found["smithbob"].folder is None
    assert "could not be opened as a zip" in found["smithbob"].problem
    assert found["lovelaceada"].problem == ""


def test_a_zip_that_points_outside_is_refused_and_nothing_lands_outside(tmp_path):
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("../../escaped.py", "x = 1\n")
    found = read_class(tmp_path, [Student("Bob Smith", 1, raw_zip=buffer.getvalue(), zipped="lab.zip")])
    assert "points outside" in found["smithbob"].problem
    assert not list(tmp_path.rglob("escaped.py"))


def test_empty_submissions(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", 1, {"deck.py": ""}),
                                  Student("Ada Lovelace", 2, {}, zipped="empty.zip")])
    assert files_of(found["smithbob"].folder) == {"deck.py": ""}  # an empty file is graded (and fails)
    assert found["lovelaceada"].folder is None
    assert found["lovelaceada"].problem == "the submission holds no files"


def test_text_and_link_submissions_have_nothing_to_grade(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", 1, text_entry="public class Deck {}"),
                                  Student("Ada Lovelace", 2, url="https://github.com/ada/elevens")])
    assert found["smithbob"].folder is None and "text box" in found["smithbob"].problem
    assert found["smithbob"].identity.ignored == ["smithbob_1_text.html"]
    assert found["smithbob"].identity.ids == {"canvas_user_id": "1"}
    assert "website address" in found["lovelaceada"].problem


def test_anonymous_grading(tmp_path):
    found = read_class(tmp_path, [Student("Bob Smith", 1, {"deck.py": DECK}, anonymous_id="Ab3xY", late=True),
                                  Student("Ada Lovelace", 2, {"deck.py": DECK}, anonymous_id="Qz9kP")], anonymous=True)
    assert sorted(found) == ["anon_Ab3xY", "anon_Qz9kP"]
    bob = found["anon_Ab3xY"].identity
    assert bob.name == "" and bob.late is True and bob.source == "LATE_anon_Ab3xY"
    assert bob.ids == {"canvas_anonymous_id": "Ab3xY", "canvas_attachment_ids": "208490000"}


def test_hostile_names_are_refused_not_written(tmp_path):
    root = tmp_path / "download"
    root.mkdir()
    (root / "smithbob_1_11_..").write_text("x = 1\n")
    (root / "smithbob_1_12_deck.py").write_text(DECK)
    (root / "lovelaceada_2_13_deck\n.py").write_text(DECK)
    found = {s.key: s for s in canvas.read(root, tmp_path, IntakeOptions())}
    assert files_of(found["smithbob"].folder) == {"deck.py": DECK}
    assert "cannot be used as a file name" in found["smithbob"].problem
    # A line break is a control character, which no name written on disk may hold (safe_paths).
    assert found["lovelaceada"].folder is None and "control character" in found["lovelaceada"].problem


def test_links_in_the_download_are_never_followed(tmp_path):
    secret = tmp_path / "secret.py"
    secret.write_text("password = 1\n")
    root = tmp_path / "download"
    root.mkdir()
    (root / "smithbob_1_11_deck.py").write_text(DECK)
    os.symlink(secret, root / "smithbob_1_12_card.py")
    found = canvas.read(root, tmp_path, IntakeOptions())
    assert files_of(found[0].folder) == {"deck.py": DECK}
    assert canvas.stray_files(root) == ["smithbob_1_12_card.py (a link, not followed)"]


def test_a_wrapper_folder_and_the_teachers_junk_are_gone_through(tmp_path):
    archive = build_download(tmp_path, [Student("Bob Smith", 1, {"deck.py": DECK})],
                             extra={"__MACOSX/._smithbob_1_208490000_deck.py": b"\0", ".DS_Store": b"\0"})
    root = unpack(archive, tmp_path / "outer" / "apcsa-lab-3_submissions")
    (tmp_path / "outer" / ".DS_Store").write_bytes(b"\0")
    assert canvas.recognise(tmp_path / "outer")
    found = canvas.read(tmp_path / "outer", tmp_path, IntakeOptions())
    assert [s.key for s in found] == ["smithbob"]
    assert canvas.stray_files(root) == []


def test_recognise_gives_evidence_and_strays_are_listed(tmp_path):
    archive = build_download(tmp_path, [Student("Bob Smith", 1, {"deck.py": DECK}),
                                        Student("Ada Lovelace", 2, {"deck.py": DECK, "card.py": CARD})],
                             extra={"grading notes.txt": "todo"})
    root = unpack(archive, tmp_path / "d")
    (root / "feedback").mkdir()
    evidence = canvas.recognise(root)
    assert evidence.startswith("3 of 4 files named like Canvas's") and "lovelaceada_2_208490001_deck.py" in evidence
    assert canvas.stray_files(root) == ["grading notes.txt", "feedback/"]
    assert len(canvas.read(root, tmp_path, IntakeOptions())) == 2


def test_a_folder_that_is_not_canvas_is_not_recognised_and_read_says_why(tmp_path):
    root = tmp_path / "class"
    (root / "ada").mkdir(parents=True)
    (root / "ada" / "deck.py").write_text(DECK)
    (root / "bob.zip").write_bytes(b"")
    assert canvas.recognise(root) == ""
    with pytest.raises(IntakeError, match="no file named the way Canvas names a download .*bob.zip"):
        canvas.read(root, tmp_path, IntakeOptions())
    with pytest.raises(IntakeError, match="does not look like a canvas download"):
        read_layout("canvas", root, tmp_path, IntakeOptions())


def test_the_builder_can_store_names_without_the_unicode_flag(tmp_path):
    archive = build_download(tmp_path, [Student("Zoë Ñúñez", 7, {"deck.py": DECK})], unicode_flag=False)
    with zipfile.ZipFile(archive) as opened:
        info = opened.infolist()[0]
    assert not info.flag_bits & 0x800
    assert info.filename.encode("cp437").decode("utf-8") == "ñúñezzoë_7_208490000_deck.py"


def test_entries_of_a_mixed_class(tmp_path):
    names = [name for name, _ in entries([
        Student("Bob Smith", 1, {"deck.py": DECK}, late=True),
        Student("Zoë Ñúñez", 2, {"deck.py": DECK}, resubmitted={"deck.py": 2}),
        Student("Ann O'Brien-Smith", 3, {"deck.py": DECK}, zipped="elevens.zip"),
        Student("Al Bo", 4, {'a:b?.py': "x"}),
    ])]
    assert names == ["smithbob_LATE_1_208490000_deck.py", "ñúñezzoë_2_208490001_deck-2.py",
                     "obriensmithann_3_208490002_elevens.zip", "boal_4_208490003_a_b_.py"]


def test_a_class_of_twenty(tmp_path):
    from tests.intake.make_canvas import sample_class

    root = unpack(build_download(tmp_path, sample_class({"deck.py": DECK, "card.py": CARD})), tmp_path / "d")
    assert canvas.recognise(root).startswith("36 of 36") and canvas.stray_files(root) == []
    found = canvas.read(root, tmp_path, IntakeOptions())
    assert len(found) == 20
    by_id = {s.identity.ids.get("canvas_user_id"): s for s in found}
    graded = {uid for uid, s in by_id.items() if s.folder is not None and not s.problem}
    assert graded == {str(n) for n in range(340934, 340954)} - {"340941", "340942", "340944", "340945"}
    assert files_of(by_id["340936"].folder) == {"card.py": CARD, "deck.py": DECK}
    assert files_of(by_id["340943"].folder) == {"My deck.py": DECK, "card.py": CARD}
    assert [by_id[u].key for u in ("340934", "340935")] == ["smithbob", "smithbob"]
    assert by_id["340938"].key == "álvareznúñezjosé" and by_id["340938"].identity.late is True
