"""Blackboard Grade Center files (grader/integrations/blackboard_grades.py): one column of a Full
Grade Center download filled and nothing else changed, and a fresh upload file, both read back
with Python's csv module as Blackboard documents them (tab-delimited .xls without quotes needed,
comma-delimited .csv with every cell quoted)."""

import csv
import io
import re

import pytest

from grader.integrations.blackboard_grades import (
    BlackboardGradesError,
    decode,
    encode,
    fill_downloaded,
    format_score,
    new_upload,
)

COLUMN = "Lab 3 [Total Pts: 166 Score] |123456"
HEADER = ["Last Name", "First Name", "Username", "Student ID", "Last Access", "Availability",
          "Total [Total Pts: up to 266 Score] |123450", COLUMN, "Quiz 1 [Total Pts: 100 Score] |123457"]
ROWS = [
    ["Smith", "Bob", "bsmith", "S001", "2024-09-16 22:00:00", "Yes", "80.00", "", "80.00"],
    ["Ñúñez, Jr.", "Zoë", "ZNunez", "S002", "2024-09-16 23:59:30", "Yes", "95.50", "Needs Grading", "95.50"],
    ["O'Brien \"Al\"", "Ann", "aobrien", "S003", "", "No", "0.00", "", ""],
    ["Lovelace", "Ada", "alovelace", "S004", "2024-09-15 08:00:00", "Yes", "100.00", "", "100.00"],
]


def download(delimiter: str, line_end: str = "\n") -> str:
    """A Full Grade Center download as Blackboard writes it: every cell quoted."""
    def line(values):
        return delimiter.join('"' + value.replace('"', '""') + '"' for value in values)
    return "\ufeff" + line_end.join(line(values) for values in [HEADER, *ROWS]) + line_end


def table(text: str, delimiter: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=delimiter))


def test_the_utf16_tab_download_gets_one_column_filled_and_nothing_else(tmp_path):
    data = download("\t").encode("utf-16-le")  # the BOM is the text's first character
    assert data.startswith(b"\xff\xfe")
    text, encoding = decode(data)
    assert encoding == "utf-16-le"
    result = fill_downloaded(text, "Lab 3", {"bsmith": 150, " znunez ": 165.996, "nobody": 12})
    assert result.column == COLUMN
    assert result.written == [("bsmith", "150"), ("ZNunez", "166")]
    assert result.unmatched == ["nobody"]
    assert result.no_score == [("aobrien", "Ann O'Brien \"Al\""), ("alovelace", "Ada Lovelace")]
    written = encode(result.text, encoding)
    assert written.startswith(b"\xff\xfe")
    rows = table(written.decode("utf-16"), "\t")  # how a reader of Blackboard's .xls takes it
    expected = [HEADER, *[list(row) for row in ROWS]]
    expected[1][7], expected[2][7] = "150", "166"
    assert rows == expected
    # every byte outside the two cells is as it was
    assert result.text == download("\t").replace('"bsmith"\t"S001"\t"2024-09-16 22:00:00"\t"Yes"\t"80.00"\t""',
                                                 '"bsmith"\t"S001"\t"2024-09-16 22:00:00"\t"Yes"\t"80.00"\t"150"') \
        .replace('"95.50"\t"Needs Grading"', '"95.50"\t"166"')


def test_the_comma_download_keeps_its_quotes_bom_and_line_ends():
    original = download(",", "\r\n")
    text, encoding = decode(original.encode("utf-8"))
    assert encoding == "utf-8" and text == original
    result = fill_downloaded(text, "123456", {"alovelace": 99.5})
    assert result.written == [("alovelace", "99.5")]
    assert result.text == original.replace('"100.00","","100.00"', '"100.00","99.5","100.00"')
    assert table(result.text, ",")[4][7] == "99.5"
    assert encode(result.text, encoding).startswith(b"\xef\xbb\xbf")


def test_unquoted_cells_stay_unquoted_and_decimals_follow_the_column():
    text = "Last Name\tFirst Name\tUsername\tLab 3 [Total Pts: 10 Score] |42\r\nSmith\tBob\tbsmith\t2.00\r\nBo\tAl\tabo\t\r\n"
    result = fill_downloaded(text, "|42", {"bsmith": 7, "abo": 3.456})
    assert result.text == ("Last Name\tFirst Name\tUsername\tLab 3 [Total Pts: 10 Score] |42\r\n"
                           "Smith\tBob\tbsmith\t7.00\r\nBo\tAl\tabo\t3.46\r\n")


