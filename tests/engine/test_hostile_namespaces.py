"""What the namespaces level adds, each claim proved by a hostile student file of its own.

Skipped where `unshare` does not work; docs/security.md says what holds without it.
"""

import os
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest
from grader_labs.elevens.files import lab_file as asset_path

import grader
from grader.sandbox.launcher import namespaces_work
from tests.classroom import card_with, grade_class, reference_text, write_class
from tests.processes import sleep_seconds

pytestmark = pytest.mark.skipif(not namespaces_work(), reason="user/PID/network namespaces are not available here")

SECRET = "teacher-token-ns-7a1e"
RANK = "        return self._rank\n"
# The sleeps the daemon and the fork storm leave, with arguments only this run uses (pgrep -f).
DAEMON_SLEEP, STORM_SLEEP = sleep_seconds(373), sleep_seconds(374)


def hostile(body: str) -> str:
    return card_with({RANK: body + "        return self._rank\n"})


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    accepted: list = []
    threading.Thread(target=lambda: accepted.append(server.accept()), daemon=True).start()
    port = server.getsockname()[1]

    root = tmp_path_factory.mktemp("class")
    victim = root / "victim" / "card.py"
    targets = [Path(grader.__file__), asset_path("reference", "card.py"), asset_path("buggy_variants", "Buggy1/deck.py"), victim]
    subs = {
        "victim": {"card.py": reference_text("card.py")},
        "reads_proc": {"card.py": hostile(
            "        import glob\n"
            "        for path in glob.glob('/proc/*/environ'):\n"
            "            try:\n"
            "                data = open(path, 'rb').read()\n"
            "            except OSError:\n"
            "                continue\n"
            f"            if b'{SECRET}' in data:\n"
            "                return 'leaked ' + path\n")},
        "networks": {"card.py": hostile(
            "        import socket\n"
            "        try:\n"
            f"            socket.create_connection(('127.0.0.1', {port}), timeout=1).close()\n"
            "            return 'connected'\n"
            "        except OSError:\n"
            "            pass\n")},
        "daemon": {"card.py": hostile(
            "        import os\n"
            "        if os.fork() == 0:\n"
            "            os.setsid()\n"
            "            if os.fork() == 0:\n"
            "                os.execv('/bin/sleep', ['sleep', '" + DAEMON_SLEEP + "'])\n"
            "            os._exit(0)\n")},
        "fork_storm": {"card.py": hostile(
            "        import os\n"
            "        for _ in range(30):\n"
            "            try:\n"
            "                if os.fork() == 0:\n"
            "                    os.execv('/bin/sleep', ['sleep', '" + STORM_SLEEP + "'])\n"
            "            except OSError:\n"
            "                break\n")},
        "writer": {"card.py": hostile(
            "        import os\n"
            "        targets = [" + ", ".join(repr(str(p)) for p in targets) + "]\n"
            "        for start in (os.getcwd(), os.path.dirname(os.path.abspath(__file__))):\n"
            "            while True:\n"
            "                targets.append(os.path.join(start, 'results.json'))\n"
            "                if start == os.path.dirname(start):\n"
            "                    break\n"
            "                start = os.path.dirname(start)\n"
            "        for path in targets:\n"
            "            try:\n"
            "                with open(path, 'a') as f:\n"
            "                    f.write('{\"forged\": true}\\n')\n"
            "            except OSError:\n"
            "                pass\n")},
    }
    write_class(root, subs)
    before = {p: p.read_bytes() for p in targets}
    assert not any(Path(p, "results.json").exists() for p in ("/", "/tmp"))
    os.environ["ELEVENS_NS_SECRET"] = SECRET
    try:
        with tempfile.TemporaryDirectory() as scratch:
            # test_rank only (one run per suit): every hostile file attacks from rank(), which it
            # calls, so each attack still runs in a sandbox of its own, four times; the other A1
            # tests only ran the same attack again (the fork storm's 20 more runs took minutes).
            # Every claim below reads test_rank[spades] or what the run left behind, and the
            # victim's full marks are those of the runs graded (engine/scoring.py: a filtered
            # run's maximum is what its runs are worth).
            results = grade_class(root, Path(scratch), only_activities=["A1"], only_tests=["test_rank"],
                                  isolation="namespaces")
    finally:
        del os.environ["ELEVENS_NS_SECRET"]
        server.close()
    return results, before, accepted


def rank_test(results, sub_id):
    activity = results.submission(sub_id).activities[0]
    return next(t for t in activity.tests if t.name == "test_rank[spades]")


def test_the_run_reports_the_namespaces_level(graded):
    assert graded[0].sandbox == "namespaces"


def test_no_process_environment_outside_the_sandbox_can_be_read(graded):
    assert rank_test(graded[0], "reads_proc").outcome == "passed"


def test_there_is_no_network_not_even_the_hosts_loopback(graded):
    assert rank_test(graded[0], "networks").outcome == "passed" and not graded[2]


@pytest.mark.parametrize("name", [f"sleep {DAEMON_SLEEP}", f"sleep {STORM_SLEEP}"], ids=["daemon", "fork storm"])
def test_daemons_and_fork_storms_do_not_outlive_grading(graded, name):
    assert subprocess.run(["pgrep", "-f", name], capture_output=True, text=True).stdout.strip() == ""


def test_nothing_outside_the_sandbox_can_be_written(graded):
    # The writer may write its own private home and /tmp (tmpfs that die with its sandbox):
    # what counts is that no file outside changed, and no results.json appeared anywhere above.
    results, before, _ = graded
    for path, content in before.items():
        assert path.read_bytes() == content
    assert not any(Path(p, "results.json").exists() for p in ("/", "/tmp"))
    victim = results.submission("victim")
    assert victim.total == victim.max > 0
    assert [t.outcome for t in victim.activities[0].tests] == ["passed"] * 4
