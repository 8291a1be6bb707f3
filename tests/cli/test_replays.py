"""Replay commands replay, from anywhere, for any name; `grader check` says what it checks and
what to do next. Black-box: the commands run in a fresh process from other working folders,
exactly as a teacher or student would paste them (bash, as in a terminal).

One grading of a small class backs the replay tests (Activity 1 only, to stay quick):

- ``ada``: a correct Card, handed in beside everyone else (a replay of ``.`` in the class
  folder used to grade the class folder instead of the reported student);
- ``zoë``: a Card whose ``matches`` is always True (a non-ASCII name broke every bracketed run);
- ``zip me.zip``: the same bug, handed in as a zip (no folder where ``.`` worked);
- ``o'neil [2] é`` and a name with a line break: quotes, brackets, spaces, accents, control characters.
"""

import json
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from grader.results.replay import quote, replay_command
from tests.classroom import card_with, reference_text, write_class

MATCHES_ALL = {"        return (\n": "        return True or (\n"}
ODD = "o'neil [2] é"
NEWLINE = "new\nline"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def paste(command: str, cwd: Path) -> subprocess.CompletedProcess:
    """``command`` as printed, pasted into bash in ``cwd`` (``grader`` is this checkout's)."""
    assert command.startswith("grader check "), command
    command = command.replace("grader", f"{shlex.quote(sys.executable)} -m grader.cli", 1)
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=cwd, timeout=600)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """`cd home && grader grade class --out out --activity A1`; the submissions of results.json by id."""
    home = tmp_path_factory.mktemp("home")
    buggy = card_with(MATCHES_ALL)
    write_class(home / "class", {"ada": {"card.py": reference_text("card.py")}, "zoë": {"card.py": buggy},
                                 ODD: {"card.py": buggy}, NEWLINE: {"card.py": buggy}})
    with zipfile.ZipFile(home / "class" / "zip me.zip", "w") as archive:
        archive.writestr("card.py", buggy)
    done = run("grade", "class", "--jobs", "1", "--out", "out", "--activity", "A1", cwd=home)
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr  # a grading run that finished
    results = json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))
    (home / "elsewhere").mkdir()
    return home, {s["id"]: s for s in results["submissions"]}


def failing(sub: dict, bracketed: bool) -> dict:
    return next(t for a in sub["activities"] for t in a["tests"]
                if t["outcome"] != "passed" and ("[" in t["name"]) == bracketed and t["visibility"] == "public")


def assert_replays(test: dict, source: Path, cwd: Path) -> None:
    """The printed replay, pasted in ``cwd``, checks ``source`` and runs that one test, which fails."""
    done = paste(test["replay"], cwd)
    assert done.returncode == ExitCode.TESTS_FAILED, done.stdout + done.stderr
    assert done.stdout.startswith(f"Checking {source} (elevens): card.py\n"), done.stdout
    assert test["name"] in done.stdout and done.stdout.count("Run this test again") == 1, done.stdout


@pytest.mark.parametrize("where", ["class", "report", "elsewhere"])
def test_a_replay_checks_the_reported_student_wherever_it_is_pasted(graded, where):
    home, subs = graded
    test = failing(subs["zoë"], bracketed=True)
    assert test["name"] == "test_does_not_match_a_card_with_one_difference[spades]"  # no submission in the name
    assert "@" not in json.dumps([t["name"] for a in subs["zoë"]["activities"] for t in a["tests"]])
    cwd = {"class": home / "class", "report": home / "out" / "zoë", "elsewhere": home / "elsewhere"}[where]
    assert_replays(test, home / "class" / "zoë", cwd)


def test_a_zip_is_replayed_from_the_zip_with_its_lab(graded):
    home, subs = graded
    test = failing(subs["zip me"], bracketed=True)
    assert shlex.split(test["replay"])[2:5] == [str(home / "class" / "zip me.zip"), "--lab", "elevens"]
    done = paste(test["replay"], home / "elsewhere")
    assert done.returncode == ExitCode.TESTS_FAILED, done.stdout + done.stderr
    assert done.stdout.startswith(f"Checking {home / 'class' / 'zip me.zip'} (elevens): card.py\n")
    assert test["name"] in done.stdout


