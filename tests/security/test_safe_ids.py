"""grader/intake/names.py on its own: which names are changed, into what, and who keeps their name."""

import unicodedata

import pytest

from grader.intake.names import MAX_ID_BYTES, MAX_ID_CHARS, assign_ids, clean_id
from grader.reporters import output_names


@pytest.mark.parametrize("name, expected", [
    ("ada", "ada"),
    ("Ada Lovelace", "Ada Lovelace"),
    ("new\nline", "new␊line"),
    ("tab\there", "tab␉here"),
    ("bell\x07", "bell␇"),
    ("del\x7f", "del␡"),
    ("c1\x85", "c1[U+0085]"),
    ("line\u2028sep", "line[U+2028]sep"),
    ("rtl\u202eoverride", "rtl[U+202E]override"),
    ("zero\u200bwidth", "zero[U+200B]width"),
    ("nb\u00a0sp", "nb[U+00A0]sp"),
    ("  ", "␠␠"),
    (" x ", "␠x␠"),
    ("not-utf8-\udce9", "not-utf8-[U+DCE9]"),
    (unicodedata.normalize("NFD", "Zoë"), "Zoë"),
])
def test_clean_id(name, expected):
    assert clean_id(name)[0] == expected


def test_a_clean_id_has_no_character_that_splits_a_line():
    hostile = "".join(chr(c) for c in [*range(0x20), 0x7F, 0x85, 0x2028, 0x2029, 0x1C, 0x1D, 0x1E, 0x0B, 0x0C])
    cleaned, reasons = clean_id("a" + hostile + "b")
    assert len(cleaned.splitlines()) == 1 and cleaned.isprintable() and reasons


@pytest.mark.parametrize("name", ["L" * 300, "é" * 200, "😀" * 100, "\x01" * 255])
def test_a_long_name_fits_in_a_file_name_and_stays_apart_from_another(name):
    cleaned, reasons = clean_id(name)
    other, _ = clean_id(name[:-1] + "x")
    assert len(cleaned) <= MAX_ID_CHARS and len(cleaned.encode()) <= MAX_ID_BYTES and "longer than" in reasons[-1]
    assert cleaned != other


def test_an_honest_name_is_never_the_one_renamed():
    # "a␊b" is a real folder name here; the folder "a\nb" would take the same id, so it is the one moved.
    namings = assign_ids([("a\nb", "the folder 'a\\nb'"), ("a␊b", "the folder 'a␊b'")])
    assert [n.id for n in namings] == ["a␊b (2)", "a␊b"]
    assert namings[1].student_note == "" and "holds a line break" in namings[0].student_note


def test_output_names_are_taken_without_regard_to_case():
    reserved = output_names()
    assert {"results.json", "gradebook.csv", "index.html", ".grader-state", ".grader-output"} <= reserved
    namings = assign_ids([("Gradebook.CSV", "x"), ("junit.xml", "y"), ("gradebook", "z")], reserved)
    assert [n.id for n in namings] == ["Gradebook.CSV (student)", "junit.xml (student)", "gradebook"]


def test_duplicates_get_numbers_that_are_themselves_free():
    namings = assign_ids([("sam", "the folder 'sam'"), ("sam (2)", "the folder 'sam (2)'"), ("sam", "the zip 'sam.zip'")])
    assert [n.id for n in namings] == ["sam", "sam (2)", "sam (3)"]
    assert "the same as that of another submission, the folder 'sam'" in namings[2].teacher_note


def test_nfc_and_nfd_spellings_of_one_name_are_two_students_told_apart():
    nfc, nfd = "Zoë", unicodedata.normalize("NFD", "Zoë")
    namings = assign_ids([(nfd, "the folder A"), (nfc, "the folder B")])
    assert [n.id for n in namings] == ["Zoë (2)", "Zoë"]  # the NFC one is already clean: it keeps its name
    assert "another Unicode form" in namings[0].teacher_note


def test_a_name_only_brought_to_nfc_gets_no_note():
    (naming,) = assign_ids([(unicodedata.normalize("NFD", "José"), "x")])
    assert naming.id == "José" and naming.student_note == naming.teacher_note == ""
