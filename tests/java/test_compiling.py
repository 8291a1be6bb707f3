"""How an activity's Java classes are compiled: the lab's stand-ins once per process (their
classes reused beside each student's file), and the lab's own versions once per version of the
files and of the JDK, in a private cache (grader/java/compiling.py, testers.py, worker_cache.py)."""

import os
import shutil
import stat
from pathlib import Path

import pytest

from grader.java import compiling, testers
from grader.java.compiling import compile_activity, given_classes
from grader.java.worker_cache import cache_problem

pytestmark = pytest.mark.skipif(shutil.which("javac") is None, reason="needs a JDK (javac)")

WIDGET = "public class Widget {\n    public int size() { return 3; }\n}\n"
BOX = "public class Box {\n    public int twice(Widget w) { return 2 * w.size(); }\n}\n"
# A stand-in that uses the student's class cannot be compiled without it.
PROBE = "public class Probe extends Box {\n    public int thrice(Widget w) { return 3 * w.size(); }\n}\n"


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


def test_stand_ins_are_compiled_once_and_their_classes_sit_beside_the_students(tmp_path):
    widget = write(tmp_path / "lab", "Widget.java", WIDGET)
    box = write(tmp_path / "alice", "Box.java", BOX)
    other = write(tmp_path / "bob", "Box.java", BOX.replace("2 *", "1 + 1 *"))
    first = compile_activity({"Box": box}, {"Widget": widget}, tmp_path / "one")
    given = given_classes({"Widget": widget}, True)
    second = compile_activity({"Box": other}, {"Widget": widget}, tmp_path / "two")
    assert first.error is None and second.error is None
    assert given is not None and given_classes({"Widget": widget}, True) is given  # compiled once
    for compiled in (first, second):
        assert sorted(p.name for p in compiled.classes.iterdir()) == ["Box.class", "Widget.class"]
        # Only the student's source is read by javac, and only it is quoted from.
        assert [p.name for p in compiled.sources.iterdir()] == ["Box.java"]
    assert (first.classes / "Widget.class").read_bytes() == (given / "Widget.class").read_bytes()


def test_a_stand_in_that_needs_the_students_class_is_compiled_with_it(tmp_path):
    widget = write(tmp_path / "lab", "Widget.java", WIDGET)
    probe = write(tmp_path / "lab", "Probe.java", PROBE)
    box = write(tmp_path / "alice", "Box.java", BOX)
    assert given_classes({"Widget": widget, "Probe": probe}, True) is None
    compiled = compile_activity({"Box": box}, {"Widget": widget, "Probe": probe}, tmp_path / "one")
    assert compiled.error is None
    assert sorted(p.name for p in compiled.classes.iterdir()) == ["Box.class", "Probe.class", "Widget.class"]


def test_a_students_error_names_their_file_either_way(tmp_path):
    widget = write(tmp_path / "lab", "Widget.java", WIDGET)
    probe = write(tmp_path / "lab", "Probe.java", PROBE)
    broken = write(tmp_path / "alice", "Box.java", BOX.replace("w.size()", "w.sise()"))
    for stand_ins in ({"Widget": widget}, {"Widget": widget, "Probe": probe}):
        compiled = compile_activity({"Box": broken}, stand_ins, tmp_path / str(len(stand_ins)),
                                    shown_as={"Box": "src/Box.java"})
        assert compiled.error["frames"][0]["file"] == "src/Box.java"
        assert compiled.error["frames"][0]["line"] == 2


def test_the_labs_versions_are_compiled_once_into_a_private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    monkeypatch.setattr(testers, "_COMPILED", {})
    version = {"Widget": write(tmp_path / "Buggy1", "Widget.java", WIDGET.replace("3", "4"))}
    calls = []
    real = testers.compile_activity
    monkeypatch.setattr(testers, "compile_activity", lambda *a, **k: calls.append(1) or real(*a, **k))
    first = testers._lab_classes(version)
    assert set(first) == {"Widget"} and len(calls) == 1
    cache = next(tmp_path.glob("grader-lab-*"))
    digest = testers._lab_digest(version)
    assert cache.name.endswith(digest) and cache_problem(cache, digest) is None
    # Hidden tests: ours alone, never shared with the JVM's user.
    for path in (cache, *cache.iterdir()):
        info = os.lstat(path)
        assert info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) & 0o077 == 0
    monkeypatch.setattr(testers, "_COMPILED", {})  # another grading process
    assert testers._lab_classes(version) == first and len(calls) == 1
    # A cache changed behind our back is built again, never used.
    (cache / "Widget.class").write_bytes(b"planted")
    monkeypatch.setattr(testers, "_COMPILED", {})
    assert testers._lab_classes(version) == first and len(calls) == 2
    # Another version of the file is another cache.
    version["Widget"].write_text(WIDGET.replace("3", "5"))
    monkeypatch.setattr(testers, "_COMPILED", {})
    assert testers._lab_classes(version) != first and len(calls) == 3


