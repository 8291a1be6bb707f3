"""The handout works with the kit, step by step (issue 38, point 3): every command the handout's
README gives is run, in the README's order, from the student kit installed alone, in a folder
made from the handout, as a student following it would.

The README's commands are read from the README itself (each code span that starts with
`grader`, `python` or `pip`), and must be exactly the ones this script knows how to run, in the
same order: a command added to the handout, or moved, fails here until the script runs it.
Playing is checked over the page's own JSON API (grader/play/server.py), with no display, so
the command as written prints its address instead of opening a browser.
"""

import json
import re
import shlex
import shutil
import signal
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests.lab_loader import ROOT
from tests.play.tables import illegal_selection, legal_selection

ADA = ROOT / "examples" / "elevens" / "ada_complete"  # a complete submission: the student's work, file by file
# The README's commands, in order, and what each is here. "mention": named, not to be run as is.
README_COMMANDS = [
    ("pip install", "install"),
    ("grader check --lab elevens", "check"),
    ("python deck_tester.py", "buggy decks"),
    ("python -O", "mention"),  # what the grader never does
    ("grader play --lab-board", "lab board"),
    ("grader play --lab-board --game thirteens", "lab board, other games"),
    ("grader play", "own board"),
    ("grader play FOLDER", "own board from elsewhere"),
    ("grader play FOLDER --game elevens --seed N", "replay"),
    ("grader play . --game thirteens", "other boards"),
]
COMMAND = re.compile(r"`((?:grader|python|pip)(?: [^`]*)?)`")


def readme_commands(readme: str) -> list[str]:
    """Every command the README gives, in order, each once."""
    found: list[str] = []
    for command in COMMAND.findall(readme):
        if command not in found:
            found.append(command)
    return found


