"""`grader play` from the command line: it prints where to go, plays the board in the current
folder (or one given, or the lab's with --lab-board) and says whose, with a replay hint that
keeps the folder; says what is wrong with its options, and leaves nothing running when stopped."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest

from grader.commands import play
from grader.commands.exitcodes import ExitCode
from grader.lab.registry import get_lab
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
    ([], ExitCode.BAD_INPUT, "or run `grader play --lab-board` to play the lab's own Elevens"),
    (["--lab-board", "empty"], ExitCode.USAGE, "--lab-board plays the lab's own board, so it takes no folder (empty was given)"),
    (["--game", "snap"], ExitCode.USAGE, "no game 'snap': choose one of elevens, thirteens, tens"),
    (["--game", "thirten"], ExitCode.USAGE, "no game 'thirten' (did you mean 'thirteens'?)"),
    (["--lab", "elevns"], ExitCode.USAGE, "no lab 'elevns' installed (did you mean 'elevens'?)"),
])
def test_wrong_options_say_what_to_do(tmp_path, args, code, words):
    (tmp_path / "empty").mkdir()
    done = subprocess.run([sys.executable, "-m", "grader.cli", "play", "--no-browser", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == code and words in done.stderr, done.stderr


def state_of(address: str) -> dict:
    with urllib.request.urlopen(address + "api/state", timeout=30) as reply:
        return json.loads(reply.read())


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGINT)
    try:
        process.communicate(timeout=30)
    finally:
        process.kill()


def test_with_no_folder_it_plays_the_board_in_the_current_folder_and_says_whose(tmp_path):
    mine = tmp_path / "my work"
    shutil.copytree(ROOT / "examples" / "elevens" / "ada_complete", mine)
    process, address = start("--seed", "3", cwd=mine)
    try:
        state = state_of(address)
    finally:
        stop(process)
    assert len(state["places"]) == 9 and not state["problem"]
    assert state["replay"] == f"grader play '{mine}' --game elevens --seed 3", state["replay"]


def test_the_first_line_names_the_board_file_and_the_stand_ins(tmp_path):
    shutil.copytree(ROOT / "examples" / "elevens" / "ada_complete", tmp_path / "ada")
    process = subprocess.Popen([sys.executable, "-m", "grader.cli", "play", "--no-browser", "ada"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
    finally:
        stop(process)
    board = tmp_path / "ada" / "elevens_board.py"
    assert line.startswith(f"Playing Elevens on your ElevensBoard from {board}, "
                           "with the lab's card.py, deck.py and board.py: open http://127.0.0.1:"), line


def test_lab_board_plays_the_labs_own_board_and_its_hint_says_so(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "grader.cli", "play", "--no-browser", "--lab-board", "--game", "tens",
                                "--seed", "8"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        state = state_of(line.split("open ")[1].split()[0])
        below = descendants(process.pid)
    finally:
        stop(process)
    assert not below, "the lab's game is served by the grader itself: no sandbox, no process"
    assert line.startswith("Playing Tens as the lab plays it, served by the grader from the lab's rules "
                           "(no file of yours is used): open"), line
    assert state["replay"] == "grader play --lab-board --game tens --seed 8" and len(state["places"]) == 13


def test_the_student_kit_plays_the_students_own_files_from_the_current_folder(tmp_path, monkeypatch):
    """In a kit (no reference board) the board and its stand-ins are the student's own files."""
    lab, game = get_lab("elevens"), get_lab("elevens").games[0]
    for name in (game.file, *game.stand_ins):
        shutil.copy(ROOT / "examples" / "elevens" / "ada_complete" / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(play, "is_kit", lambda: True)
    where = play._folder(Path("."), lab_board=False)
    files, own = play._files(replace(lab, reference=tmp_path / "no reference"), game, where)
    assert files == {name: tmp_path / name for name in (game.file, *game.stand_ins)}
    assert play._whose(game, files, own) == (f"your ElevensBoard from {tmp_path / game.file}, "
                                             "with your card.py, deck.py and board.py")
    assert play._folder(Path("."), lab_board=True) is None  # the kit plays the lab's game too (served.py)
