"""`grader play` from the command line: it prints where to go, plays the lab's board or a
student's, says what is wrong with its options, and leaves nothing running when stopped."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from grader.exitcodes import ExitCode
from tests.lab_loader import ROOT
from tests.processes import alive, descendants


def start(*args: str, cwd: Path, background: bool = False) -> tuple[subprocess.Popen, str]:
    # ``background``: as a script's `cmd &` starts it, with SIGINT ignored from the start.
    ignore = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if background else None
    process = subprocess.Popen([sys.executable, "-m", "grader.cli", "play", "--no-browser", *args], cwd=cwd,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ignore)
    line = process.stdout.readline()
    assert "open http://127.0.0.1:" in line, line + process.stderr.read()
    return process, line.split("open ")[1].split()[0]


@pytest.mark.parametrize("how, background", [(signal.SIGINT, False), (signal.SIGTERM, False), (signal.SIGINT, True)],
                         ids=["ctrl-c", "sigterm", "kill -INT, started in a script's background"])
def test_a_students_board_is_served_and_nothing_is_left_running(tmp_path, how, background):
    (tmp_path / "elsewhere").mkdir()
    mine = ROOT / "examples" / "elevens" / "ada_complete"
    process, address = start(os.path.relpath(mine, tmp_path / "elsewhere"), "--seed", "3", "--game", "Elevens",
                             cwd=tmp_path / "elsewhere", background=background)
    try:
        with urllib.request.urlopen(address + "api/state", timeout=30) as reply:
            state = json.loads(reply.read())
        assert len(state["places"]) == 9 and state["undealt"] == 43 and state["seed"] == 3 and not state["problem"]
        below = descendants(process.pid)
        assert below, "the board runs in sandbox processes of its own"
        process.send_signal(how)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == ExitCode.OK and "Stopped." in out, err
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in below) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in below if alive(pid)]


@pytest.mark.parametrize("args, code, words", [
    (["nowhere"], ExitCode.BAD_INPUT, "is not a folder"),
    (["empty"], ExitCode.BAD_INPUT, "has no elevens_board.py"),
    (["--game", "snap"], ExitCode.USAGE, "no game 'snap': choose one of elevens, thirteens, tens"),
    (["--game", "thirten"], ExitCode.USAGE, "no game 'thirten' (did you mean 'thirteens'?)"),
    (["--lab", "elevns"], ExitCode.USAGE, "no lab 'elevns' installed (did you mean 'elevens'?)"),
])
def test_wrong_options_say_what_to_do(tmp_path, args, code, words):
    (tmp_path / "empty").mkdir()
    done = subprocess.run([sys.executable, "-m", "grader.cli", "play", "--no-browser", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == code and words in done.stderr, done.stderr
