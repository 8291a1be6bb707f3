"""`grader handout` writes the starter files and Activity 5's Decks as the lab ships them."""

import shutil
import subprocess
import sys

from grader.exitcodes import ExitCode
from tests.classroom import REFERENCE


def run(*args: str):
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, timeout=120)


def test_handout_layout_and_bytecode_only_buggy_decks(tmp_path):
    out = tmp_path / "handout"
    assert run("handout", "--lab", "elevens", str(out)).returncode == ExitCode.OK
    assert (out / "starter" / "deck.py").is_file() and (out / "starter" / "answers.yaml").is_file()
    for n in range(1, 5):
        folder = out / "activity5" / f"Buggy{n}"
        assert (folder / "deck.pyc").is_file() and not (folder / "deck.py").exists()
        assert b"Buggy" not in (folder / "deck.pyc").read_bytes()  # no path that names the variant
    assert (out / "activity5" / "Buggy5" / "deck.py").is_file()


def test_a_compiled_buggy_deck_runs_and_the_reference_tester_finds_its_bug(tmp_path):
    out = tmp_path / "handout"
    run("handout", "--lab", "elevens", str(out))
    folder = out / "activity5" / "Buggy4"
    shutil.copyfile(REFERENCE / "deck_tester.py", folder / "deck_tester.py")
    done = subprocess.run([sys.executable, "deck_tester.py"], cwd=folder, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "deal() returned None for a 1-card deck" in done.stderr


def test_handout_will_not_overwrite_a_folder_with_files(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    done = run("handout", "--lab", "elevens", str(tmp_path))
    assert done.returncode == ExitCode.BAD_INPUT and "is not empty" in done.stderr
