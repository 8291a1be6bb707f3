"""The jail probe of `grade` and `check` starts early, in a thread (grader/sandbox/launcher.py
probe_early): only for those commands, never for `--isolation process`, and its one answer is
the one every later caller gets."""

import functools
import threading
import time

import pytest

from grader.sandbox import launcher


@pytest.fixture
def counted(monkeypatch):
    """A stand-in for the probe that takes a while and counts its runs (remembered, as the real
    one is: lru_cache)."""
    runs = []

    @functools.lru_cache(maxsize=1)
    def probe() -> bool:
        runs.append(threading.current_thread().name)
        time.sleep(0.2)
        return True

    monkeypatch.setattr(launcher, "_namespaces_work", probe)
    return runs


@pytest.mark.parametrize("argv", [[], ["labs"], ["export", "canvas"], ["check", "--help"], ["grade", "-h"],
                                  ["check", ".", "--isolation", "process"], ["grade", "c", "--isolation=process"]])
def test_no_probe_for_other_commands_or_when_none_is_needed(counted, argv):
    launcher.probe_early(argv)
    assert counted == []
    assert not launcher._FINDING.locked()


@pytest.mark.parametrize("argv", [["check"], ["check", "mine", "--activity", "A1"], ["grade", "class", "--out", "o"],
                                  ["check", ".", "--isolation", "namespaces"]])
def test_the_probe_runs_once_in_its_thread_and_callers_wait_for_its_answer(counted, argv):
    started = time.monotonic()
    launcher.probe_early(argv)
    assert time.monotonic() - started < 0.15  # the command goes on while the probe runs
    assert launcher.namespaces_work() is True  # waits for the thread's answer
    assert counted == ["isolation-probe"]
    assert not launcher._FINDING.locked()


def test_a_probe_that_fails_leaves_the_answer_to_the_caller(monkeypatch):
    calls = []

    def broken() -> bool:
        calls.append(threading.current_thread().name)
        if len(calls) == 1:
            raise OSError("no unshare today")
        return False

    monkeypatch.setattr(launcher, "_namespaces_work", broken)
    launcher.probe_early(["check"])
    assert launcher.namespaces_work() is False
    assert calls == ["isolation-probe", "MainThread"]


@pytest.mark.parametrize("argv", [["grade", "no-such-class", "--out", "out"], ["check", "no-such-folder"]])
def test_a_command_that_ends_before_it_asks_leaves_no_probe_folder(tmp_path, argv):
    """A typo in the folder ends the command (exit 3) while its early probe is still building a
    launcher and a sandbox: it waits for the probe, so their folders are removed, not left."""
    import os
    import subprocess
    import sys

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    for attempt in range(3):  # the probe can be at any point when the command ends
        done = subprocess.run([sys.executable, "-m", "grader.cli", *argv], cwd=tmp_path, capture_output=True, text=True,
                              env={**os.environ, "TMPDIR": str(scratch)}, timeout=120)
        assert done.returncode == 3, done.stderr
        assert sorted(p.name for p in scratch.iterdir() if p.name.startswith(("grader-sandbox-", "grader-launcher-"))) == []
