"""kill -9 in the middle of a class, then --resume: the finished submissions are not graded
again, and the final files are byte for byte those of a run that was never interrupted. After a
finished run, --resume keeps everyone, grades only a late student, and grades again (naming
them) the students whose files changed."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from grader.engine.records import record_path
from grader.engine.run_state import STATE
from grader.commands.exitcodes import ExitCode
from tests.classroom import reference_text, reference_with, write_class

ARGS = ["--activity", "A3", "--jobs", "1"]


def grade(class_root: Path, out: Path, *extra: str, **popen) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "grader.cli", "grade", str(class_root), "--out", str(out), *ARGS, *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True, **popen)


def files_of(folder: Path) -> dict[str, object]:
    """Every output file's bytes (not the saved records, which hold durations); results.json
    without test durations, the one field that measures rather than grades."""
    files: dict[str, object] = {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
                                if p.is_file() and STATE not in p.relative_to(folder).parts}
    results = json.loads(files.pop("results.json"))
    for sub in results["submissions"]:
        for activity in sub["activities"]:
            for test in activity["tests"]:
                test.pop("duration")
    files["results.json"] = results
    return files


def stamps(records: Path, subs: list[str]) -> dict[str, tuple[int, int]]:
    """Each record file's inode and time: a record written again (by a regrade) changes both."""
    return {sub: (record_path(records, sub).stat().st_ino, record_path(records, sub).stat().st_mtime_ns) for sub in subs}


def test_resume_after_kill_9_finishes_the_rest_and_matches_an_uninterrupted_run(tmp_path):
    wrong = reference_with("shuffler.py", {"random.randrange(3) < 2": "random.randrange(2) < 1"})
    root = write_class(tmp_path / "class", {f"s{i:02d}": {"shuffler.py": wrong if i % 3 else reference_text("shuffler.py")}
                                             for i in range(24)})
    whole = tmp_path / "whole"
    assert grade(root, whole).wait(timeout=300) == ExitCode.OK

    out = tmp_path / "out"
    run = grade(root, out)
    records = out / ".grader-state" / "records"
    deadline = time.monotonic() + 120
    while len(list(records.glob("*.json"))) < 5 and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    finished = [sub for sub in sorted(p.name for p in root.iterdir()) if record_path(records, sub).exists()]
    assert 5 <= len(finished) < 24, "the run was not interrupted mid-class"
    assert not (out / "results.json").exists()
    before = stamps(records, finished)

    resumed = grade(root, out, "--resume")
    assert resumed.wait(timeout=300) == ExitCode.OK, resumed.stderr.read()
    assert stamps(records, finished) == before, "a finished submission was graded again"
    assert files_of(out) == files_of(whole)
    assert not (out / STATE / "work").exists()


def test_resume_refuses_a_run_made_with_other_options(tmp_path):
    root = write_class(tmp_path / "class", {"a": {"shuffler.py": reference_text("shuffler.py")}})
    out = tmp_path / "out"
    (out / ".grader-state" / "records").mkdir(parents=True)
    (out / ".grader-state" / "run.json").write_text('{"base_seed": 99}')
    done = grade(root, out, "--resume")
    assert done.wait(timeout=120) == ExitCode.USAGE
    assert "started with different" in done.stderr.read()
