"""`grader kit` ships each game's rule code, which `grader play --lab-board` serves in the kit,
and refuses to build a kit that would leave it out (grader/kit/build.py, _check_served_games)."""

from dataclasses import replace

import pytest

from grader.kit.build import KitError, build_kit
from grader.lab.registry import get_lab


def test_a_kit_whose_game_rules_would_be_left_out_is_refused(tmp_path):
    lab = get_lab("elevens")
    teacher_only = replace(lab.games[0], rules="grader_labs.elevens.mutation:ELEVENS")  # mutation.py never ships
    with pytest.raises(KitError, match=r"the game elevens's rules 'grader_labs.elevens.mutation:ELEVENS' are not in the kit"):
        build_kit(replace(lab, games=(teacher_only,)), tmp_path)
    assert not list(tmp_path.glob("*.whl"))


def test_the_kit_holds_the_rule_code_of_every_game(tmp_path):
    lab = get_lab("elevens")
    _, kit = build_kit(lab, tmp_path)
    assert {game.rules for game in lab.games} == {f"grader_labs.elevens.games:{name}" for name in ("ELEVENS", "THIRTEENS", "TENS")}
    assert "grader_labs/elevens/games.py" in kit.files and "grader/play/served.py" in kit.files
