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
from grader.sandbox.isolation import namespaces_work
from grader.sandbox.jail_spec import read_only_paths
from tests.classroom import write_class
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
