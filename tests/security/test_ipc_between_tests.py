"""No test leaves a mark for a later one in what the kernel keeps beyond a process.

Every test runs in a fresh fork of its sandbox's zygote (tests/sandbox/test_no_count_between_tests.py
covers what a process keeps). These Cards hide the mark where a process is not needed to keep
it: System V shared memory, a System V message queue and semaphore set, a POSIX message queue
(each lives in its IPC namespace, shared by every test of a sandbox, until removed); the
priority of the zygote, which every later worker inherits; the status flags of stdin and the
capacity of the request pipe, which live on open file descriptions every worker shares with
the zygote; the times of the home folder; and a file the load's own import leaves in the home
before the first test. Each file sets ``MARKED`` at import, from what an earlier import left,
then leaves its own mark; its ``rank()`` and ``suit()`` are right only when ``MARKED`` is true.

Each is graded beside its honest twin (``MARKED = False``): each must get exactly the twin's
grade, test by test, with the grader run as root (at both levels) and as an ordinary user. The
red team's cards got 15/15 against the twin's 4/15 before the filter refused the IPC calls
(grader/sandbox/seccomp.py) and the zygote reset what a test shares with it
(sandbox_runtime/workers/wiping.py).
"""

import ctypes
import errno
import json
import os
import random
from pathlib import Path

import pytest

from grader.engine.batch import GradeOptions, grade
from grader.sandbox.launcher import namespaces_work
from grader.intake.class_folder import find_submissions
from tests.classroom import card_with, elevens_rubric
from tests.security import as_user

LEVELS = ["process"] + (["namespaces"] if namespaces_work() else [])
IPC_CREAT, IPC_EXCL, IPC_RMID = 0o1000, 0o2000, 0

LIBC = "import ctypes, errno, os\n_libc = ctypes.CDLL(None, use_errno=True)\n"


def _exclusive(call: str) -> str:
    """``MARKED`` is whether an earlier import already made the object ``call`` makes, exclusively."""
    return LIBC + f"MARKED = {call} == -1 and ctypes.get_errno() == errno.EEXIST\n"


def hostile_headers(key: int, queue: str) -> dict[str, str]:
    """name -> what the card's file does at import. ``key`` and ``queue`` are fresh for each run:
    at the process level the IPC namespace is the machine's, where a run without the filter
    would leave its objects."""
    flags = f"{IPC_CREAT | IPC_EXCL | 0o600}"
    return {
        "shm": _exclusive(f"_libc.shmget({key}, 4096, {flags})"),
        "msgq": _exclusive(f"_libc.msgget({key + 1}, {flags})"),
        "sem": _exclusive(f"_libc.semget({key + 2}, 1, {flags})"),
        "posixmq": _exclusive(f"_libc.mq_open({queue!r}.encode(), os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o600, None)"),
        "zygote-nice": ("import os\nMARKED = os.getpriority(os.PRIO_PROCESS, 0) == 7\n"
                        "try:\n    os.setpriority(os.PRIO_PROCESS, os.getppid(), 7)\nexcept OSError:\n    pass\n"),
        "stdin-flags": ("import fcntl, os\nMARKED = bool(fcntl.fcntl(0, fcntl.F_GETFL) & os.O_APPEND)\n"
                        "fcntl.fcntl(0, fcntl.F_SETFL, fcntl.fcntl(0, fcntl.F_GETFL) | os.O_APPEND)\n"),
        "pipe-size": ("import fcntl, os\n"
                      "_pipe = next(fd for fd in range(64) if os.path.exists(f'/proc/self/fd/{fd}')\n"
                      "             and os.readlink(f'/proc/self/fd/{fd}').startswith('pipe:'))\n"
                      "MARKED = fcntl.fcntl(_pipe, fcntl.F_GETPIPE_SZ) == 8192\n"
                      "fcntl.fcntl(_pipe, fcntl.F_SETPIPE_SZ, 8192)\n"),
        "home-times": ("import os\nMARKED = os.stat(os.environ['HOME']).st_mtime == 12345\n"
                       "os.utime(os.environ['HOME'], (12345, 12345))\n"),
        "loader-file": ("import os\n_MARK = os.path.join(os.environ['HOME'], 'imported-before')\n"
                        "MARKED = os.path.exists(_MARK)\nopen(_MARK, 'w').close()\n"),
    }


