"""A worker forked ahead of its test is as fresh as one forked for it (sandbox_runtime/workers/zygote.py).

The zygote forks each test's worker while the test before it runs (the *spare*), hands it over
with the test's seed, and reports a worker's end as soon as the worker says it is done. None of
that may let one test reach the next, change what a test prints, or let student code fake the
end of its own test.

Each worker imports the student's file itself, after its test is handed to it (never the
zygote): this file's signal handler and fork hook exist only in the worker of each test.
"""

import random
import time

import pytest

from grader.sandbox import Limits, SandboxCrashed, SandboxSession, Student, StudentLoadError
from grader.sandbox.launcher import namespaces_work
from grader.sandbox.launcher import Launcher

LEVELS = ["process"] + (["namespaces"] if namespaces_work() else [])

CARD = '''
import os, random, signal, sys, time

hits = []
signal.signal(signal.SIGUSR1, lambda *args: hits.append("usr1"))
os.register_at_fork(after_in_child=lambda: print("a fork hook ran", flush=True))


def others():
    """Every other process of this sandbox: the zygote and the spare waiting for the next test."""
    me, zygote = os.getpid(), os.getppid()
    found = [zygote]
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != me:
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == zygote:
                        found.append(int(entry))
            except OSError:
                pass
    return found


def poke():
    for pid in others():
        os.kill(pid, signal.SIGUSR1)
    time.sleep(0.05)
    return len(others())


def kill_spares():
    zygote = os.getppid()
    for pid in others():
        if pid != zygote:
            os.kill(pid, signal.SIGKILL)
    return True


def seen():
    return hits


def first_random():
    return random.random()


def say(text):
    print(text)
    time.sleep(0.01)  # long enough for the zygote to fork the next test's worker meanwhile
    return text


def fake_end(pid):
    for token in ("", "x" * 32):
        os.write(4, ('\\n{"event": "ended", "pid": %d, "token": "%s", "exit_code": 0}\\n' % (pid, token)).encode())
    return "still here"


def leave_a_printer():
    if os.fork() == 0:
        time.sleep(0.2)
        print("printed after the test", flush=True)
        os._exit(0)
    return "left"
'''


@pytest.fixture(params=LEVELS)
def session(request, tmp_path):
    card = tmp_path / "card.py"
    card.write_text(CARD, encoding="utf-8")
    launcher = Launcher(request.param)
    session = SandboxSession({"card.py": card}, ["card"], launcher=launcher)
    session.load()
    yield session
    session.close()
    launcher.close()


def one_test(session: SandboxSession, seed: int, method: str, *args):
    link = session.worker(seed)
    offset = session.output_end()
    try:
        return getattr(Student(link, ["card"]).card, method)(*args), link
    finally:
        link.finish()
        link.printed = session.output_since(offset)[0]


def test_a_signal_one_test_sends_to_the_zygote_and_the_spare_reaches_no_later_test(session):
    poked, _ = one_test(session, 1, "poke")
    assert poked >= 2  # the zygote and at least the spare were there to be signalled
    for seed in (2, 3):
        hits, _ = one_test(session, seed, "seen")
        assert hits == []


def test_what_a_fork_hook_prints_is_in_no_tests_output(session):
    for seed in range(5):
        said, link = one_test(session, seed, "say", f"test {seed}")
        assert link.printed == f"test {seed}\n"


def test_each_worker_is_seeded_with_its_tests_seed_before_any_of_its_code_runs(session):
    for seed in (7, 8, 7):
        value, _ = one_test(session, seed, "first_random")
        assert value == random.Random(seed).random()


def test_student_code_cannot_fake_the_end_of_its_own_test(session):
    link = session.worker(1)
    card = Student(link, ["card"]).card
    link.started()
    assert card.fake_end(link.pid) == "still here"
    assert card.first_random() == random.Random(1).random()
    link.finish()
    assert one_test(session, 2, "say", "next")[0] == "next"


def test_killing_the_spare_costs_the_next_test_nothing(session):
    assert one_test(session, 1, "kill_spares")[0] is True
    for seed in (2, 3):
        assert one_test(session, seed, "first_random")[0] == random.Random(seed).random()


def test_what_a_leftover_child_would_print_later_reaches_no_test(session):
    assert one_test(session, 1, "leave_a_printer")[0] == "left"
    time.sleep(0.3)
    _, link = one_test(session, 2, "say", "mine")
    assert link.printed == "mine\n"


