"""The Gradescope reader on exports built the way Gradescope builds them (make_gradescope.py)."""

import io
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml

from grader.intake import gradescope
from grader.intake.download import Download, download_entries
from grader.intake.late import compare_with_deadline
from grader.intake.layouts import IntakeOptions
from grader.intake.model import IntakeError
from tests.intake.make_gradescope import Submission, build_download, metadata_yaml, unpack

DECK = "class Deck:\n    pass\n"
ZOE = ("Zoë Ångström", "06758767", "zoe@school.edu")
BOB = ("Bob Smith", "06754968", "bob@school.edu")
MARY = ("Mary-Jane O'Neil", "00000001", "mj@school.edu")
OTHER_BOB = ("Bob Smith", "07000000", "bob2@school.edu")

CLASS = [
    Submission(216975964, [ZOE, BOB], {"deck.py": DECK}, created_at="2023-12-02 02:52:07.938335000 Z"),
    Submission(216996427, [MARY], {"src/deck.py": DECK}, created_at="2023-12-04 07:30:05.262325000 Z",
               history=[(216688425, "2023-12-01 06:59:12.419858000 Z")]),
    Submission(217000001, [OTHER_BOB], {"deck.py": "# other Bob\n"}, zipped="lab.zip"),
    Submission(217000002, [("Cy", "3", "cy@school.edu")], {"deck.py": DECK}),
]


def read(tmp_path: Path, submissions, **kwargs):
    root = unpack(build_download(tmp_path, submissions, **kwargs), tmp_path / "download")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    assert gradescope.recognise(root)
    return gradescope.read(root, scratch, IntakeOptions())


def by_key(students):
    return {s.key: s for s in students}


