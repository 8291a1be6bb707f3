"""`grader diagnose PATH`, black-box: every kind of PATH a teacher or student gives, typed as a
relative path from another working folder, and the exit codes (0 nothing wrong, 1 something
found, 3 PATH holds no deck or is unusable)."""

import os
import py_compile
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from grader_labs.elevens.files import lab_file as asset_path
from grader_labs.elevens.variants import buggy

from grader.commands.exitcodes import ExitCode

ONE_BUG = [v for v in buggy("deck") if v in ("Buggy1", "Buggy2", "Buggy3", "Buggy4")]


def diagnose(where: Path, *args: str, **env_vars: str) -> subprocess.CompletedProcess:
    # COLUMNS: rich wraps at the terminal's width; a wide one keeps each finding on one line.
    env = {**os.environ, "COLUMNS": "200", **env_vars}
    return subprocess.run([sys.executable, "-m", "grader.cli", "diagnose", *args], cwd=where, env=env,
                          capture_output=True, text=True, timeout=180)


def blamed(stdout: str) -> dict[str, list[str]]:
    """The methods blamed for each deck in the output, by the deck's name as printed."""
    found: dict[str, list[str]] = {}
    for block in stdout.split("What looks wrong in ")[1:]:
        name, _, rest = block.partition(":\n")
        found[name] = re.findall(r"^\s+✗ (\w+):", rest, flags=re.MULTILINE)
    return found


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    """A working folder holding a real `grader handout` output under the relative name ho/."""
    where = tmp_path_factory.mktemp("work")
    done = subprocess.run([sys.executable, "-m", "grader.cli", "handout", "--lab", "elevens", "ho"], cwd=where, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == ExitCode.OK, done.stderr
    return where


def test_a_deck_py(work):
    (work / "mine").mkdir(exist_ok=True)
    shutil.copyfile(asset_path("buggy_variants", "Buggy1/deck.py"), work / "mine" / "deck.py")
    done = diagnose(work, "mine/deck.py")
    assert done.returncode == ExitCode.TESTS_FAILED
    assert blamed(done.stdout) == {"mine/deck.py": ["is_empty"]}


def test_a_lone_sealed_deck_from_the_handout(work):
    done = diagnose(work, "ho/activity5/Buggy2/deck.py")
    assert done.returncode == ExitCode.TESTS_FAILED
    assert blamed(done.stdout) == {"ho/activity5/Buggy2/deck.py": ["constructor"]}
    assert "the rank loop starts at index 1" in done.stdout


def test_a_folder_holding_a_sealed_deck(work):
    done = diagnose(work, "ho/activity5/Buggy3")
    assert done.returncode == ExitCode.TESTS_FAILED
    assert blamed(done.stdout) == {"ho/activity5/Buggy3/deck.py": ["shuffle"]}


def bytecode_of(variant: str, folder: Path) -> Path:
    """A lone deck.pyc of ``variant``, compiled by this Python (as older handouts shipped them)."""
    folder.mkdir(exist_ok=True)
    return Path(py_compile.compile(str(asset_path("buggy_variants", f"{variant}/deck.py")), cfile=str(folder / "deck.pyc"),
                                   dfile="deck.py", doraise=True))


def test_a_lone_pyc(work):
    bytecode_of("Buggy2", work / "compiled")
    done = diagnose(work, "compiled/deck.pyc")
    assert done.returncode == ExitCode.TESTS_FAILED
    assert blamed(done.stdout) == {"compiled/deck.pyc": ["constructor"]}


def test_a_zip_of_a_students_folder(work):
    with zipfile.ZipFile(work / "ada.zip", "w") as archive:
        archive.write(work / "ho" / "activity5" / "Buggy4" / "deck.py", "ada/deck.py")
        for name in ("card.py", "deck_tester.py"):  # her own, copied beside the Buggy deck
            archive.write(asset_path("reference", name), f"ada/{name}")
    scratch = work / "scratch"
    scratch.mkdir(exist_ok=True)
    done = diagnose(work, "ada.zip", TMPDIR=str(scratch))
    assert done.returncode == ExitCode.TESTS_FAILED
    assert list(blamed(done.stdout).values()) == [["deal"]] and "lowered before the empty check" in done.stdout
    assert not list(scratch.glob("elevens-diagnose-*")), "the unpacked zip was left behind"


def test_a_broken_zip_is_bad_input(work):
    (work / "broken.zip").write_bytes(b"PK\x03\x04 this is not really a zip")
    done = diagnose(work, "broken.zip")
    assert done.returncode == ExitCode.BAD_INPUT
    assert "'broken.zip' could not be opened as a zip" in done.stderr and "make the zip again" in done.stderr


def test_the_whole_handout_each_buggy_deck_under_its_own_heading(work):
    done = diagnose(work, "ho")
    assert done.returncode == ExitCode.TESTS_FAILED
    found = blamed(done.stdout)
    for variant in ONE_BUG:
        assert found[f"ho/activity5/{variant}/deck.py"] == [buggy("deck")[variant]["method"]], variant
    assert found["ho/activity5/Buggy5/deck.py"][0] == "constructor"
    assert "ho/starter/deck.py is not written yet" in done.stdout and "ho/starter/deck.py" not in found


def test_a_correct_deck_exits_0(work):
    (work / "good").mkdir(exist_ok=True)
    shutil.copyfile(asset_path("buggy_variants", "Correct/deck.py"), work / "good" / "deck.py")
    done = diagnose(work, "good")
    assert done.returncode == ExitCode.OK and "No problem found in good/deck.py" in done.stdout


def test_a_folder_without_a_deck_is_bad_input(work):
    (work / "nothing" / "inside").mkdir(parents=True, exist_ok=True)
    done = diagnose(work, "nothing")
    assert done.returncode == ExitCode.BAD_INPUT and "holds no deck.py" in done.stderr and "grader handout" in done.stderr


def test_a_path_that_does_not_exist_is_bad_input(work):
    done = diagnose(work, "no/such/deck.py")
    assert done.returncode == ExitCode.BAD_INPUT and "does not exist" in done.stderr


def test_bytecode_of_another_python_is_bad_input(work):
    data = bytearray(bytecode_of("Buggy1", work / "old").read_bytes())
    data[0] ^= 0xFF  # another magic number: another Python version
    (work / "old" / "deck.pyc").write_bytes(bytes(data))
    done = diagnose(work, "old")
    assert done.returncode == ExitCode.BAD_INPUT and "runs only on the Python version that made it" in done.stderr