@pytest.mark.parametrize("name", [ODD, NEWLINE])
def test_names_with_quotes_brackets_accents_and_line_breaks_replay(graded, name):
    home, subs = graded
    named = f"grader check {quote(str(home / 'class' / name))} --activity"
    sub = next(s for s in subs.values() if any(t["replay"].startswith(named) for a in s["activities"] for t in a["tests"]))
    test = failing(sub, bracketed=True)
    assert "\n" not in test["replay"]  # one line, so it can be copied whole
    done = paste(test["replay"], home / "elsewhere")
    assert done.returncode == ExitCode.TESTS_FAILED, done.stdout + done.stderr
    assert test["name"] in done.stdout


def test_the_correct_student_beside_them_passes_a_replay_of_the_same_test(graded):
    home, subs = graded
    command = replay_command("A1", failing(subs["zoë"], bracketed=True)["name"], folder=str(home / "class" / "ada"))
    done = paste(command, home / "class" / "zoë")
    assert done.returncode == ExitCode.OK and done.stdout.startswith(f"Checking {home / 'class' / 'ada'} "), done.stdout


def test_a_bracketed_test_of_a_non_ascii_folder_runs_from_inside_it(graded):
    home, _ = graded
    done = run("check", "--activity", "A1", "--test", "test_does_not_match_a_card_with_one_difference[hearts]",
               cwd=home / "class" / "zoë")
    assert done.returncode == ExitCode.TESTS_FAILED, done.stdout + done.stderr
    assert "expected: False" in done.stdout and "[spades]" not in done.stdout


def test_quoting_keeps_every_name_one_word_on_one_line():
    names = ["plain", "a b", "it's", "[x]", "zoë", "a\nb", "tab\there", "\u2028", "$HOME", "*"]
    for name in names:
        assert "\n" not in quote(name) and "\u2028" not in quote(name)
    echoed = subprocess.run(["bash", "-c", "printf '%s\\0' " + " ".join(quote(n) for n in names)],
                            capture_output=True, text=True, timeout=60)
    assert echoed.stdout.split("\0")[:-1] == names


@pytest.fixture(scope="module")
def handout(tmp_path_factory) -> Path:
    """A handout as a student gets it, with only card.py written."""
    root = tmp_path_factory.mktemp("student") / "elevens"
    done = run("handout", "--lab", "elevens", str(root), cwd=root.parent)
    assert done.returncode == ExitCode.OK, done.stderr
    (root / "starter" / "card.py").write_text(reference_text("card.py"), encoding="utf-8")
    return root


def test_a_card_only_check_fits_one_screen_and_names_the_next_step(handout):
    done = run("check", cwd=handout / "starter")
    lines = done.stdout.splitlines()
    assert len(lines) <= 25, done.stdout  # one screen (tests/cli/test_check_screen.py)
    # The files it checks: card.py; the others are the starter's, not started, so not listed.
    assert lines[0].startswith(f"Checking {handout / 'starter'} (elevens): card.py")
    assert "NotImplementedError" not in done.stdout and "What went wrong" not in done.stdout
    assert "Not started: A2, A3, A4, A5, A5b, A6, A8, A9, A10, A11, A11b, bonus-tens" in lines  # on one line
    assert "A2 Deck: not started: deck.py is still the starter file" in run("check", "--all", cwd=handout / "starter").stdout
    assert lines[-1] == f"A1 done. Next: deck.py, A2 Deck — `grader check {handout / 'starter'} --activity A2`", lines[-1]
    assert "seed" not in done.stdout.lower() and ".67" not in done.stdout


def test_a_check_of_the_handouts_root_points_to_starter(handout, tmp_path):
    done = run("check", str(handout), cwd=tmp_path)
    assert "was not found" not in done.stdout and len(done.stdout.splitlines()) <= 6, done.stdout
    assert f"grader check {handout / 'starter'}" in done.stdout


def test_failures_with_one_cause_are_one_block(tmp_path):
    printing = 'from deck import Deck\nd = Deck(["ace"], ["hearts"], [1])\nprint(d.size())\nprint(d.deal())\n'
    write_class(tmp_path, {"sam": {"card.py": reference_text("card.py"), "deck.py": reference_text("deck.py"),
                                   "deck_tester.py": printing}})
    done = run("check", "--activity", "A5", cwd=tmp_path / "sam")
    assert done.returncode == ExitCode.TESTS_FAILED, done.stdout + done.stderr
    assert "more like it" in done.stdout
    assert done.stdout.count("Check each result with `assert") == 1, done.stdout
