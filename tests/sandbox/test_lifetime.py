"""No sandbox process outlives the grading process, and no temporary folder outlives its owner.

A grading process (a shard) killed with ``kill -9`` takes its launcher, the launcher's zygotes
and their workers with it, even a worker stuck in ``while True: pass`` (the kernel's parent-death
signal, sandbox_runtime/confinement/lifetime.py); its folders are removed by the next launcher that starts
(grader/sandbox/leftovers.py).
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from grader.testers.own_tests import OwnTests, close_warm_sandboxes
from grader_labs.elevens.variants import run_tester, variant_file
from grader.sandbox import Limits, SandboxSession, Student, leftovers
from grader.sandbox.launcher import namespaces_work
from grader.sandbox.launcher import Launcher
from grader.sandbox.staging import StagedFolder
from tests.classroom import reference_text
from tests.lab_loader import ROOT

LEVELS = ["process", pytest.param("namespaces", marks=pytest.mark.skipif(
    not namespaces_work(), reason="`unshare` does not work on this machine: no namespaces level"))]

# A grading process in miniature: a launcher, a sandbox, a worker stuck in student code.
SHARD = """
import json, sys
from pathlib import Path
from grader.sandbox import SandboxSession
from grader.sandbox.launcher import Launcher

launcher = Launcher(sys.argv[1], pytest=sys.argv[3] == "pytest")
session = SandboxSession({"card.py": Path(sys.argv[2])}, ["card"], launcher=launcher)
link = session.worker(1)
print(json.dumps({"launcher": str(launcher.folder), "sandbox": str(session.folder.root)}), flush=True)
link.request({"op": "call", "module": "card", "name": "spin", "args": []}, "spin()", timeout=600)
"""


def processes_mentioning(text: str) -> list[int]:
    """Live processes whose command line contains ``text`` (a zombie's command line is empty)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@pytest.fixture
def private_temp(tmp_path, monkeypatch) -> Path:
    """A temporary folder of this test's own, so other runs on the machine do not show in it."""
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc to find the processes")
@pytest.mark.parametrize("preload", ["plain", "pytest"])
@pytest.mark.parametrize("level", LEVELS)
def test_killing_the_grading_process_ends_every_sandbox_process_and_the_next_run_removes_its_folders(private_temp, level, preload):
    card = private_temp.parent / "card.py"
    card.write_text("def spin():\n    while True:\n        pass\n", encoding="utf-8")
    # The shard's folders go in this test's own temporary folder: any launcher starting in the
    # shared one (another pytest worker, another run on the machine) would remove them as soon as
    # the shard is dead, before this test could see that they were left behind.
    shard = subprocess.Popen([sys.executable, "-c", SHARD, level, str(card), preload], stdout=subprocess.PIPE,
                             cwd=ROOT, text=True, env={**os.environ, "TMPDIR": str(private_temp)})
    try:
        folders = json.loads(shard.stdout.readline())
        assert {Path(f).parent for f in folders.values()} == {private_temp}
        time.sleep(0.3)  # the worker is now spinning in the student's loop
        # The launcher, the zygote and the worker are forks of one command line (and at the
        # namespaces level, `unshare` carries it too).
        started = processes_mentioning(folders["launcher"])
        assert len(started) >= 3, started
    finally:
        shard.kill()  # SIGKILL: no atexit, no finally in the shard
        shard.wait()
    deadline = time.monotonic() + 5
    while processes_mentioning(folders["launcher"]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_mentioning(folders["launcher"]) == []
    assert Path(folders["launcher"]).exists() and Path(folders["sandbox"]).exists()  # left behind...
    fresh = Launcher("process")
    fresh.start()  # ...until the next launcher starts
    fresh.close()
    assert not Path(folders["launcher"]).exists() and not Path(folders["sandbox"]).exists()


@pytest.mark.parametrize("pytest_preloaded", [False, True])
def test_a_normal_open_and_close_leaves_no_folder_behind(private_temp, pytest_preloaded):
    card = private_temp.parent / "card.py"
    card.write_text(reference_text("card.py"), encoding="utf-8")
    launcher = Launcher(pytest=pytest_preloaded)
    session = SandboxSession({"card.py": card}, ["card"], launcher=launcher)
    link = session.worker(1)
    assert Student(link, ["card"]).card.Card("ace", "hearts", 1).rank() == "ace"
    link.finish()
    assert len(list(private_temp.iterdir())) == 2  # the launcher's and the sandbox's, while open
    session.close()
    launcher.close()
    assert list(private_temp.iterdir()) == []


def test_running_a_tester_leaves_no_folder_behind(private_temp):
    tester = private_temp.parent / "deck_tester.py"
    tester.write_text(reference_text("deck_tester.py"), encoding="utf-8")
    run = run_tester(OwnTests({"deck_tester.py": tester}, 1, Limits()), "deck.py", variant_file("Buggy1", "deck.py"))
    assert run.outcome == "failed"
    # The tester's warm sandbox waits for its next run until it is closed (a suite closes it when
    # the activity is done); a shared launcher made during this test keeps its folder until the
    # process exits.
    close_warm_sandboxes()
    assert [p.name for p in private_temp.iterdir() if not p.name.startswith("grader-launcher-")] == []


def test_a_sandbox_that_cannot_be_staged_or_started_leaves_no_folder(private_temp, monkeypatch):
    with pytest.raises(FileNotFoundError):
        StagedFolder({"card.py": private_temp.parent / "missing.py"})
    assert list(private_temp.iterdir()) == []

    card = private_temp.parent / "card.py"
    card.write_text(reference_text("card.py"), encoding="utf-8")
    launcher = Launcher("process")

    def no_descriptors(*args, **kwargs):
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(launcher, "spawn", no_descriptors)
    with pytest.raises(OSError):
        SandboxSession({"card.py": card}, ["card"], launcher=launcher).load()
    assert list(private_temp.iterdir()) == []


def test_only_folders_of_dead_owners_in_this_namespace_are_removed(private_temp):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # reaped: its pid names no process now
    namespace = leftovers.owner_prefix("sandbox").split("-")[2]
    names = {
        "ours": leftovers.owner_prefix("sandbox") + "a",
        "dead owner": f"grader-launcher-{namespace}-{dead.pid}-b",
        "dead owner, other namespace": f"grader-sandbox-{int(namespace) + 1}-{dead.pid}-c",
        "not ours at all": "grader-sandbox-d",
    }
    for name in names.values():
        (private_temp / name).mkdir()
    removed = leftovers.remove_orphans()
    assert [p.name for p in removed] == [names["dead owner"]]
    assert sorted(p.name for p in private_temp.iterdir()) == sorted(n for k, n in names.items() if k != "dead owner")


def test_a_sandbox_process_exits_at_once_if_its_parent_is_already_gone():
    # The race the kernel cannot cover: the parent died before the child asked to die with it.
    code = ("import os, sys; sys.path.insert(0, {root!r}); from sandbox_runtime.confinement.lifetime import die_with_parent; "
            "die_with_parent(os.getppid() + 1); print('still here')").format(root=str(ROOT))
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and "still here" not in done.stdout


def test_a_killed_checks_scratch_is_removed_by_the_next_run(tmp_path):
    """`grader check` keeps an unpacked zip and its records in grader-check-<owner>-…: a kill -9
    leaves it, and the next run's launcher removes it (leftovers.remove_orphans)."""
    temp = tmp_path / "temp"
    temp.mkdir()
    student = tmp_path / "ada"
    student.mkdir()
    (student / "card.py").write_text(reference_text("card.py"), encoding="utf-8")
    env = {**os.environ, "TMPDIR": str(temp)}
    command = [sys.executable, "-m", "grader.cli", "check", str(student), "--activity", "A1"]
    killed = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not list(temp.glob("grader-check-*")) and time.monotonic() < deadline and killed.poll() is None:
        time.sleep(0.02)
    killed.kill()
    killed.wait()
    left = list(temp.glob("grader-check-*"))
    assert left, "the check ended before it could be killed"
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not list(temp.glob("grader-check-*")), sorted(p.name for p in temp.iterdir())
