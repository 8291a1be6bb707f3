"""A class of 30 with two hostile students: every honest student gets exactly the grade they get alone.

- ``aa_lingers``: at import, in every sandbox it reaches, leaves a daemon behind (double fork,
  new session) that for a minute steals requests from the descriptors it inherited, answers
  every request id it can guess with forged replies, writes forged replies into every
  descriptor of every process it can see in /proc, and signals every process it can see.
- ``ab_writes``: at import, tries to make the file system writable again and then writes where
  the trusted side reads: every module of the grader package, a results.json in every folder
  above it, the class folder, the output folder and ``$GITHUB_OUTPUT``.

Both are graded in the same run as 28 honest students (four kinds, seven of each), sorted after
them, at the default level; as root and as an ordinary user. The honest grades are compared with
each kind graded alone; nothing outside the sandboxes may change, and nothing may be left running.
"""

import base64
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import grader
from grader.sandbox.launcher import namespaces_work
from tests.classroom import card_with, reference_text, write_class
from tests.security import as_user

pytestmark = pytest.mark.skipif(not namespaces_work(), reason="user/PID/mount namespaces are not available here")

# Activity 1 is enough: both attack when card.py is imported, and deck.py attacks the same way
# (kept in the class so a later activity's sandbox meets it too when this is widened).
ACTIVITIES = ["--activity", "A1"]
MARK = "lingering-daemon-5e1f"

LINGER = f'''
import json as _json, os as _os, signal as _signal, time as _time
def _linger():
    if _os.fork() != 0:
        return
    _os.setsid()
    if _os.fork() != 0:
        _os._exit(0)
    _os.environ["MARK"] = "{MARK}"
    end = _time.time() + 60
    while _time.time() < end:
        for fd in range(3, 64):
            try:
                _os.set_blocking(fd, False)
                data = _os.read(fd, 65536)
            except OSError:
                data = b""
            for line in data.splitlines():
                try:
                    asked = _json.loads(line)
                    _os.write(fd + 1, (_json.dumps({{"id": asked.get("id"), "ok": "forged"}}) + "\\n").encode())
                except (ValueError, OSError, AttributeError):
                    pass
        for entry in _os.listdir("/proc"):
            if entry.isdigit() and int(entry) != _os.getpid():
                try:
                    _os.kill(int(entry), _signal.SIGKILL)
                except OSError:
                    pass
                try:
                    for fd in _os.listdir(f"/proc/{{entry}}/fd"):
                        with open(f"/proc/{{entry}}/fd/{{fd}}", "w") as f:
                            f.write('{{"event": "ended", "pid": 1}}\\n')
                except OSError:
                    pass
        _time.sleep(0.01)
    _os._exit(0)
_linger()
'''


def writer_header(targets: list[str]) -> str:
    return f'''
import ctypes as _ctypes, os as _os
_libc = _ctypes.CDLL(None, use_errno=True)
_libc.mount(None, b"/", None, 32 | 4096, None)
_libc.unshare(0x10000000 | 0x00020000)
for _target in {targets!r}:
    try:
        with open(_target, "a") as _file:
            _file.write("\\nimport os; os.environ['FORGED'] = '1'\\npoints=999\\n")
    except OSError:
        pass
'''


def honest_kinds() -> dict[str, dict[str, str]]:
    wrong_suit = card_with({"        return self._suit\n": "        return 'spades'\n"})
    return {
        "complete": {"card.py": reference_text("card.py"), "deck.py": reference_text("deck.py")},
        "card_bug": {"card.py": wrong_suit, "deck.py": reference_text("deck.py")},
        "deck_only": {"deck.py": reference_text("deck.py")},
        "card_only": {"card.py": reference_text("card.py")},
    }


def grader_files() -> list[Path]:
    package = Path(grader.__file__).parent
    return sorted(package.rglob("*.py"))


def fingerprint(paths: list[Path]) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths if p.exists()}


def build_class(root: Path, out: Path, github_output: Path) -> Path:
    targets = [str(p) for p in grader_files()] + [str(github_output), str(out / "results.json"),
                                                   str(root / "results.json"), str(root / "zz_honest_0" / "card.py")]
    targets += [str(folder / "results.json") for folder in Path(grader.__file__).parents]
    students = {"aa_lingers": {"card.py": LINGER + reference_text("card.py"), "deck.py": LINGER + reference_text("deck.py")},
                "ab_writes": {"card.py": writer_header(targets) + reference_text("card.py"),
                              "deck.py": writer_header(targets) + reference_text("deck.py")}}
    for number in range(28):
        kind, files = list(honest_kinds().items())[number % 4]
        students[f"zz_honest_{number}_{kind}"] = files
    return write_class(root, students)