def test_given_classes_are_removed_with_the_process(tmp_path):
    widget = write(tmp_path / "lab", "Widget.java", WIDGET.replace("3", "6"))
    folder = given_classes({"Widget": widget}, False)
    assert folder is not None and folder.is_dir()
    compiling._forget_given()
    assert not folder.exists()


def test_grading_processes_share_the_runs_compiler_and_fall_back_without_it(tmp_path, monkeypatch):
    import threading

    from grader.java import javac
    from grader.java.shared_javac import SharedCompiler

    shared = SharedCompiler()
    env = shared.start()
    try:
        assert set(env) == {javac.SOCKET_ENV} and Path(env[javac.SOCKET_ENV]).exists()
        folder = shared.folder
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700  # nobody else can reach the socket
        monkeypatch.setenv(javac.SOCKET_ENV, env[javac.SOCKET_ENV])
        # Two grading processes' compilers (two clients) compiling at the same time.
        clients = [javac._WarmCompiler(), javac._WarmCompiler()]
        results = {}

        def compile_with(k: int) -> None:
            source = write(tmp_path / f"c{k}", "Widget.java", WIDGET if k else WIDGET.replace("return 3;", "return"))
            results[k] = clients[k].run(["-proc:none", "-d", str(tmp_path / f"out{k}"), str(source)], 60)

        threads = [threading.Thread(target=compile_with, args=(k,)) for k in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert results[1][0] == 0 and (tmp_path / "out1" / "Widget.class").exists()
        assert results[0][0] != 0 and "Widget.java:2: error" in results[0][1]
        assert all(client.connection is not None and client.process is None for client in clients)
        for client in clients:
            client.kill()
    finally:
        shared.stop()
    assert not folder.exists() and shared.process is None
    # The run's compiler is gone: a process falls back to a compiler of its own.
    alone = javac._WarmCompiler()
    try:
        code, _ = alone.run(["-proc:none", "-d", str(tmp_path / "out2"), str(write(tmp_path / "c2", "Widget.java", WIDGET))], 60)
        assert code == 0 and alone.connection is None and alone.process is not None and alone.shared_failed
    finally:
        alone.kill()


def _shared_compilers_of(parent: int) -> list[int]:
    """The pids of run-shared compilers (CompileServer --socket) whose parent is ``parent``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if b"--socket" in command and b"sandbox_jvm.CompileServer" in command and ppid == parent:
            found.append(int(entry.name))
    return found


def test_a_killed_grade_command_leaves_no_shared_compiler(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    from grader.lab.assets import REPOSITORY

    for name in ("ada", "bea", "cal", "dan"):
        shutil.copytree(REPOSITORY / "examples" / "elevens-java" / "ada_complete", tmp_path / "class" / name)
    command = subprocess.Popen([sys.executable, "-m", "grader.cli", "grade", str(tmp_path / "class"), "--out",
                                str(tmp_path / "out"), "--jobs", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not (compilers := _shared_compilers_of(command.pid)) and time.monotonic() < deadline:
            assert command.poll() is None, "the class was graded before its compiler was seen"
            time.sleep(0.05)
        assert compilers, "no shared compiler was started for two grading processes"
    finally:
        command.send_signal(signal.SIGKILL)  # no atexit, no finally in the command
        command.wait()
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid) for pid in compilers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid) for pid in compilers)


def _state(pid: int) -> str:
    try:
        return "zombie" if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z" else "alive"
    except OSError:
        return "gone"


def test_a_student_file_that_defines_a_class_of_the_labs_gets_javacs_duplicate_error(tmp_path):
    widget = write(tmp_path / "lab", "Widget.java", WIDGET)
    box = write(tmp_path / "alice", "Box.java", BOX + "class Widget {\n    public int size() { return 9; }\n}\n")
    compiled = compile_activity({"Box": box}, {"Widget": widget}, tmp_path / "one")
    assert compiled.error is not None and "duplicate class: Widget" in compiled.error["message"]
