"""Moodle names chosen by an attacker: a display name or an uploaded file's name shaped like
Moodle's ``_<participant id>_assignsubmission_<plugin>`` must never file work under another
participant. The class comes from make_moodle.py; the attacker's entries are added to its zip as
a download would hold them (Moodle turns ``_`` in names into spaces, so the name-side attack needs
a download made otherwise, and the file-side one is the genuine article). Each test checks the
victim's files are exactly what they are without the attacker, and the hostile entry is refused
by name. The last test runs `grader grade --from moodle` on such a download, black-box."""

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader.commands.intake import download_notes
from grader.commands.exitcodes import ExitCode
from grader.intake import moodle
from grader.intake.download import download_entries, open_download
from grader.intake.layouts import IntakeOptions
from tests.classroom import reference_text
from tests.intake.make_moodle import Student, build_download, unpack

BOB_CARD = "# Bob's own card.py\n"
EVE_CARD = "# Eve's card.py, meant to be graded as Bob's\n"
# The name in the report: "Bob Smith_99999_assignsubmission_file_", id 55555.
EVE_FLAT = "Bob Smith_99999_assignsubmission_file__55555_assignsubmission_file_card.zip"
EVE_FOLDER = "Bob Smith_99999_assignsubmission_file__55555_assignsubmission_file"