def files_of(student) -> dict[str, str]:
    return {p.relative_to(student.folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(student.folder.rglob("*")) if p.is_file()}


def test_a_pair_is_one_submission_with_both_students(tmp_path):
    pair = by_key(read(tmp_path, CLASS))["Zoë Ångström, Bob Smith"]
    identity = pair.identity
    assert identity.lms == "gradescope" and identity.name == "Zoë Ångström, Bob Smith"
    assert identity.ids == {"gradescope_submission_id": "216975964"}
    assert identity.students == [{"name": "Zoë Ångström", "sid": "06758767", "email": "zoe@school.edu"},
                                 {"name": "Bob Smith", "sid": "06754968", "email": "bob@school.edu"}]
    assert identity.submitted_at == "2023-12-02T02:52:07.938335+00:00"
    assert identity.late is None and identity.source == "submission_216975964"
    assert files_of(pair) == {"deck.py": DECK} and pair.problem == "" and pair.note == ""


def test_history_is_superseded_and_the_wrapper_folder_gone_through(tmp_path):
    mary = by_key(read(tmp_path, CLASS))["Mary-Jane O'Neil"]
    assert mary.identity.superseded == ["submission_216688425 (handed in 2023-12-01T06:59:12.419858+00:00)"]
    assert files_of(mary) == {"deck.py": DECK}
    assert mary.identity.students[0]["sid"] == "00000001"  # leading zeros kept: Ruby quotes the sid


def test_a_zip_upload_is_unpacked(tmp_path):
    other = by_key(read(tmp_path, CLASS))["Bob Smith"]
    assert files_of(other) == {"deck.py": "# other Bob\n"}


def test_lateness_is_the_cores_from_the_time_given(tmp_path):
    deadline = datetime(2023, 12, 3, tzinfo=timezone.utc)
    identities = {s.key: s.identity.to_dict() for s in read(tmp_path, CLASS)}
    assert all(identity["late"] is None for identity in identities.values())  # the export says nothing of it
    for identity in identities.values():
        compare_with_deadline(identity, deadline)
    assert identities["Zoë Ångström, Bob Smith"]["late"] is False
    mary = identities["Mary-Jane O'Neil"]
    assert mary["late"] is True and mary["late_seconds"] == 1 * 86400 + 7 * 3600 + 30 * 60 + 6  # seconds rounded up


def test_a_late_flag_in_the_metadata_wins(tmp_path):
    students = read(tmp_path, [Submission(1, [("Cy", "3", "c@x")], {"deck.py": DECK}, late=True)])
    assert students[0].identity.late is True


def test_a_folder_missing_from_the_metadata_is_graded_with_a_note(tmp_path):
    subs = [Submission(1, [("Cy", "3", "c@x")], {"deck.py": DECK}, in_metadata=False),
            Submission(2, [("Di", "4", "d@x")], {"deck.py": DECK})]
    students = by_key(read(tmp_path, subs))
    stranger = students["submission_1"]
    assert files_of(stranger) == {"deck.py": DECK} and stranger.problem == ""
    assert "has no entry for the folder 'submission_1'" in stranger.note
    assert stranger.identity.ids == {"gradescope_submission_id": "1"} and stranger.identity.name == ""
    assert students["Di"].note == ""
    entries = download_entries(Download("gradescope", "", tmp_path, list(students.values())), frozenset())
    assert [e.teacher_note for e in entries] == [stranger.note, ""]  # shown with the names to look at


def test_a_metadata_entry_without_a_folder_is_reported(tmp_path):
    subs = [Submission(1, [("Cy", "3", "c@x")], {"deck.py": DECK}, has_folder=False),
            Submission(2, [("Di", "4", "d@x")], {})]  # an empty submission: its folder is empty
    students = by_key(read(tmp_path, subs))
    for key in ("Cy", "Di"):
        assert students[key].folder is None
        assert "lists 'submission_" in students[key].problem and "Export the submissions again" in students[key].problem
    assert students["Cy"].identity.students == [{"name": "Cy", "sid": "3", "email": "c@x"}]


def test_an_empty_folder_is_an_empty_submission(tmp_path):
    root = unpack(build_download(tmp_path, [Submission(2, [("Di", "4", "d@x")], {})]), tmp_path / "download")
    (root / "assignment_4242_export" / "submission_2").mkdir()
    (root / "assignment_4242_export" / "submission_2" / ".DS_Store").write_bytes(b"\0")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    di = gradescope.read(root, scratch, IntakeOptions())[0]
    assert di.folder is None and "holds no files" in di.problem
    assert di.identity.ignored == ["submission_2/.DS_Store"]


def test_no_wrapper_and_a_macs_junk(tmp_path):
    students = read(tmp_path, CLASS[:1], wrapper=None, mac_junk=True)
    assert [s.key for s in students] == ["Zoë Ångström, Bob Smith"]


def test_two_submissions_by_people_of_one_name(tmp_path):
    subs = [Submission(1, [BOB], {"deck.py": DECK}), Submission(2, [OTHER_BOB], {"deck.py": DECK})]
    assert sorted(by_key(read(tmp_path, subs))) == ["Bob Smith (1)", "Bob Smith (2)"]


def test_names_yaml_would_misread_stay_text(tmp_path):
    odd = [("No", "1", "n@x"), ("Ann: the 2nd", "2", "a@x"), ("Line\nBreak", "3", "l@x"), ("123", "4", "x@x")]
    students = read(tmp_path, [Submission(i, [p], {"deck.py": DECK}) for i, p in enumerate(odd, start=1)])
    assert sorted(s.identity.name for s in students) == sorted(p[0] for p in odd)


def test_the_metadata_keys_are_ruby_symbols():
    parsed = yaml.safe_load(metadata_yaml(CLASS[:1]))
    entry = parsed["submission_216975964"]
    assert ":submitters" in entry and ":created_at" in entry
    assert isinstance(entry[":created_at"], datetime)


def test_bad_metadata_is_an_error_for_the_teacher(tmp_path):
    root = tmp_path / "export"
    (root / "submission_1").mkdir(parents=True)
    (root / "submission_metadata.yml").write_text("submission_1: [unclosed\n")
    with pytest.raises(IntakeError, match="could not be read as YAML"):
        gradescope.read(root, tmp_path, IntakeOptions())
    (root / "submission_metadata.yml").write_text("- just\n- a list\n")
    with pytest.raises(IntakeError, match="one entry per submission"):
        gradescope.read(root, tmp_path, IntakeOptions())


def test_the_metadata_is_never_loaded_unsafely(tmp_path):
    root = tmp_path / "export"
    (root / "submission_1").mkdir(parents=True)
    (root / "submission_1" / "deck.py").write_text(DECK)
    (root / "submission_metadata.yml").write_text("submission_1: !!python/object/apply:os.system ['echo hi']\n")
    with pytest.raises(IntakeError):
        gradescope.read(root, tmp_path, IntakeOptions())


def test_without_metadata_every_folder_is_graded_with_a_note(tmp_path):
    root = tmp_path / "export"
    for number in (1, 2):
        (root / f"submission_{number}").mkdir(parents=True)
        (root / f"submission_{number}" / "deck.py").write_text(DECK)
    assert "without submission_metadata.yml" in gradescope.recognise(root)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    students = gradescope.read(root, scratch, IntakeOptions())
    assert [s.key for s in students] == ["submission_1", "submission_2"]
    assert all("holds no submission_metadata.yml" in s.note for s in students)


def test_a_bad_zip_is_that_submissions_problem(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("/etc/evil.py", "x = 1\n")
    students = by_key(read(tmp_path, [Submission(1, [("Cy", "3", "c@x")], {"lab.zip": buffer.getvalue()}),
                                      Submission(2, [("Di", "4", "d@x")], {"deck.py": DECK})]))
    assert students["Cy"].folder is None and "outside the zip" in students["Cy"].problem
    assert files_of(students["Di"]) == {"deck.py": DECK}


def test_recognise_is_quiet_on_other_folders(tmp_path):
    plain = tmp_path / "plain"
    (plain / "ada").mkdir(parents=True)
    (plain / "submission_1").mkdir()
    assert gradescope.recognise(plain) == ""


def test_timestamps_in_other_forms():
    assert gradescope._time("2024-03-01T17:02:11-08:00").isoformat() == "2024-03-01T17:02:11-08:00"
    assert gradescope._time("2024-03-01 17:02:11.123456789 +0530").isoformat() == "2024-03-01T17:02:11.123456+05:30"
    assert gradescope._time("yesterday") is None and gradescope._time(None) is None


def test_a_class_of_twenty(tmp_path):
    """The kind of class the end-to-end test builds: pairs, late and resubmitted work, zips, odd names."""
    people = [("Zoë Ångström", "1"), ("José Núñez", "2"), ("Mary-Jane O'Neil", "3"), ("Bob Smith", "4"),
              ("Bob Smith", "5"), ("Li Wei", "6")] + [(f"Student {n}", str(n)) for n in range(7, 21)]
    subs = []
    for number, (name, sid) in enumerate(people, start=1):
        files = {"deck.py": f"# {name}\n"}
        created = f"2024-03-0{1 + number % 3} 12:00:00.000000000 Z"
        history = [(1000 + number, "2024-03-01 08:00:00.000000000 Z")] if number % 4 == 0 else []
        subs.append(Submission(number, [(name, sid, f"s{sid}@school.edu")], files, created_at=created,
                               history=history, zipped="lab.zip" if number % 5 == 0 else None))
    students = read(tmp_path, subs, mac_junk=True)
    assert len(students) == 20 and len({s.key for s in students}) == 20
    identities = [s.identity.to_dict() for s in students]
    for identity in identities:
        compare_with_deadline(identity, datetime(2024, 3, 2, 23, 59, tzinfo=timezone.utc))
    assert sum(bool(i["late"]) for i in identities) == 7  # numbers 2, 5, ... 20 handed in on 3 March
    assert sum(bool(s.identity.superseded) for s in students) == 5
    assert all(s.folder is not None and s.problem == "" for s in students)


def test_a_file_beside_the_submissions_is_a_stray(tmp_path):
    root = unpack(build_download(tmp_path, CLASS[:1]), tmp_path / "download")
    (root / "assignment_4242_export" / "notes.txt").write_text("mine")
    assert gradescope.stray_files(root) == ["assignment_4242_export/notes.txt"]
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    assert [s.key for s in gradescope.read(root, scratch, IntakeOptions())] == ["Zoë Ångström, Bob Smith"]
