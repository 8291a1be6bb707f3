"""A name an LMS built from what a student typed never names a folder outside the output folder,
nor another student's report folder.

Found by a red team that read only the docs and the source: a Gradescope submitter named
``../ESCAPED`` or ``/tmp/x`` had report.md and report.html written there (as the teacher, often
root), and one named ``./Bob Smith`` wrote over Bob's reports, because a submission's id went
into ``out / id`` unchanged. Ids are now one folder name each, unique without regard to case
(grader/intake/names.py), and the reporters take their folder through ``report_folder``.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grader.intake.names import assign_ids, clean_id, report_folder
from tests.intake.make_gradescope import Submission, build_download
from tests.classroom import reference_text


@pytest.mark.parametrize("name", ["../x", "/etc/cron.d", "..", ".", "a/../../b", "a\\b", "\\\\srv\\share", "./Bob"])
def test_an_id_is_always_one_folder_name(name):
    cleaned, reasons = clean_id(name)
    assert "/" not in cleaned and "\\" not in cleaned and cleaned not in (".", "..") and reasons
    assert report_folder(Path("/out"), cleaned).parent == Path("/out")


def test_ids_differing_only_by_case_get_two_folders():
    ids = [n.id for n in assign_ids([("Bob Smith", "the folder Bob Smith"), ("bob smith", "the folder bob smith")])]
    assert ids == ["Bob Smith", "bob smith (2)"]


@pytest.mark.parametrize("bad", ["../x", "/abs", "..", "", "a/b", "a\\b"])
def test_report_folder_refuses_a_path(bad, tmp_path):
    with pytest.raises(ValueError, match="not one folder name"):
        report_folder(tmp_path, bad)


def test_gradescope_submitters_named_like_paths_write_only_inside_the_output_folder(tmp_path):
    """Black-box, the red team's reproduction: Bob hands in the lab's card; three others, named
    ``../ESCAPED_REL``, an absolute path beside the test's folder, and ``./Bob Smith``, hand in a
    card that earns nothing. Nothing appears outside the output folder, Bob's report is his, and
    each of the others is graded under an id that names no other folder."""
    card = reference_text("card.py")
    absolute = tmp_path / "ESCAPED_ABS"
    work = tmp_path / "work"
    work.mkdir()
    build_download(work, [
        Submission(1001, [("Bob Smith", "1", "bob@school.edu")], {"card.py": card}),
        Submission(1002, [("../ESCAPED_REL", "2", "e@school.edu")], {"card.py": "class Card:\n    pass\n"}),
        Submission(1003, [(str(absolute), "3", "a@school.edu")], {"card.py": "class Card:\n    pass\n"}),
        Submission(1004, [("./Bob Smith", "4", "m@school.edu")], {"card.py": "class Card:\n    pass\n"}),
    ], name="export.zip")
    before = sorted(p.name for p in tmp_path.iterdir())
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "export.zip", "--from", "gradescope", "--out", "out",
                           "--activity", "A1", "--jobs", "1"], capture_output=True, text=True, cwd=work, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before and not absolute.exists()
    assert sorted(p.name for p in work.iterdir()) == ["export.zip", "out"]
    results = {s["id"]: s for s in json.loads((work / "out" / "results.json").read_text(encoding="utf-8"))["submissions"]}
    assert results["Bob Smith"]["total"] == results["Bob Smith"]["max"] > 0
    others = [i for i in results if i != "Bob Smith"]
    assert len(others) == 3 and all("/" not in i and results[i]["total"] == 0 for i in others)
    bob_report = (work / "out" / "Bob Smith" / "report.md").read_text(encoding="utf-8")
    assert "./Bob Smith" not in bob_report.splitlines()[0] and "Bob Smith" in bob_report.splitlines()[0]
    for sub_id in others:
        assert (work / "out" / sub_id / "report.html").is_file()