@pytest.mark.parametrize("column", [COLUMN, "lab 3", "123456", "|123456", f"  {COLUMN} "])
def test_the_column_is_named_by_header_title_or_id(column):
    assert fill_downloaded(download("\t"), column, {}).column == COLUMN


def test_a_wrong_column_says_what_there_is():
    with pytest.raises(BlackboardGradesError, match=r"no column 'Lab 4'\. The closest is 'Lab 3 .*Quiz 1"):
        fill_downloaded(download("\t"), "Lab 4", {})
    with pytest.raises(BlackboardGradesError, match="calculated column"):
        fill_downloaded(download("\t"), "Total", {})
    twice = download("\t").replace("Quiz 1 [Total Pts: 100 Score] |123457", "Lab 3 [Total Pts: 100 Score] |123457")
    with pytest.raises(BlackboardGradesError, match="names 2 columns"):
        fill_downloaded(twice, "Lab 3", {})


def test_a_file_without_usernames_is_refused():
    with pytest.raises(BlackboardGradesError, match="no Username column"):
        fill_downloaded('"Last Name","First Name","Lab 3 [Total Pts: 1 Score] |1"\n"a","b",""\n', "Lab 3", {})
    with pytest.raises(BlackboardGradesError, match="empty"):
        fill_downloaded("\ufeff", "Lab 3", {})


def test_blank_lines_are_no_students():
    text = download(",") + "\n\n"
    result = fill_downloaded(text, "Lab 3", {"bsmith": 1})
    assert len(result.no_score) == 3 and result.text.endswith("\n\n")


def test_decode_falls_back_for_a_file_excel_saved():
    assert decode("Müller".encode("cp1252")) == ("Müller", "cp1252")
    assert decode("Müller".encode("utf-8")) == ("Müller", "utf-8")
    assert decode("\ufeffx".encode("utf-16-be")) == ("\ufeffx", "utf-16-be")


def test_scores_must_be_numbers():
    assert format_score(82.5) == "82.5" and format_score(85.0) == "85" and format_score(1 / 3, 2) == "0.33"
    with pytest.raises(BlackboardGradesError):
        format_score(float("nan"))


# --- a fresh upload -----------------------------------------------------------------------------------

UPLOAD_ROWS = [("Smith", "Bob", "bsmith", 150.0), ("Ñúñez, Jr.", "Zoë", "znunez", 165.5),
               ('O\'Brien "Al"', "Ann", "aobrien", 0.0)]


def test_a_new_upload_reads_back_with_every_cell_quoted():
    text = new_upload(COLUMN, UPLOAD_ROWS)
    assert text.startswith("\ufeff") and text.endswith("\r\n")
    lines = text.lstrip("\ufeff").split("\r\n")[:-1]
    quoted = re.compile(r'"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*')
    assert all(quoted.fullmatch(line) for line in lines), lines  # "every cell must be in quotes"
    assert table(text, ",") == [["Last Name", "First Name", "Username", COLUMN],
                                ["Smith", "Bob", "bsmith", "150"], ["Ñúñez, Jr.", "Zoë", "znunez", "165.5"],
                                ['O\'Brien "Al"', "Ann", "aobrien", "0"]]
    # and Blackboard's own download reader, as this module reads a download, finds the column
    filled = fill_downloaded(text, COLUMN, {"bsmith": 1})
    assert filled.written == [("bsmith", "1")]


def test_a_new_upload_refuses_what_blackboard_would_mismatch():
    with pytest.raises(BlackboardGradesError, match="same username"):
        new_upload(COLUMN, [("A", "B", "bsmith", 1), ("C", "D", "BSmith ", 2)])
    with pytest.raises(BlackboardGradesError, match="no username"):
        new_upload(COLUMN, [("A", "B", " ", 1)])
    with pytest.raises(BlackboardGradesError, match="calculated"):
        new_upload("Total [Total Pts: up to 266 Score] |123450", [])
    with pytest.raises(BlackboardGradesError, match="cannot be a header"):
        new_upload("Lab\n3", [])


def test_a_new_column_without_an_id_is_allowed():
    assert table(new_upload("Lab 3 autograder", [("Smith", "Bob", "bsmith", 7)]), ",")[0][3] == "Lab 3 autograder"
