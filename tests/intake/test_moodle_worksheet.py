"""Filling and making Moodle grading worksheets, checked by reading them back the way Moodle's
importer does (mod/assign/feedback/offline/importgradeslib.php over lib/csvlib.class.php)."""

import csv
import io
from datetime import datetime, timezone

import pytest

from grader.integrations.moodle_worksheet import Columns, WorksheetError, fill_worksheet, new_worksheet

HEADER = ('Identifier,"Full name","Email address",Status,Grade,"Maximum Grade","Grade can be changed",'
          '"Last modified (submission)","Last modified (grade)","Feedback comments"')
ROWS = [
    '"Participant 101","Zoë Ångström",zoe@school.edu,"Submitted for grading",,100.00,Yes,'
    '"Friday, 5 April 2024, 3:12 PM",-,',
    '"Participant 102","Mary-Jane O\'Neil",mj@school.edu,"Submitted for grading - Graded",71.50,100.00,Yes,'
    '"Friday, 5 April 2024, 4:00 PM","Saturday, 6 April 2024, 9:00 AM","Good, but see ""notes"""',
    '"Participant 103","Bob Smith",bob@school.edu,"No submission",,100.00,Yes,-,-,',
    '"Participant 104","Bob Smith",bob2@school.edu,"Submitted for grading",,100.00,No,'
    '"Friday, 5 April 2024, 5:00 PM",-,',
]
WORKSHEET = "\ufeff" + "\r\n".join([HEADER, *ROWS]) + "\r\n"


def moodle_reads(text: str, columns: Columns = Columns()) -> dict[str, dict[str, str]]:
    """What Moodle's importer takes from ``text``: {participant id: {column: value}}, after the
    checks that make it refuse a file (the three columns, every row as wide as the header)."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").strip()
    rows = [row for row in csv.reader(io.StringIO(text)) if row != []]
    header = rows[0]
    assert all(len(row) == len(header) for row in rows), "Moodle refuses a file with rows of another width"
    index = {name: i for i, name in enumerate(header)}
    for needed in (columns.identifier, columns.grade, columns.modified):
        assert needed in index, f"Moodle refuses a file without {needed!r}"
    found = {}
    for row in rows[1:]:
        number = row[index[columns.identifier]][len(columns.participant):]  # substr(strlen('Participant '))
        found[number] = dict(zip(header, row))
    return found


def test_fill_writes_only_grade_cells():
    result = fill_worksheet(WORKSHEET, {"101": 88.5, "Participant 102": 90})
    assert result.written == [("101", "Zoë Ångström", "88.50"), ("102", "Mary-Jane O'Neil", "90.00")]
    expected = WORKSHEET.replace('"Submitted for grading",,100.00,Yes,"Friday, 5 April 2024, 3:12 PM"',
                                '"Submitted for grading",88.50,100.00,Yes,"Friday, 5 April 2024, 3:12 PM"', 1)
    expected = expected.replace("Graded\",71.50,", "Graded\",90.00,", 1)
    assert result.text == expected  # the BOM, \r\n, quoting, dates and feedback are as they were
    read = moodle_reads(result.text)
    assert read["101"]["Grade"] == "88.50" and read["102"]["Grade"] == "90.00"
    assert read["102"]["Feedback comments"] == 'Good, but see "notes"'
    assert read["103"]["Grade"] == "" and read["104"]["Grade"] == ""


def test_no_score_leaves_the_cell_alone_and_is_reported():
    result = fill_worksheet(WORKSHEET, {"101": 50})
    assert result.without_score == [("102", "Mary-Jane O'Neil", "Submitted for grading - Graded"),
                                    ("103", "Bob Smith", "No submission"),
                                    ("104", "Bob Smith", "Submitted for grading")]
    assert moodle_reads(result.text)["102"]["Grade"] == "71.50"  # Moodle's own grade untouched
    assert moodle_reads(result.text)["103"]["Grade"] == ""  # never a made-up 0


def test_unmatched_ids_and_skipped_rows_are_reported():
    result = fill_worksheet(WORKSHEET, {"101": 120, "103": 0, "104": 10, "999": 5, "bob": 7})
    assert result.written == []
    assert [(n, why.split(",")[0]) for n, _, why in result.skipped] == [
        ("101", "the score 120 is above the assignment's maximum 100"),
        ("103", "Moodle says there is no submission"),
        ("104", "Moodle says its grade cannot be changed (locked or overridden in the gradebook)")]
    assert result.unmatched == ["999", "bob"]
    assert result.text == WORKSHEET


def test_a_decimal_comma_site_gets_decimal_commas():
    text = ("Identifier;Full name;Grade;Maximum Grade;Last modified (grade)\n"
            "Participant 101;Zoë Ångström;;100,00;-\n"
            'Participant 102;Bob Smith;"71,50";100,00;-\n')
    result = fill_worksheet(text, {"101": 88.25, "102": 90})
    assert result.written == [("101", "Zoë Ångström", "88,25"), ("102", "Bob Smith", "90,00")]
    assert result.text == text.replace(";;100", ";88,25;100").replace('"71,50"', '"90,00"')


def test_more_decimals_only_when_needed():
    result = fill_worksheet(WORKSHEET, {"101": 1 / 3, "102": 7})
    assert [cell for _, _, cell in result.written] == ["0.33333", "7.00"]


def test_a_scale_assignment_and_a_foreign_file_are_refused():
    with pytest.raises(WorksheetError, match="graded on a scale"):
        fill_worksheet(WORKSHEET.replace('"Maximum Grade"', "Scale"), {"101": 1})
    with pytest.raises(WorksheetError, match="needs the columns 'Identifier', 'Grade', 'Last modified"):
        fill_worksheet("Student,ID,Section\nBob,1,A\n", {"1": 1})


def test_another_language_with_its_column_names():
    german = Columns(identifier="ID", participant="Teilnehmer/in", full_name="Vollständiger Name", grade="Bewertung",
                     maximum="Bestmögliche Bewertung", modified="Zuletzt geändert (Bewertung)")
    text = ("ID,Vollständiger Name,Bewertung,Bestmögliche Bewertung,Zuletzt geändert (Bewertung)\n"
            "Teilnehmer/in101,Zoë,,\"100,00\",-\n")
    result = fill_worksheet(text, {"101": 9.5}, columns=german)
    assert moodle_reads(result.text, german)["101"]["Bewertung"] == "9,50"


def test_new_worksheet_is_what_the_importer_reads():
    when = datetime(2024, 4, 5, 15, 12, tzinfo=timezone.utc)
    text = new_worksheet([("101", "Zoë Ångström", 88.5, 100), ("102", 'Smith, "Bob"', 100, 100),
                          ("103", "Ann Lee", None, 100)], modified=when)
    read = moodle_reads(text)
    assert read["101"] == {"Identifier": "Participant 101", "Full name": "Zoë Ångström", "Grade": "88.50",
                           "Maximum Grade": "100.00", "Last modified (grade)": "2024-04-05T15:12:00+00:00"}
    assert read["102"]["Full name"] == 'Smith, "Bob"' and read["102"]["Grade"] == "100.00"
    assert read["103"]["Grade"] == ""
    # and it can be filled again like a downloaded one
    assert fill_worksheet(text, {"103": 42}).written == [("103", "Ann Lee", "42.00")]


def test_new_worksheet_refuses_what_moodle_would_skip():
    with pytest.raises(WorksheetError, match="outside 0 to 10"):
        new_worksheet([("101", "Zoë", 11, 10)])
    with pytest.raises(WorksheetError, match="no participant id"):
        new_worksheet([("zoe", "Zoë", 1, 10)])