def test_a_crash_is_still_reported_with_how_the_worker_ended(session):
    link = session.worker(1)
    with pytest.raises(SandboxCrashed, match="exited with code 3"):
        link.request({"op": "call", "module": "os", "name": "_exit", "args": [3]}, "os._exit(3)")
    link.finish()
    assert one_test(session, 2, "say", "after")[0] == "after"


def test_what_one_test_printed_does_not_count_against_the_next_tests_file_size_limit(tmp_path):
    card = tmp_path / "card.py"
    card.write_text("def shout(n):\n    print('y' * n)\n    return n\n", encoding="utf-8")
    session = SandboxSession({"card.py": card}, ["card"], Limits(file_size_bytes=64 << 10))
    try:
        session.load()
        for seed in range(5):  # 40 KB each: together far past the 64 KB limit, each well within it
            assert one_test(session, seed, "shout", 40_000)[0] == 40_000
    finally:
        session.close()


def test_a_stdout_the_students_file_installs_runs_nothing_in_the_zygote_between_tests(tmp_path):
    # Its flush counts calls: were the zygote to flush it before each fork, every later test
    # would start with a higher count, left to it by the tests before.
    card = tmp_path / "card.py"
    card.write_text(
        "import sys\n"
        "class Counting:\n"
        "    def __init__(self, stream):\n"
        "        self.stream, self.flushes = stream, 0\n"
        "    def write(self, text):\n"
        "        return self.stream.write(text)\n"
        "    def flush(self):\n"
        "        self.flushes += 1\n"
        "        self.stream.flush()\n"
        "sys.stdout = Counting(sys.stdout)\n"
        "def flushes():\n"
        "    return sys.stdout.flushes\n"
        "def say(text):\n"
        "    print(text)\n"
        "    return text\n", encoding="utf-8")
    session = SandboxSession({"card.py": card}, ["card"])
    try:
        session.load()
        counts = [one_test(session, seed, "flushes")[0] for seed in range(4)]
        assert len(set(counts)) == 1, counts
        said, link = one_test(session, 9, "say", "still printed")
        assert link.printed == "still printed\n"
    finally:
        session.close()


def test_what_a_file_prints_at_import_is_in_no_tests_output_and_its_failure_is_a_load_error(tmp_path):
    # Each worker imports the file again: what it prints then must stay out of every test's
    # output, as when the zygote imported it once.
    card = tmp_path / "card.py"
    card.write_text("print('imported')\n\ndef say(text):\n    print(text)\n    return text\n", encoding="utf-8")
    session = SandboxSession({"card.py": card}, ["card"])
    try:
        session.load()
        for seed in range(3):
            assert one_test(session, seed, "say", "mine")[1].printed == "mine\n"
    finally:
        session.close()
    card.write_text("import os\nraise ValueError('broken at import')\n", encoding="utf-8")
    session = SandboxSession({"card.py": card}, ["card"])
    try:
        with pytest.raises(StudentLoadError, match="broken at import"):
            session.load()
    finally:
        session.close()


def test_the_standard_library_the_zygote_imports_for_the_workers_finds_no_student_file(tmp_path, monkeypatch):
    # The zygote imports the standard library modules the student's files imported (once, not
    # once per test), with the sandbox's files hidden: a student file named like a module that a
    # standard one tries to import never runs in the zygote. Here in this process, with a stand-in
    # for such a standard module (``lure_std``: it tries ``import lure``, a name the student took).
    import sys

    from sandbox_runtime import sources
    from sandbox_runtime.workers import loading

    staging, library = tmp_path / "work", tmp_path / "lib"
    staging.mkdir()
    library.mkdir()
    (staging / "lure.py").write_text(f"open({str(tmp_path / 'ran')!r}, 'w').close()\n", encoding="utf-8")
    (library / "lure_std.py").write_text("try:\n    import lure\nexcept ImportError:\n    pass\n", encoding="utf-8")
    monkeypatch.setattr(loading, "STANDARD_LIBRARY", loading.STANDARD_LIBRARY | {"lure_std"})
    monkeypatch.setattr(sys, "path", [str(library), *sys.path, str(staging)])
    offered = loading.offer_folder(str(staging))
    try:
        loading.import_standard_library(["lure_std", "not a module name"], offered, str(staging))
        assert "lure_std" in sys.modules and not (tmp_path / "ran").exists()
        assert sys.path[-1] == str(staging) and "lure" in sources.FINDER.loaders  # hidden only meanwhile
    finally:
        for name in ("lure", "lure_std"):
            sys.modules.pop(name, None)
            sources.FINDER.loaders.pop(name, None)
