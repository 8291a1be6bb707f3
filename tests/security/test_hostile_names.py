"""Folder and zip names chosen to break the trusted side: a whole class is graded with them, and
every student, honest or not, is graded and reported, with the odd names shown safely.

Once, a newline or U+2028 in a name crashed `grade` (KeyError, exit 70, no reports), a folder
called gradebook.csv stopped every report from being written, ``ada/`` beside ``ada.zip``
refused the whole class, and a ``.grader-output`` file in a student's folder dropped them.
"""

import re
import shutil
import unicodedata
import zipfile
from urllib.parse import unquote

import pytest

from tests.security.hostile_class import EXAMPLES, HONEST, copy_example, grade, honest_alone

NFD_ZOE = unicodedata.normalize("NFD", "Zoë")
# Folder name -> the id it must be graded under.
HOSTILE = {
    "new\nline": "new␊line",
    "carriage\rreturn": "carriage␍return",
    "sep\u2028arated": "sep[U+2028]arated",
    "para\u2029graph": "para[U+2029]graph",
    "esc\x1b[31mred": "esc␛[31mred",
    "bidi\u202eevil": "bidi[U+202E]evil",
    "gradebook.csv": "gradebook.csv (student)",
    "results.json": "results.json (student)",
    "INDEX.HTML": "INDEX.HTML (student)",
    "   ": "␠␠␠",
    " padded ": "␠padded␠",
    "Zoë": "Zoë",
    NFD_ZOE: "Zoë (2)",
    "=1+1": "=1+1",
}
LONG = "L" * 250
ALL_OUTPUT_TEXT = ("results.json", "gradebook.csv", "index.html")
# What must never reach an output file or the terminal raw: controls (but \n, \r and \t, which
# files use for their own lines), and the Unicode line, paragraph and bidi characters.
UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    for name in HONEST:
        copy_example(name, root)
    for name in [*HOSTILE, LONG]:
        copy_example("ada_complete", root, as_name=name)
    with zipfile.ZipFile(root / "ada_complete.zip", "w") as archive:  # a zip named like a folder
        archive.write(EXAMPLES / "dev_bugs" / "card.py", "card.py")
    marked = copy_example("ada_complete", root, as_name="marked")  # hands in the output marker
    (marked / ".grader-output").write_text("not really an output folder\n")
    earlier = tmp_path_factory.mktemp("earlier")  # a real output folder of an earlier run, inside the class
    grade(_one_student(tmp_path_factory), earlier, "A1")
    shutil.copytree(earlier, root / "old-results")
    return grade(root, tmp_path_factory.mktemp("out"), "A1"), honest_alone(tmp_path_factory.mktemp("alone"), "A1")


def _one_student(tmp_path_factory):
    root = tmp_path_factory.mktemp("one")
    copy_example("ada_complete", root)
    return root


def test_the_run_ends_normally_with_every_output_written(graded):
    run, _ = graded
    assert run.done.returncode == 0, run.done.stderr
    assert all((run.out / name).is_file() for name in ALL_OUTPUT_TEXT)


def test_every_student_has_one_row_under_a_distinct_id(graded):
    run, _ = graded
    ids = [s["id"] for s in run.results["submissions"]]
    expected = {*HONEST, *HOSTILE.values(), "ada_complete (2)", "marked"}
    assert len(ids) == len(set(ids)) == len(expected) + 1  # + the long name
    assert expected <= set(ids)
    assert [row["id"].lstrip("'") for row in run.rows] == ids  # the gradebook, row for row


def test_honest_students_get_the_grade_they_get_alone(graded):
    run, alone = graded
    for name in HONEST:
        assert run.by_id[name]["total"] == alone[name]["total"], name


@pytest.mark.parametrize("name", [*HOSTILE, "marked"])
def test_an_odd_name_is_still_graded_on_its_work(graded, name):
    run, alone = graded
    sub = run.by_id[HOSTILE.get(name, name)]
    assert sub["status"] == "graded" and sub["total"] == alone["ada_complete"]["total"] > 0


def test_a_zip_named_like_a_folder_is_graded_apart_and_told_why(graded):
    run, alone = graded
    zipped = run.by_id["ada_complete (2)"]
    assert zipped["total"] == alone["dev_bugs"]["total"]  # the zip's own work, not the folder's
    assert any("the zip 'ada_complete.zip'" in m and "same as that of another submission" in m for m in zipped["messages"])
    assert run.by_id["ada_complete"]["messages"] == []  # the honest name is never the one renamed


def test_a_long_name_becomes_a_short_id_that_fits_a_file_name(graded):
    run, _ = graded
    (long_id,) = [i for i in run.by_id if i.startswith("LLLL")]
    assert len(long_id) <= 100 and len(long_id.encode()) <= 200 and long_id.endswith(tuple("0123456789abcdef"))
    assert (run.out / long_id / "report.md").is_file()


@pytest.mark.parametrize("name", ["new\nline", "gradebook.csv", "bidi\u202eevil"])
def test_the_student_report_says_why_in_plain_words(graded, name):
    run, _ = graded
    new_id = HOSTILE[name]
    report = (run.out / new_id / "report.md").read_text(encoding="utf-8")
    assert f'Your submission, the folder {name!r}, has a name that' in report
    assert f'it appears as "{new_id}" in the reports. This does not change your grade.' in report
    page = (run.out / new_id / "report.html").read_text(encoding="utf-8")
    assert "This does not change your grade." in page and "<h1" in page


def test_the_teacher_is_told_each_renaming_and_each_skipped_folder(graded):
    run, _ = graded
    words = run.stdout_words
    assert "the folder 'new\\nline': its name holds a line break; graded and reported as \"new␊line\"." in words
    assert "the folder 'gradebook.csv': its name is the name of one of the grader's own output files" in words
    assert "'old-results' was not graded: it is the output folder of an earlier `grader grade`." in words
    assert "old-results" not in run.by_id


def test_no_output_and_no_terminal_line_holds_a_raw_control_or_separator(graded):
    run, _ = graded
    for name in ALL_OUTPUT_TEXT:
        text = (run.out / name).read_text(encoding="utf-8")
        assert not UNSAFE.search(text), (name, UNSAFE.search(text))
    for report in run.out.glob("*/report.*"):
        assert not UNSAFE.search(report.read_text(encoding="utf-8")), report
    assert not UNSAFE.search(run.done.stdout + run.done.stderr)
    assert "\n" not in "".join(row["id"] for row in run.rows)


def test_index_html_links_every_student_to_a_report_that_exists(graded):
    run, _ = graded
    page = (run.out / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'href="([^"#]+/report\.html)"', page)
    assert sorted(unquote(link).rsplit("/", 1)[0] for link in links) == sorted(run.by_id)
    assert all((run.out / unquote(link)).is_file() for link in links)


def test_a_spreadsheet_formula_in_a_name_stays_text(graded):
    run, _ = graded
    assert "'=1+1" in [row["id"] for row in run.rows]