def grade_cli(args: list[str], cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from grader.cli import main; main()", *args], cwd=cwd,
                          env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def alone(tmp_path_factory) -> dict[str, float]:
    """Each honest kind's total, graded alone."""
    totals = {}
    for kind, files in honest_kinds().items():
        root = write_class(tmp_path_factory.mktemp(f"alone-{kind}"), {kind: files})
        done = grade_cli(["grade", str(root), "--out", str(root / "out"), *ACTIVITIES], cwd=root)
        assert done.returncode == 0, done.stderr
        totals[kind] = json.loads((root / "out" / "results.json").read_text())["submissions"][0]["total"]
    return totals


def no_daemon_left() -> bool:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        left = subprocess.run(["pgrep", "-f", "-a", "python"], capture_output=True, text=True).stdout
        lingering = [line for line in left.splitlines() if _has_mark(line.split()[0])]
        if not lingering:
            return True
        time.sleep(0.2)
    return False


def _has_mark(pid: str) -> bool:
    try:
        return MARK.encode() in Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return False


def check_honest(results: dict, alone: dict[str, float]) -> None:
    by_id = {s["id"]: s for s in results["submissions"]}
    assert len(by_id) == 30
    for sub_id, sub in by_id.items():
        if sub_id.startswith("zz_honest_"):
            assert sub["total"] == alone[sub_id.split("_", 3)[3]], (sub_id, sub["total"], alone)
    assert "FORGED" not in os.environ


def test_as_root_honest_students_get_their_own_grades(tmp_path, alone):
    if os.geteuid() != 0:
        pytest.skip("not root: the ordinary-user case below covers this run")
    before = fingerprint(grader_files())
    out, github_output = tmp_path / "out", tmp_path / "github_output"
    root = build_class(tmp_path / "class", out, github_output)
    done = grade_cli(["grade", str(root), "--out", str(out), *ACTIVITIES], cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    check_honest(json.loads((out / "results.json").read_text()), alone)
    assert fingerprint(grader_files()) == before
    assert not (root / "results.json").exists()
    assert no_daemon_left()


def test_under_github_the_writer_cannot_forge_its_points(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("not root: the ordinary-user case below covers this run")
    out, github_output = tmp_path / "out", tmp_path / "github_output"
    root = build_class(tmp_path / "class", out, github_output)
    github_output.write_text("")
    done = grade_cli(["check", str(root / "ab_writes"), "--github", "--activity", "A1"], cwd=tmp_path,
                     env={"GITHUB_OUTPUT": str(github_output), "GITHUB_STEP_SUMMARY": str(tmp_path / "summary")})
    assert done.returncode == 0, done.stdout + done.stderr
    written = github_output.read_text()
    assert "999" not in written and "FORGED" not in written and "import os" not in written, written
    assert classroom_points(written) == (15, 15)  # the writer's Card is otherwise the reference's


def classroom_points(written: str) -> tuple[float, float]:
    """(points, max) that Classroom's reporter would record from a step's ``result=`` output."""
    line = next(line for line in written.splitlines() if line.startswith("result="))
    result = json.loads(base64.b64decode(line[len("result="):]))
    return sum(test["score"] for test in result["tests"]), result["max_score"]


def test_as_an_ordinary_user_honest_students_get_their_own_grades(tmp_path, alone, ordinary_site):
    work = tmp_path / "run"
    work.mkdir()
    root = build_class(work / "class", work / "out", work / "github_output")
    for path in (work, *work.rglob("*")):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    done = as_user.run_as_ordinary_user(ordinary_site, ["grade", "class", "--out", "out", *ACTIVITIES], cwd=work)
    assert done.returncode == 0, done.stdout + done.stderr
    check_honest(json.loads((work / "out" / "results.json").read_text()), alone)
    assert no_daemon_left()


def test_as_an_ordinary_user_under_github_the_writer_cannot_forge_its_points(tmp_path, ordinary_site):
    work = tmp_path / "run"
    work.mkdir()
    github_output = work / "github_output"
    build_class(work / "class", work / "out", github_output)
    github_output.write_text("")
    for path in (work, *work.rglob("*")):
        os.chmod(path, 0o777 if path == github_output or path.is_dir() else 0o644)
    done = as_user.run_as_ordinary_user(ordinary_site, ["check", "class/ab_writes", "--github", "--activity", "A1"], cwd=work,
                                        env={"GITHUB_OUTPUT": str(github_output), "GITHUB_STEP_SUMMARY": str(work / "summary")})
    assert done.returncode == 0, done.stdout + done.stderr
    written = github_output.read_text()
    assert "999" not in written and "FORGED" not in written and "import os" not in written, written
    assert classroom_points(written) == (15, 15)  # the writer's Card is otherwise the reference's
