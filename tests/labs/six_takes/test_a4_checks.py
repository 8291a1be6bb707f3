"""The Activity 4 checks that no named bug targets catch the wrong Games they are stated against
(labs/six_takes/stats.py): a Game that reveals picks one by one (the spy), a Game that ignores
the player's choice or hides the last card (RandomAI's pick position), and a Game under which
card 104 never starts a row (the starter frequencies). Each is handed in alone and graded by
the real engine (whole_class.py); it must fail the check aimed at it."""

import pytest

from tests.labs.six_takes.wrong_versions import GAME_MUST_FAIL, WRONG_GAMES


@pytest.mark.parametrize("name", list(WRONG_GAMES))
def test_wrong_game_fails_the_check_aimed_at_it(tests_of, name):
    tests = tests_of[f"game-{name}"]["A4"]
    for wanted in GAME_MUST_FAIL[name]:
        outcomes = [t.outcome for t in tests if t.name.split("[")[0] == wanted]
        assert outcomes and all(o == "failed" for o in outcomes), (name, wanted, outcomes)