def card(header: str) -> str:
    """The reference Card whose ``rank()`` and ``suit()`` are right only when ``MARKED`` is true
    (``rank()`` too: the first test, the only one a mark left by the load could reach, asks for it)."""
    return card_with({"        return self._rank\n": "        return self._rank if MARKED else 'wrong'\n",
                      "        return self._suit\n": "        return self._suit if MARKED else 'wrong'\n"}, header)


def write_students(root: Path, key: int, queue: str) -> dict[str, str]:
    """The class: the twin and every hostile card, each in its folder; id -> card.py."""
    wanted = {"twin": card("MARKED = False\n"), **{name: card(header) for name, header in hostile_headers(key, queue).items()}}
    for sub_id, text in wanted.items():
        (root / sub_id).mkdir(parents=True)
        (root / sub_id / "card.py").write_text(text, encoding="utf-8")
    return wanted


@pytest.fixture
def names():
    """A fresh key and queue name; afterwards, whatever a run without the filter made with them
    is removed (at the process level it would outlive the run, in the machine's namespace)."""
    key, queue = random.randrange(1 << 24, 1 << 30), f"/elevens-mark-{random.randrange(1 << 30)}"
    yield key, queue
    libc = ctypes.CDLL(None, use_errno=True)
    for get, control, offset, size in ((libc.shmget, libc.shmctl, 0, 0), (libc.msgget, libc.msgctl, 1, None),
                                       (libc.semget, libc.semctl, 2, 0)):
        ident = get(key + offset, 0, 0) if size is None else get(key + offset, size, 0)
        if ident >= 0:
            control(ident, IPC_RMID, None)
    libc.mq_unlink(queue.encode())


def outcomes(submissions) -> dict[str, tuple[float, list[tuple[str, str]]]]:
    """id -> (total, [(test, outcome)...]) from results.json's or the engine's submissions."""
    found = {}
    for sub in submissions:
        if isinstance(sub, dict):
            tests = [(t["name"], t["outcome"]) for a in sub["activities"] for t in a["tests"]]
            found[sub["id"]] = (sub["total"], sorted(tests))
        else:
            found[sub.id] = (sub.total, sorted((t.name, t.outcome) for a in sub.activities for t in a.tests))
    return found


def assert_each_gets_the_twins_grade(got: dict, wanted: dict) -> None:
    assert sorted(got) == sorted(wanted)
    differ = {sub_id: got[sub_id][0] for sub_id in wanted if got[sub_id] != got["twin"]}
    assert not differ, f"graded differently from their honest twin ({got['twin'][0]}): {differ}"
    # The twin loses points where its card says it should, and only there.
    assert any(name.startswith(("test_rank", "test_suit")) and outcome != "passed" for name, outcome in got["twin"][1])
    assert any(outcome == "passed" for _, outcome in got["twin"][1])


@pytest.mark.parametrize("level", LEVELS)
def test_as_root_a_card_that_marks_the_kernel_gets_its_honest_twins_grade(level, tmp_path, names):
    if os.geteuid() != 0:
        pytest.skip("not root: the ordinary-user case below covers this run")
    wanted = write_students(tmp_path / "class", *names)
    options = GradeOptions(only_activities=["A1"], isolation=level, jobs=1, allow_unconfined_root=level == "process")
    graded = grade(elevens_rubric(), find_submissions(tmp_path / "class", tmp_path / "scratch"), options, tmp_path / "work")
    assert graded.confinement["seccomp_filter"], "no filter here: nothing to prove"
    assert_each_gets_the_twins_grade(outcomes(graded.submissions), wanted)


@pytest.mark.parametrize("level", LEVELS)
def test_as_an_ordinary_user_a_card_that_marks_the_kernel_gets_its_honest_twins_grade(level, tmp_path, names,
                                                                                       ordinary_site):
    work = tmp_path / "run"
    wanted = write_students(work / "class", *names)
    for path in (work, *work.rglob("*")):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    done = as_user.run_as_ordinary_user(ordinary_site, ["grade", "class", "--out", "out", "--activity", "A1",
                                                        "--jobs", "1", "--isolation", level], cwd=work, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((work / "out" / "results.json").read_text())
    assert results["confinement"]["seccomp_filter"] and results["confinement"]["uid"] != 0, results["confinement"]
    assert_each_gets_the_twins_grade(outcomes(results["submissions"]), wanted)
