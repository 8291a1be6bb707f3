"""`grader handout` writes the starter files and Activity 5's Decks, sealed, without the reference Card."""

import shutil
import subprocess
import sys

from grader.commands.exitcodes import ExitCode
from tests.classroom import REFERENCE


def run(*args: str):
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, timeout=120)


def test_handout_layout_and_sealed_buggy_decks(tmp_path):
    out = tmp_path / "handout"
    assert run("handout", "--lab", "elevens", str(out)).returncode == ExitCode.OK
    assert (out / "starter" / "deck.py").is_file() and (out / "starter" / "answers.yaml").is_file()
    for n in range(1, 6):
        folder = out / "activity5" / f"Buggy{n}"
        assert sorted(p.name for p in folder.iterdir()) == ["deck.py"]  # no card.py: the student's own goes here
        text = (folder / "deck.py").read_text(encoding="utf-8")
        assert "planted bugs" in text and "def deal" not in text and "class Deck" not in text
    readme = (out / "README.md").read_text(encoding="utf-8")
    assert "pip install" in readme and "grader check" in readme and "Copy your `card.py`" in readme


def test_a_sealed_buggy_deck_runs_and_the_reference_tester_finds_its_bug(tmp_path):
    out = tmp_path / "handout"
    run("handout", "--lab", "elevens", str(out))
    folder = out / "activity5" / "Buggy4"
    for name in ("card.py", "deck_tester.py"):  # as the README says: the student's own, beside deck.py
        shutil.copyfile(REFERENCE / name, folder / name)
    done = subprocess.run([sys.executable, "deck_tester.py"], cwd=folder, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "deal() returned None for a 1-card deck" in done.stderr


def test_a_buggy_deck_without_card_py_says_where_to_put_it(tmp_path):
    out = tmp_path / "handout"
    run("handout", "--lab", "elevens", str(out))
    folder = out / "activity5" / "Buggy2"
    done = subprocess.run([sys.executable, "-c", "import deck"], cwd=folder, capture_output=True, text=True, timeout=60)
    assert "deck.py (Buggy2) needs your card.py. Copy your card.py into this folder" in done.stderr


def test_handout_will_not_overwrite_a_folder_with_files(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    done = run("handout", "--lab", "elevens", str(tmp_path))
    assert done.returncode == ExitCode.BAD_INPUT and "is not an empty folder" in done.stderr
