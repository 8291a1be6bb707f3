"""`grader check` fits one screen (issue 38, item 4), compared with golden files in tests/cli/golden/.

A student of 16 reads the check in an 80-column terminal: the first failure with its hint and
the command that runs it again, one line counting the rest, the activities not started on one
line, the scores, the total and the next step; `--all` shows everything (the full check
that tests/reporters/golden/check_80.txt pins). Three folders, checked as a student does
(`grader check` in the folder, 80 columns): half-done (Card and Deck written, the Shuffler
half right, the rest the starter's), complete (the lab's reference) and broken (a Card with a
syntax error). The folder's path is printed as /home/zoe/elevens, as a student would see it.

To refresh the golden files after an intended change of the screen, run

    ELEVENS_UPDATE_GOLDEN=1 python -m pytest -p no:xdist tests/cli/test_check_screen.py

then read the diff (``git diff tests/cli/golden``) as a student would before committing: the
tests pass while the variable is set, whatever the check prints.
"""

import io
import math
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from grader.terminal.console import print_check
from grader.commands.exitcodes import ExitCode
from tests.lab_loader import ROOT
from tests.reporters.samples import EVIL, sample_results

GOLDEN = Path(__file__).parent / "golden"
SHOWN_AS = "/home/zoe/elevens"  # the folder as the golden files show it
SCREEN = 25  # lines of an 80-column terminal a student reads without scrolling
EXIT = {"half": ExitCode.TESTS_FAILED, "complete": ExitCode.OK, "broken": ExitCode.TESTS_FAILED}


def lab_files(kind: str) -> dict[str, bytes]:
    """The top-level files of starter/elevens or reference/elevens (not their java/ folder)."""
    return {p.name: p.read_bytes() for p in (ROOT / kind / "elevens").iterdir() if p.is_file()}


def shuffler_half_right() -> bytes:
    """The reference shuffler with the smaller half first for an odd length, and flip() not written."""
    text = (ROOT / "reference" / "elevens" / "shuffler.py").read_text(encoding="utf-8")
    wrong = text.replace("    half = (len(values) + 1) // 2", "    half = len(values) // 2")
    wrong = wrong.replace("    values[0::2] = first\n    values[1::2] = second",
                          "    values[:] = [v for pair in zip(first, second) for v in pair] + second[len(first):]")
    wrong = wrong.replace('    return "heads" if random.randrange(3) < 2 else "tails"', '    raise NotImplementedError("flip")')
    assert wrong.count("NotImplementedError") == 1 and "half = len(values) // 2" in wrong and "zip(first" in wrong
    return wrong.encode("utf-8")


def folder_files(name: str) -> dict[str, bytes]:
    files = lab_files("starter")
    if name == "half":
        reference = lab_files("reference")
        files.update({"card.py": reference["card.py"], "deck.py": reference["deck.py"], "shuffler.py": shuffler_half_right()})
    elif name == "complete":
        files = lab_files("reference")
    else:  # broken: a Card whose class line lost its colon
        card = lab_files("reference")["card.py"]
        assert b"\nclass Card:\n" in card
        files["card.py"] = card.replace(b"\nclass Card:\n", b"\nclass Card\n")
    return files