def zipped(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def download(tmp_path: Path, students: list[Student], style: str, hostile: dict[str, bytes | str]) -> Path:
    """The class as Moodle sends it, plus the hostile entries; unpacked."""
    tmp_path.mkdir(exist_ok=True)
    path = build_download(tmp_path, students, style=style)
    with zipfile.ZipFile(path, "a") as archive:
        for name, data in hostile.items():
            archive.writestr(name, data)
    return unpack(path, tmp_path / "download")


def read(root: Path, scratch: Path) -> dict:
    scratch.mkdir()
    return {s.key: s for s in moodle.read(root, scratch, IntakeOptions())}


def files_of(student) -> dict[str, str]:
    return {p.relative_to(student.folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(student.folder.rglob("*")) if p.is_file()}


CLASS = [Student("Bob Smith", 99999, {"card.py": BOB_CARD}), Student("Ann Lee", 12345, {"card.py": BOB_CARD})]


@pytest.mark.parametrize("style, hostile", [
    ("flat", {EVE_FLAT: zipped({"card.py": EVE_CARD})}),  # sorted before Bob's card.py, it used to take its place
    ("folders", {f"{EVE_FOLDER}/card.py": EVE_CARD}),
    ("folders-3x", {f"{EVE_FOLDER}_/card.py": EVE_CARD}),
])
def test_a_display_name_holding_another_participants_marker_is_refused(tmp_path, style, hostile):
    alone = read(download(tmp_path / "alone", CLASS, style, {}), tmp_path / "alone" / "scratch")
    root = download(tmp_path, CLASS, style, hostile)
    students = read(root, tmp_path / "scratch")
    bob = students["Bob Smith"]
    assert files_of(bob) == files_of(alone["Bob Smith"]) == {"card.py": BOB_CARD}
    assert bob.identity.ids == {"moodle_participant_id": "99999"} and bob.identity.ignored == []
    (entry,) = hostile
    refused = students[entry.split("/")[0]]
    assert refused.refused and refused.folder is None and refused.identity.ids == {}
    assert "participant 99999 ('Bob Smith')" in refused.problem
    assert "participant 55555 ('Bob Smith_99999_assignsubmission_file_')" in refused.problem
    assert moodle.stray_files(root) == []  # refused by name, not passed over as a stray
    assert not any(EVE_CARD in p.read_text() for p in (tmp_path / "scratch").rglob("*.py"))


def test_a_file_name_carrying_another_participants_marker_is_refused(tmp_path):
    """Genuine Moodle: Eve (55555) uploads ``x_99999_assignsubmission_file_card.zip``. Read from
    the right, the flat name would be Bob's card.zip; read from the left it is hers. Two
    readings: refused, so no rule for picking one can be turned against Bob."""
    eve = Student("Eve Adams", 55555, {"deck.py": "# Eve's deck\n",
                                        "x_99999_assignsubmission_file_card.zip": zipped({"card.py": EVE_CARD})})
    root = download(tmp_path, [*CLASS, eve], "flat", {})
    students = read(root, tmp_path / "scratch")
    assert files_of(students["Bob Smith"]) == {"card.py": BOB_CARD}
    assert files_of(students["Eve Adams"]) == {"deck.py": "# Eve's deck\n"}  # the rest of hers is graded
    name = "Eve Adams_55555_assignsubmission_file_x_99999_assignsubmission_file_card.zip"
    assert students[name].refused and "participant 55555 ('Eve Adams')" in students[name].problem
    assert "participant 99999 ('Eve Adams_55555_assignsubmission_file_x')" in students[name].problem


def test_the_refusal_reaches_the_teachers_notes_and_the_entries(tmp_path):
    # Beside it, a name with digits and "_" but the marker once: read from the right, as Moodle wrote it.
    one_way = "Bob Smith_99999_55555_assignsubmission_file_deck.py"
    root = download(tmp_path, CLASS, "flat", {EVE_FLAT: zipped({"card.py": EVE_CARD}), one_way: "# deck\n"})
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    opened = open_download(root, scratch, named="moodle")
    entries = {e.id: e for e in download_entries(opened, frozenset())}
    assert entries[EVE_FLAT].problem.startswith("Refused:") and entries[EVE_FLAT].identity["ids"] == {}
    assert entries["Bob Smith"].problem == "" and entries["Bob Smith"].identity["ids"] == {"moodle_participant_id": "99999"}
    assert entries["Bob Smith_99999"].identity["ids"] == {"moodle_participant_id": "55555"}
    assert [s.key for s in opened.students if s.refused] == [EVE_FLAT]
    assert any("1 entry of the download refused" in note and EVE_FLAT[:40] in note for note in download_notes(opened))


def test_grade_from_moodle_keeps_the_victims_grade_and_names_the_refused_entry(tmp_path):
    """Black-box: Bob hands in the lab's card.py (15/15 on A1); an entry named like the report's
    attacker holds a card.py that earns nothing. Bob keeps 15/15; the entry is in the summary
    and in results.json as refused."""
    card = reference_text("card.py")
    students = [Student("Bob Smith", 99999, {"card.py": card}), Student("Ann Lee", 12345, {"card.py": card})]
    path = build_download(tmp_path, students, style="flat", name="moodle.zip")
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr(EVE_FLAT, zipped({"card.py": "class Card:\n    pass\n"}))
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "moodle.zip", "--from", "moodle", "--out", "out",
                           "--activity", "A1"], capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert done.returncode == ExitCode.BAD_INPUT, done.stdout + done.stderr  # an unusable entry: look at it
    results = {s["id"]: s for s in json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))["submissions"]}
    bob = results["Bob Smith"]
    assert bob["status"] == "graded" and bob["total"] == bob["max"] == results["Ann Lee"]["total"]
    refused = results[EVE_FLAT]
    assert refused["status"] == "unusable" and refused["identity"]["ids"] == {}
    assert "participant 99999" in refused["messages"][0] and "participant 55555" in refused["messages"][0]
    assert EVE_FLAT in done.stdout.replace("\n", "") and "refused" in done.stdout


def test_a_student_whose_name_starts_with_a_dot_is_still_read(tmp_path):
    """Found by a red team: ``.Ada Lovelace_12345_assignsubmission_file/`` was skipped as a hidden
    folder, so Ada got no row and no word in the summary. Only an operating system's own junk
    (``.DS_Store``, ``__MACOSX``, ``._*``) is left out."""
    root = download(tmp_path, [Student("Bob Smith", 12346, {"card.py": BOB_CARD})], "folders",
                    {".Ada Lovelace_12345_assignsubmission_file/card.py": "# Ada's card.py\n",
                     ".DS_Store": b"\x00\x00\x00\x01Bud1"})
    students = read(root, tmp_path / "scratch")
    assert sorted(students) == [".Ada Lovelace", "Bob Smith"], sorted(students)
    assert files_of(students[".Ada Lovelace"]) == {"card.py": "# Ada's card.py\n"}
