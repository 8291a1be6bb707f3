"""`grader handout --lab up-down-stay OUT` writes the starter files and the handout text."""

import pytest

from grader.lab.registry import LabInputError, get_lab


def test_handout_writes_the_starter_and_the_rules(tmp_path):
    written = get_lab("up-down-stay").handout(tmp_path / "out")
    names = sorted(path.name for path in written)
    assert names == sorted(["card.py", "deck.py", "uds_players.py", "uds_cards.py", "uds_deal.py", "uds_changes.py",
                            "uds_predictions.py", "uds_game.py", "uds_tester.py", "uds_simulation.py", "README.md"])
    readme = (tmp_path / "out" / "README.md").read_text(encoding="utf-8")
    assert "Decisions this lab pins down" in readme and "grader check --lab up-down-stay" in readme


def test_handout_refuses_a_folder_with_files(tmp_path):
    (tmp_path / "mine.py").write_text("x = 1\n")
    with pytest.raises(LabInputError, match="not an empty folder"):
        get_lab("up-down-stay").handout(tmp_path)