class Player:
    """`grader play ...` started from the kit as a student types it, served until stopped."""

    def __init__(self, kit, args: list[str], cwd: Path) -> None:
        env = {k: v for k, v in kit.env().items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER")}
        self.process = subprocess.Popen([str(kit.bin / "grader"), "play", *args], cwd=cwd, env=env, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.first = self.process.stdout.readline()
        assert "open http://127.0.0.1:" in self.first, self.first + self.process.stderr.read()
        self.address = self.first.split("open ")[1].split()[0]

    def get(self) -> dict:
        with urllib.request.urlopen(self.address + "api/state", timeout=60) as reply:
            return json.loads(reply.read())

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(self.address + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as reply:
            return json.loads(reply.read())

    def stop(self) -> str:
        self.process.send_signal(signal.SIGINT)
        try:
            out, err = self.process.communicate(timeout=30)
        finally:
            self.process.kill()
        assert self.process.returncode == 0 and "Stopped." in out, out + err
        return out


def play_a_move(player: Player) -> dict:
    """A legal Elevens play is taken (two new cards), an illegal one refused."""
    state = player.get()
    assert len(state["places"]) == 9 and state["undealt"] == 43 and not state["problem"], state
    for _ in range(20):  # a deal with no play is over at once: deal again
        pair = legal_selection(state["places"])
        if pair:
            break
        state = player.post("api/restart", {})
    after = player.post("api/replace", {"selected": pair})
    assert after["undealt"] == state["undealt"] - len(pair) and not after["problem"], after
    refused = player.post("api/replace", {"selected": illegal_selection(after["places"])})
    assert refused["note"] == "not a legal selection", refused
    return state


@pytest.fixture(scope="module")
def handout(installed_grader, tmp_path_factory) -> Path:
    """The handout as the teacher makes it (the full grader's `grader handout`)."""
    out = tmp_path_factory.mktemp("handout") / "elevens-handout"
    done = installed_grader.grader("handout", "--lab", "elevens", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def test_the_readme_gives_exactly_the_commands_this_script_runs_in_order(handout):
    readme = (handout / "README.md").read_text(encoding="utf-8")
    assert readme_commands(readme) == [command for command, _ in README_COMMANDS]
    assert "grader diagnose" not in readme, "the kit has no diagnose: the handout must not send students to it"


def test_every_command_of_the_handout_works_from_the_kit_in_order(kits, handout, tmp_path):
    kit = kits("elevens")
    work = tmp_path / "elevens"
    shutil.copytree(handout / "starter", work)  # "starter/: the files you complete"

    # pip install: the kit's wheel, installed alone (the fixture); it is the kit, with its commands.
    listed = kit.grader("--help")
    assert listed.returncode == 0 and all(name in listed.stdout for name in ("check", "play", "labs")), listed.stdout

    # grader check --lab elevens, in the folder with the files: nothing written yet.
    first = kit.grader("check", "--lab", "elevens", cwd=work)
    assert first.returncode == 1 and "Traceback" not in first.stdout + first.stderr, first.stdout + first.stderr
    assert "internal error" not in (first.stdout + first.stderr).lower()

    # Activities 1 to 5 written: card.py, deck.py, shuffler.py and the testers.
    for name in ("card.py", "deck.py", "shuffler.py", "deck_tester.py", "card_tester.py", "answers.yaml"):
        shutil.copy(ADA / name, work / name)

    # python deck_tester.py in each Buggy folder, beside copies of card.py and deck_tester.py.
    for buggy in sorted((handout / "activity5").iterdir()):
        for name in ("card.py", "deck_tester.py"):
            shutil.copy(work / name, buggy / name)
        ran = subprocess.run([str(kit.python), "deck_tester.py"], cwd=buggy, capture_output=True, text=True, timeout=120)
        # A good tester fails on every Buggy deck (Buggy5's shuffle even crashes on a 1-card deck).
        assert ran.returncode != 0 and "Traceback" in ran.stderr, f"{buggy.name}: {ran.stdout}{ran.stderr}"
    correct = subprocess.run([str(kit.python), "deck_tester.py"], cwd=work, capture_output=True, text=True, timeout=120)
    assert correct.returncode == 0, correct.stdout + correct.stderr  # the same tester passes on the student's Deck

    # grader play --lab-board, before any board is written (Activity 6): the lab's game.
    player = Player(kit, ["--lab-board"], work)
    try:
        assert "no file of yours is used" in player.first, player.first
        play_a_move(player)
        assert player.get()["replay"].startswith("grader play --lab-board --game elevens --seed ")
    finally:
        player.stop()
    for game, places in (("thirteens", 10), ("tens", 13)):  # "--game thirteens and --game tens"
        player = Player(kit, ["--lab-board", "--game", game], work)
        try:
            state = player.get()
            assert len(state["places"]) == places and state["undealt"] == 52 - places and not state["problem"], state
        finally:
            player.stop()

    # grader play in the folder too early (Board not written): the page names the method, the
    # activity and what to do; the student writes the board, saves, and Restart plays it.
    player = Player(kit, [], work)
    try:
        early = player.get()
        assert early["problem"].startswith("Not written yet: Board.__init__ in board.py"), early
        assert "Activity 8" in early["problem"] and "grader play --lab-board --game elevens" in early["next"], early
        for name in ("board.py", "elevens_board.py"):
            shutil.copy(ADA / name, work / name)
        written = player.post("api/restart", {})
        assert not written["problem"] and len(written["places"]) == 9, written
        play_a_move(player)
    finally:
        player.stop()
    assert f"on your ElevensBoard from {work / 'elevens_board.py'}" in player.first, player.first

    # grader play FOLDER, from elsewhere; then the replay command the page shows deals that game again.
    player = Player(kit, [str(work)], tmp_path)
    try:
        shown = player.get()
        replay = shown["replay"]
    finally:
        player.stop()
    assert replay.startswith(f"grader play {shlex.quote(str(work))} --game elevens --seed "), replay
    again = Player(kit, shlex.split(replay)[2:], kit.outside)
    try:
        assert again.get()["places"] == shown["places"], "the replay command deals the same game"
    finally:
        again.stop()

    # grader play . --game thirteens (or tens) once they pass: Thirteens is written; Tens (the
    # bonus) is still the starter's, and the page says so and offers the lab's Tens meanwhile.
    shutil.copy(ADA / "thirteens_board.py", work / "thirteens_board.py")
    player = Player(kit, [".", "--game", "thirteens"], work)
    try:
        state = player.get()
        assert len(state["places"]) == 10 and not state["problem"], state
    finally:
        player.stop()
    player = Player(kit, [".", "--game", "tens"], work)
    try:
        tens = player.get()
    finally:
        player.stop()
    assert tens["problem"].startswith("Not written yet: TensBoard.") and "(bonus)" in tens["problem"], tens
    assert tens["next"].endswith("play the lab's own game: `grader play --lab-board --game tens`"), tens

    # grader check --lab elevens again, on the finished work: it checks every activity.
    for name in ("elevens_simulation.py",):
        shutil.copy(ADA / name, work / name)
    last = kit.grader("check", "--lab", "elevens", cwd=work)
    assert last.returncode in (0, 1) and "Traceback" not in last.stdout + last.stderr, last.stdout + last.stderr
    assert "Total:" in last.stdout, last.stdout



def test_the_kit_has_every_command_the_readme_gives(kits, handout):
    """Each `grader` command the README gives is one the kit has (check, play, labs)."""
    kit = kits("elevens")
    readme = (handout / "README.md").read_text(encoding="utf-8")
    for command in readme_commands(readme):
        words = command.split()
        if words[0] == "grader":
            done = kit.grader(words[1], "--help")
            assert done.returncode == 0, f"`{command}`: {done.stdout}{done.stderr}"
