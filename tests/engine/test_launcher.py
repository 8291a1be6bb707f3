"""The launcher forks every sandbox from a clean state and survives what student code does to it."""

import os
from pathlib import Path

import pytest

from grader.sandbox import SandboxCrashed, SandboxSession, Student
from grader.sandbox.launcher import namespaces_work
from grader.sandbox.launcher import Launcher
from tests.classroom import reference_text


def card_file(tmp_path: Path, text: str) -> dict[str, Path]:
    path = tmp_path / "card.py"
    path.write_text(text, encoding="utf-8")
    return {"card.py": path}


LEVELS = ["process"] + (["namespaces"] if namespaces_work() else [])


@pytest.mark.parametrize("level", LEVELS)
def test_a_sandbox_started_after_one_that_changed_module_state_sees_none_of_it(tmp_path, level):
    launcher = Launcher(level)
    try:
        noisy = tmp_path / "a"
        noisy.mkdir()
        first = SandboxSession(card_file(noisy, "import string\nstring.ascii_letters = 'tampered'\n"), ["card"], launcher=launcher)
        first.load()
        first.close()
        clean = tmp_path / "b"
        clean.mkdir()
        second = SandboxSession(card_file(clean, "import string\ndef letters():\n    return string.ascii_letters[:3]\n"), ["card"], launcher=launcher)
        link = second.worker(1)
        assert Student(link, ["card"]).card.letters() == "abc"
        link.finish()
        second.close()
    finally:
        launcher.close()


@pytest.mark.parametrize("level", LEVELS)
def test_a_student_who_kills_the_launcher_does_not_stop_the_next_sandbox(tmp_path, level):
    # At the process level the kill works and the grader starts a new launcher; in a PID
    # namespace the launcher is its namespace's init, which a process inside cannot kill.
    launcher = Launcher(level)
    killer = (
        "import os, signal\n"
        "def kill_launcher():\n"
        "    zygote = os.getppid()\n"
        "    with open(f'/proc/{zygote}/stat') as f:\n"
        "        launcher = int(f.read().rsplit(')', 1)[1].split()[1])\n"
        "    os.kill(launcher, signal.SIGKILL)\n"
        "    return launcher\n"
    )
    try:
        session = SandboxSession(card_file(tmp_path, killer), ["card"], launcher=launcher)
        link = session.worker(1)
        first = launcher.process
        try:
            Student(link, ["card"]).card.kill_launcher()
        except SandboxCrashed:
            # At the process level the kernel ends the zygote and this worker with the launcher
            # (sandbox_runtime/confinement/lifetime.py), racing the worker's reply: on a busy machine the
            # reply may lose. In the jail the zygote is its namespace's first process, whose
            # parent reads as pid 0: the "launcher" the student finds is its own process group,
            # which it kills. Either way it costs only the killer's own test.
            pass
        if level == "process":
            first.wait(timeout=10)  # the kill worked: the launcher is gone
        else:
            assert first.poll() is None  # the launcher cannot even be seen from inside the jail
        link.finish()
        session.close()
        fresh = tmp_path / "fresh"
        fresh.mkdir()
        after = SandboxSession(card_file(fresh, reference_text("card.py")), ["card"], launcher=launcher)
        link = after.worker(2)
        assert Student(link, ["card"]).card.Card("ace", "hearts", 1).rank() == "ace"
        link.finish()
        after.close()
    finally:
        launcher.close()


def test_closing_a_session_leaves_no_zygote_behind(tmp_path):
    launcher = Launcher("process")  # pids are only meaningful to us outside a PID namespace
    try:
        session = SandboxSession(card_file(tmp_path, reference_text("card.py")), ["card"], launcher=launcher)
        session.load()
        pid = session.pid
        session.close()
        try:
            os.kill(pid, 0)
            alive = True
        except ProcessLookupError:
            alive = False
        assert not alive  # killed and reaped, not a zombie
    finally:
        launcher.close()
