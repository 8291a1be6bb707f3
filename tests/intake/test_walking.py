"""Finding a submission's files looks only where they can be (grader/intake/walking.py)."""

import os
from pathlib import Path

from grader.intake import walking
from grader.java.sources import java_sources
from grader.lab.registry import detect_lab


def make(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x\n", encoding="utf-8")


def test_virtual_environments_git_and_build_output_are_never_entered(tmp_path):
    make(tmp_path, "card.py", "src/Deck.java", ".venv/lib/site.py", "venv/pyvenv.cfg", "venv/lib/deck.py",
         "env2/pyvenv.cfg", ".git/objects/aa", "node_modules/x/board.py", "target/Board.java", "lib/site-packages/y.py")
    found = sorted(p.relative_to(tmp_path).as_posix() for p in walking.files_under(tmp_path))
    assert found == ["card.py", "src/Deck.java"]
    assert set(java_sources(tmp_path)) == {"Deck"}


def test_a_file_or_folder_that_vanishes_mid_walk_is_as_if_never_there(tmp_path, monkeypatch):
    make(tmp_path, "a/card.py", "b/deck.py", "c/board.py")
    real_walk = os.walk

    def walk_while_b_vanishes(top, **kwargs):
        for root, dirs, files in real_walk(top, **kwargs):
            if root == str(tmp_path):
                (tmp_path / "b" / "deck.py").unlink()  # another run's sandbox folder going away
                (tmp_path / "b").rmdir()
            yield root, dirs, files

    monkeypatch.setattr(walking.os, "walk", walk_while_b_vanishes)
    assert sorted(p.name for p in walking.files_under(tmp_path)) == ["board.py", "card.py"]


def test_the_walk_stops_after_its_limit(tmp_path):
    make(tmp_path, *[f"f{i:03}.py" for i in range(30)])
    assert len(list(walking.files_under(tmp_path, limit=10))) == 10


def test_a_lab_is_told_from_a_folder_beside_a_virtual_environment(tmp_path):
    make(tmp_path, "card.py", "deck.py", "shuffler.py", ".venv/lib/python3.12/site-packages/up_down_stay.py")
    assert detect_lab(tmp_path).id == "elevens"
