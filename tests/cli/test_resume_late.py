"""--resume after a finished run, as a teacher uses it for late work: everyone graded is kept
(and the command says so), a late student is graded alone, and a student who handed in again
(a folder or a zip) is graded again and named."""

import json
import subprocess
import sys
import zipfile
from pathlib import Path

from grader.engine.records import record_path
from grader.engine.run_state import STATE
from grader.commands.exitcodes import ExitCode
from tests.classroom import card_with, reference_text, write_class

BROKEN = card_with({"        return self._rank\n": "        return 0\n"})


def grade(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess:
    """`grader grade class --out out` run from the folder above both, as a teacher types it."""
    return subprocess.run([sys.executable, "-m", "grader.cli", "grade", "class", "--out", "out", "--activity", "A1",
                           "--jobs", "1", *extra], cwd=tmp_path, capture_output=True, text=True, timeout=600)


def stamps(tmp_path: Path, subs: list[str]) -> dict[str, tuple[int, int]]:
    """Each saved record's inode and time: a record written again (by a regrade) changes both."""
    records = tmp_path / "out" / STATE / "records"
    return {sub: (record_path(records, sub).stat().st_ino, record_path(records, sub).stat().st_mtime_ns) for sub in subs}


def totals(tmp_path: Path) -> dict[str, float]:
    results = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
    return {sub["id"]: sub["total"] for sub in results["submissions"]}


def zip_of(path: Path, card: str) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("card.py", card)


def test_resume_keeps_a_finished_class_grades_a_late_student_and_regrades_changed_work(tmp_path):
    write_class(tmp_path / "class", {"ann": {"card.py": reference_text("card.py")}, "bob": {"card.py": BROKEN}})
    zip_of(tmp_path / "class" / "cy.zip", BROKEN)
    first = grade(tmp_path)
    assert first.returncode in (ExitCode.OK, ExitCode.TESTS_FAILED), first.stderr
    before = totals(tmp_path)
    assert before["ann"] > before["bob"] == before["cy"]
    kept = stamps(tmp_path, ["ann", "bob", "cy"])

    again = grade(tmp_path, "--resume")
    assert again.returncode == first.returncode, again.stderr
    assert "kept 3 submission(s)" in again.stdout and "nothing to grade" in again.stdout, again.stdout
    assert stamps(tmp_path, ["ann", "bob", "cy"]) == kept
    assert totals(tmp_path) == before

    write_class(tmp_path / "class", {"dee": {"card.py": reference_text("card.py")}})  # late
    (tmp_path / "class" / "bob" / "card.py").write_text(reference_text("card.py"), encoding="utf-8")  # handed in again
    zip_of(tmp_path / "class" / "cy.zip", reference_text("card.py"))
    late = grade(tmp_path, "--resume")
    assert late.returncode == ExitCode.OK, late.stderr
    assert "kept 1 submission(s)" in late.stdout, late.stdout
    assert "grading 1 not graded before: dee" in late.stdout, late.stdout
    assert "grading again 2 whose files changed since: bob, cy" in late.stdout, late.stdout
    assert stamps(tmp_path, ["ann"]) == {"ann": kept["ann"]}
    assert totals(tmp_path) == dict.fromkeys(["ann", "bob", "cy", "dee"], before["ann"])


def test_resume_into_a_folder_never_graded_grades_everyone(tmp_path):
    write_class(tmp_path / "class", {"ann": {"card.py": reference_text("card.py")}})
    done = grade(tmp_path, "--resume")
    assert done.returncode == ExitCode.OK, done.stderr
    assert "kept 0 submission(s)" in done.stdout and "grading 1 not graded before: ann" in done.stdout, done.stdout


def test_a_student_graded_in_parts_is_kept_whole(tmp_path):
    """One student on two processes is graded in two parts (engine/work_units.py); a later run,
    which may split the class otherwise, still finds the student saved whole."""
    write_class(tmp_path / "class", {"ann": {"card.py": reference_text("card.py"), "deck.py": reference_text("deck.py")}})
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "class", "--out", "out", "--activity", "A1",
                           "--activity", "A2", "--jobs", "2"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == ExitCode.OK, done.stderr
    again = grade(tmp_path, "--activity", "A2", "--resume")  # --jobs 1 now, and the same activities
    assert again.returncode == ExitCode.OK, again.stderr
    assert "kept 1 submission(s)" in again.stdout and "nothing to grade" in again.stdout, again.stdout
