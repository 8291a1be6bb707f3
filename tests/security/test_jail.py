"""The jail holds against a student who knows the source: every attack of probes.py is refused,
with the grader run as root and as an ordinary user, through the real `grader check` command.

Each case checks a folder whose card.py attacks from inside every Activity 1 test, with a
secret in the grader's environment and a loopback server listening on the host; the findings
come back in results.json (each test's printed output). The same file at both levels proves the
same things; the process level is the portable core and is not a jail (docs/security.md).
"""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import grader
from grader.sandbox.launcher import namespaces_work
from grader.sandbox.jail_spec import ETC, SYSTEM, read_only_paths
from tests.classroom import card_with, write_class
from tests.lab_loader import ROOT
from tests.security import as_user
from tests.security.probes import findings, probe_card

pytestmark = pytest.mark.skipif(not namespaces_work(), reason="user/PID/mount namespaces are not available here")

SECRET = "teacher-secret-9d2b7"


@pytest.fixture
def listening():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    yield server.getsockname()[1]
    server.close()


def attacker_class(root: Path, port: int) -> Path:
    """A class with a victim and the prober; the prober hunts for the victim's folder too."""
    home = Path.home()
    # Only the folders on the way to a runtime bound read-only (a pyenv Python under ~) may show.
    on_the_way = sorted({Path(p).relative_to(home).parts[0] for p in read_only_paths() if Path(p).is_relative_to(home)})
    paths = {"GRADER_FILE": grader.__file__, "REFERENCE_FILE": str(ROOT / "reference" / "elevens" / "deck.py"),
             "OTHER_STUDENT": str(root / "victim"), "TEACHER_HOME": str(home), "CLASS_FOLDER": str(root),
             "HOME_ALLOWED": on_the_way}
    return write_class(root, {"prober": {"card.py": probe_card(paths, SECRET, port)},
                              "victim": {"card.py": (ROOT / "reference" / "elevens" / "card.py").read_text()}})


def read_findings(out: Path) -> list[dict]:
    results = json.loads((out / "results.json").read_text())
    tests = results["submissions"][0]["activities"][0]["tests"]
    seen = [findings(t["output"]) for t in tests if "ATTACKS" in t.get("output", "")]
    assert seen, "no test ran the prober's rank()"
    return seen, results


def assert_all_blocked(seen: list[dict], results: dict) -> None:
    open_ones = {name: value for found in seen for name, value in found.items() if value != "blocked"}
    assert open_ones == {}, open_ones
    assert len(seen[0]) >= 30  # every attack ran
    confinement = results["confinement"]
    assert confinement["uid"] != 0 and confinement["seccomp_filter"] and confinement["private_root"], confinement
    prober = results["submissions"][0]
    assert prober["total"] == prober["max"]  # the prober's Card is correct: attacking cost nothing, gained nothing


def test_as_root_every_attack_is_refused(tmp_path, listening):
    if os.geteuid() != 0:
        pytest.skip("not root: the ordinary-user case below covers this run")
    prober = attacker_class(tmp_path / "class", listening) / "prober"
    out = tmp_path / "out"
    env = {**os.environ, "TEACHER_TOKEN": SECRET}
    done = subprocess.run([sys.executable, "-c", "from grader.cli import main; main()", "check", str(prober),
                           "--activity", "A1", "--out", str(out)], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert SECRET not in done.stdout + done.stderr
    assert_all_blocked(*read_findings(out))


def test_as_an_ordinary_user_every_attack_is_refused(tmp_path, listening, ordinary_site):
    work = tmp_path / "run"
    work.mkdir()
    prober = attacker_class(work / "class", listening) / "prober"
    for path in (work, *work.rglob("*")):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    done = as_user.run_as_ordinary_user(ordinary_site, ["check", "class/prober", "--activity", "A1", "--out", "out"],
                                        cwd=work, env={"TEACHER_TOKEN": SECRET}, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    seen, results = read_findings(work / "out")
    assert results["confinement"]["user_namespace"] and results["confinement"]["uid"] == 1000
    assert_all_blocked(seen, results)


# A card whose first rank() of each test reports every mount it can see and whether the host's
# old root is still there: the jail's own mounts are its root, /tmp, /dev, /proc, the system's
# folders, the Python it runs, its work folder and its home; anything else (the old root under
# /.old-root, or any mount of the host's below it) is a trace of the machine outside.
MOUNT_PROBE = r"""
import json as _json, os as _os, sys as _sys
_SEEN = []

def _mounts():
    points = [line.split()[4].replace("\\040", " ") for line in open("/proc/self/mountinfo")]
    return {"points": points, "old_root": _os.path.lexists("/.old-root"), "top": sorted(_os.listdir("/")),
            "prefix": _sys.base_prefix, "work": _os.path.dirname(_os.path.abspath(__file__)), "home": _os.environ.get("HOME", "")}
"""


def mount_probe_class(root: Path) -> Path:
    card = card_with({"        return self._rank\n": "        if not _SEEN:\n"
                                                      "            _SEEN.append(1)\n"
                                                      "            print('MOUNTS ' + _json.dumps(_mounts()))\n"
                                                      "        return self._rank\n"}, header=MOUNT_PROBE)
    return write_class(root, {"looker": {"card.py": card}})


def foreign_mounts(out: Path) -> tuple[dict, list[str]]:
    """What the prober saw, and the mount points that are not the jail's own."""
    results = json.loads((out / "results.json").read_text())
    outputs = [t.get("output", "") for t in results["submissions"][0]["activities"][0]["tests"]]
    seen = [json.loads(line[len("MOUNTS "):]) for text in outputs for line in text.splitlines() if line.startswith("MOUNTS ")]
    assert seen, f"no test ran the prober's rank(): {outputs[:2]}"
    found = seen[0]
    own = ["/tmp", "/dev", "/proc", *SYSTEM, *ETC, *read_only_paths(), found["prefix"], found["work"], found["home"]]
    foreign = [point for point in found["points"]
               if point != "/" and not any(point == top or point.startswith(top.rstrip("/") + "/") for top in own)]
    return found, foreign


def assert_no_trace_of_the_host(out: Path) -> None:
    found, foreign = foreign_mounts(out)
    assert foreign == [], f"{len(foreign)} of the host's mounts are listed inside the jail: {foreign[:8]}"
    assert not found["old_root"] and ".old-root" not in found["top"], found["top"]


def test_as_root_no_trace_of_the_host_root(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("not root: the ordinary-user case below covers this run")
    looker = mount_probe_class(tmp_path / "class") / "looker"
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-c", "from grader.cli import main; main()", "check", str(looker),
                           "--activity", "A1", "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert_no_trace_of_the_host(out)


def test_as_an_ordinary_user_no_trace_of_the_host_root(tmp_path, ordinary_site):
    work = tmp_path / "run"
    work.mkdir()
    mount_probe_class(work / "class")
    for path in (work, *work.rglob("*")):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    done = as_user.run_as_ordinary_user(ordinary_site, ["check", "class/looker", "--activity", "A1", "--out", "out"],
                                        cwd=work, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert_no_trace_of_the_host(work / "out")
