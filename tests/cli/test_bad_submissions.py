"""Broken and hostile submission folders and zips: each becomes a clear message, never a crash,
and the rest of the class is graded as usual."""

import json
import os
import subprocess
import sys
import zipfile

import pytest

from grader.commands.exitcodes import ExitCode
from tests.classroom import elevens_rubric, reference_text, write_class


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    write_class(root, {
        "good": {"card.py": reference_text("card.py")},
        "wrong_case": {"Card.py": reference_text("card.py")},
        "syntax_error": {"card.py": "class Card(:\n"},
        "not_utf8": {"card.py": "x = 1\n"},
    })
    (root / "not_utf8" / "card.py").write_bytes(b"NAME = \"caf\xe9\"\nclass Card:\n    pass\n")
    (root / "empty").mkdir()
    (root / "linked").mkdir()
    os.symlink("/etc/passwd", root / "linked" / "card.py")
    with zipfile.ZipFile(root / "traversal.zip", "w") as archive:
        archive.writestr("../../escaped.py", "print('out')\n")
    with zipfile.ZipFile(root / "with_link.zip", "w") as archive:
        link = zipfile.ZipInfo("card.py")
        link.external_attr = (0o120777 << 16)
        archive.writestr(link, "/etc/passwd")
    with zipfile.ZipFile(root / "huge.zip", "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("card.py", b"#" * (30 << 20))
    (root / "not_a_zip.zip").write_bytes(b"this is not a zip")
    out = tmp_path_factory.mktemp("out")
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", str(root), "--jobs", "1", "--out", str(out), "--activity", "A1"],
                          capture_output=True, text=True, timeout=300)
    # Broken zips make the run's code 3; everyone else is still graded.
    assert done.returncode == ExitCode.BAD_INPUT, done.stderr
    results = json.loads((out / "results.json").read_text())
    return {s["id"]: s for s in results["submissions"]}, root


def note(sub: dict) -> str:
    return " ".join([*sub["messages"], *(a["note"] for a in sub["activities"])])


def test_a_file_in_the_wrong_case_is_graded_and_said_so(graded):
    subs, _ = graded
    assert subs["wrong_case"]["total"] == subs["good"]["total"] > 0  # the same correct Card
    assert "named Card.py; graded as card.py" in note(subs["wrong_case"])


@pytest.mark.parametrize("sub_id, words", [
    ("syntax_error", "card.py could not be loaded: SyntaxError"),
    ("not_utf8", "could not be loaded"),
    ("empty", "card.py"),
    ("linked", "card.py is a link, not a file"),
    ("traversal", "points outside the zip"),
    ("huge", "unpacks to more than 20 MB"),
    ("not_a_zip", "could not be opened as a zip"),
])
def test_each_problem_gets_a_message_and_no_points(graded, sub_id, words):
    subs, _ = graded
    assert subs[sub_id]["total"] == 0
    assert words in note(subs[sub_id]), note(subs[sub_id])


def test_a_link_in_a_zip_is_never_followed(graded):
    subs, _ = graded
    assert subs["with_link"]["total"] == 0
    assert "root:" not in json.dumps(subs["with_link"])


def test_nothing_escapes_a_zip_and_the_good_submission_is_graded(graded):
    subs, root = graded
    assert not (root.parent / "escaped.py").exists() and not (root / "escaped.py").exists()
    assert subs["good"]["total"] == subs["good"]["max"] == 15


def test_an_unreadable_file_gets_its_own_note(tmp_path, monkeypatch):
    # The tests run as root, who can read anything, so unreadability is simulated.
    from grader.engine import planning as plan_module

    folder = write_class(tmp_path, {"locked": {"card.py": reference_text("card.py")}}) / "locked"
    real_access = os.access
    monkeypatch.setattr(plan_module.os, "access", lambda path, mode: False if str(path).endswith("card.py") else real_access(path, mode))
    planned = plan_module.plan_submission(elevens_rubric(), "locked", folder)
    assert "card.py cannot be read by the grader" in planned.notes["A1"]
