"""The grader stopped halfway: `kill -9` and Ctrl-C leave no process running and no temporary
folder behind, and `--resume` says what it kept and what it grades again."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from tests.classroom import card_with, write_class
from tests.processes import alive, descendants

# rank() is slow, so grading a class of these takes a few seconds: long enough to interrupt,
# and an interruption most likely lands while student code is running in a sandbox.
# Slow once per test (its first rank()): a test calls rank() on many cards, and the class must
# stay slow to interrupt, not take minutes to finish when resumed.
SLOW = card_with({"        return self._rank\n": "        import time\n        if not getattr(Card, '_slept', False):\n"
                                                 "            Card._slept = True\n            time.sleep(0.4)\n"
                                                 "        return self._rank\n"})


def private_temp(tmp_path: Path) -> dict[str, str]:
    """An environment whose temporary folder is the test's own, so what is left there is ours."""
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return {**os.environ, "TMPDIR": str(tmp_path / "tmp")}


def leftovers(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in (tmp_path / "tmp").iterdir())


def grader(*args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], cwd=tmp_path, capture_output=True, text=True,
                          timeout=600, env=private_temp(tmp_path))


def start_grading(tmp_path: Path, sigint_ignored: bool = False) -> subprocess.Popen:
    """`grader grade` of a slow class; ``sigint_ignored``: started as a script's `grader grade &`
    starts it, with SIGINT ignored (and so are pytest-xdist's workers)."""
    write_class(tmp_path / "class", {f"s{i}": {"card.py": SLOW} for i in range(4)})
    ignore = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if sigint_ignored else None
    return subprocess.Popen([sys.executable, "-m", "grader.cli", "grade", "class", "--out", "out", "--activity", "A1", "--jobs", "2"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env=private_temp(tmp_path), preexec_fn=ignore)


def wait_for_sandboxes(running: subprocess.Popen, at_least: int = 6) -> set[int]:
    """The grader's processes once its shards have sandboxes running student code."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        below = descendants(running.pid)
        if len(below) >= at_least:
            time.sleep(1.0)  # let the workers start their endless loops
            return descendants(running.pid)
        time.sleep(0.1)
    pytest.fail(f"the grader never started its sandboxes: {descendants(running.pid)}")


def wait_until_gone(pids: set[int], seconds: float = 10.0) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = {pid for pid in pids if alive(pid)}
        if not left:
            return left
        time.sleep(0.1)
    return {pid for pid in pids if alive(pid)}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds processes through /proc")
def test_kill_9_of_the_grader_leaves_no_process_running(tmp_path):
    running = start_grading(tmp_path)
    processes = wait_for_sandboxes(running)
    os.kill(running.pid, signal.SIGKILL)
    running.wait()
    left = wait_until_gone(processes)
    for pid in left:  # do not leave them to the next test either
        os.kill(pid, signal.SIGKILL)
    assert not left, f"still running after kill -9 of the grader: {[Path(f'/proc/{p}/cmdline').read_bytes()[:80] for p in left]}"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds processes through /proc")
def test_ctrl_c_stops_everything_says_how_to_resume_and_resume_finishes(tmp_path):
    running = start_grading(tmp_path)
    processes = wait_for_sandboxes(running)
    os.killpg(running.pid, signal.SIGINT)  # what a terminal sends to the whole foreground group
    out, err = running.communicate(timeout=60)
    assert running.returncode == ExitCode.INTERRUPTED, out + err
    assert "--resume" in err
    assert not wait_until_gone(processes)
    assert leftovers(tmp_path) == []
    resumed = grader("grade", "class", "--out", "out", "--activity", "A1", "--resume", tmp_path=tmp_path)
    assert resumed.returncode == ExitCode.OK, resumed.stderr
    assert "Resuming: kept" in resumed.stdout and "grading" in resumed.stdout
    assert len(json.loads((tmp_path / "out" / "results.json").read_text())["submissions"]) == 4


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds processes through /proc")
def test_sigint_stops_a_grade_started_in_the_background_as_ctrl_c_does(tmp_path):
    running = start_grading(tmp_path, sigint_ignored=True)
    processes = wait_for_sandboxes(running)
    os.kill(running.pid, signal.SIGINT)  # `kill -INT %1`: the grader alone, not its group
    out, err = running.communicate(timeout=60)
    assert running.returncode == ExitCode.INTERRUPTED, out + err
    assert "interrupted. Every submission finished so far is saved" in err and "--resume" in err, err
    assert not wait_until_gone(processes)
    assert leftovers(tmp_path) == []


def test_a_normal_run_and_an_error_leave_no_temporary_folder(tmp_path):
    write_class(tmp_path / "class", {"ann": {"card.py": card_with({})}, "bad": {"card.py": "class Card(:\n"}})
    done = grader("grade", "class", "--out", "out", "--activity", "A1", tmp_path=tmp_path)
    assert done.returncode == ExitCode.OK, done.stderr
    assert grader("check", "class/ann", "--activity", "A1", tmp_path=tmp_path).returncode == ExitCode.OK
    assert grader("check", "class/bad", tmp_path=tmp_path).returncode == ExitCode.TESTS_FAILED
    assert grader("grade", "class", "--out", "out2", "--test", "test_nope", tmp_path=tmp_path).returncode == ExitCode.USAGE
    assert leftovers(tmp_path) == []
    # What stays is what a later --resume reads: the records and the options, no scratch.
    assert sorted(p.name for p in (tmp_path / "out" / ".grader-state").iterdir()) == ["records", "run.json"]
    assert not (tmp_path / "out2").exists() or not (tmp_path / "out2" / ".grader-state").exists()