def check(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """`grader check ARGS` in ``folder``, in an 80-column terminal."""
    env = {**os.environ, "COLUMNS": "80", "LINES": "25"}
    return subprocess.run([sys.executable, "-m", "grader.cli", "check", *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=600)


def screen_lines(text: str, width: int = 80) -> int:
    """Lines ``text`` takes in a terminal ``width`` columns wide (a long line wraps)."""
    return sum(max(1, math.ceil(cell_len(line) / width)) for line in text.splitlines())


def check_golden(name: str, produced: str) -> None:
    golden = GOLDEN / name
    if os.environ.get("ELEVENS_UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_bytes(produced.encode("utf-8"))
    assert produced == golden.read_bytes().decode("utf-8")


@pytest.fixture(scope="module")
def checked() -> Iterator[dict[str, tuple[subprocess.CompletedProcess, str]]]:
    """Each folder's `grader check` and its output with the folder shown as SHOWN_AS. The folder
    sits under a short temporary path, so that no line the lab prints wraps where it would not
    for a student."""
    runs = {}
    with tempfile.TemporaryDirectory(prefix="chk") as home:
        for name in EXIT:
            folder = Path(home) / name / "elevens"
            folder.mkdir(parents=True)
            for file, data in folder_files(name).items():
                (folder / file).write_bytes(data)
            done = check(folder)
            runs[name] = (done, done.stdout.replace(str(folder), SHOWN_AS))
        done = check(Path(home) / "half" / "elevens", "--all")
        runs["half --all"] = (done, done.stdout.replace(str(Path(home) / "half" / "elevens"), SHOWN_AS))
        yield runs
        shutil.rmtree(home, ignore_errors=True)


@pytest.mark.parametrize("name", sorted(EXIT))
def test_the_check_of_a_folder_matches_its_golden_file(checked, name):
    done, shown = checked[name]
    assert done.returncode == EXIT[name], done.stdout + done.stderr  # the exit codes are kept
    check_golden(f"check_{name}_80.txt", shown)


@pytest.mark.parametrize("name", sorted(EXIT))
def test_the_check_of_a_folder_fits_one_screen(checked, name):
    _, shown = checked[name]
    assert screen_lines(shown) <= SCREEN, shown
    lines = shown.splitlines()
    assert lines[0].startswith(f"Checking {SHOWN_AS} (elevens): card.py")
    assert lines[-1].startswith(("A1", "Next:", "Every activity passes")), lines[-1]  # the next step, last
    assert sum(line.startswith("Not started: ") for line in lines) == (name != "complete")  # one line
    assert "Not started yet" not in shown and "What passed" not in shown  # the full check's sections


def test_the_first_failure_is_shown_in_full_and_the_rest_counted(checked):
    _, shown = checked["half"]
    assert shown.count("Run this test again on its own:") == 1 and shown.count("✗") == 1, shown
    assert "expected: [1, 3, 2]" in shown and "got:      [1, 2, 3]" in shown and "Hint: Split the list" in shown
    assert f"        grader check {SHOWN_AS} --activity A3 --test test_perfect_shuffle_is_exact\n" in shown
    assert f"  … and 1 more failing check (A3). All of them: grader check {SHOWN_AS} --all\n" in shown
    assert "Not started: A5, A5b, A6, A8, A9, A10, A11, A11b, bonus-tens\n" in shown
    assert "Scores: A1 14/14 · A2 16/16 · A3 12/18 · A4 11/11\n" in shown


def test_all_shows_everything_the_screen_leaves_out(checked):
    done, everything = checked["half --all"]
    _, screen = checked["half"]
    assert done.returncode == checked["half"][0].returncode
    assert everything.count("Run this test again on its own:") == 2, everything  # both failures
    for section in ("\nNot started yet\n", "\nWhat passed\n", "\nScores\n", "  – A5 Deck tester: not started: "):
        assert section in everything and section not in screen, section
    assert screen_lines(everything) > 2 * SCREEN  # what the screen saves a student from scrolling


def test_the_screen_of_hostile_results_matches_its_golden_file():
    """The reporters' golden student (tests/reporters/samples.py: markup, escape sequences and
    backticks in what their code printed, a misnamed file) on one screen: shown as written,
    never as markup or terminal codes."""
    out = Console(file=io.StringIO(), width=80, color_system=None, highlight=False, force_terminal=False)
    print_check(sample_results().submission(EVIL), 0, out=out, everything=False)
    shown = out.file.getvalue()
    assert "\x1b" not in shown and "\x07" not in shown and "rename it to shuffler.py" in shown
    check_golden("check_screen_evil_80.txt", shown)
