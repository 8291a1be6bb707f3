"""The lab's own game as `grader play --lab-board` serves it (grader/play/served.py): dealt from the
lab's rules in the grader's process, judged here by the tests' own reading of the rules (not by
the code under test), played to the end, and the same page JSON as a student's board."""

import json
import urllib.request

import pytest

from grader.play.served import ServedTable, load_rules
from tests.play.tables import LAB, illegal_selection, legal_selection, serving

VALUES_13 = {"ace": 1, "jack": 11, "queen": 12, "king": 0, **{str(n): n for n in range(2, 11)}}


def served(game_id: str = "elevens", seed: int = 5) -> ServedTable:
    game = next(g for g in LAB.games if g.id == game_id)
    return ServedTable(game, load_rules(game), seed, replay=f"grader play --lab-board --game {game_id}")


def cards(state: dict) -> list[tuple[str, str]]:
    return [(p["rank"], p["suit"]) for p in state["places"] if p["rank"] is not None]


@pytest.mark.parametrize("game_id, places", [("elevens", 9), ("thirteens", 10), ("tens", 13)])
def test_every_game_of_the_lab_is_dealt_from_a_full_deck_of_its_own(game_id, places):
    state = served(game_id).state()
    assert len(state["places"]) == places and state["undealt"] == 52 - places and not state["problem"]
    assert len(set(cards(state))) == places, "every place holds a different card"
    assert state["replay"] == f"grader play --lab-board --game {game_id} --seed 5"


def test_a_legal_play_refills_its_places_and_an_illegal_one_or_an_empty_place_is_refused():
    table = served(seed=5)
    state = table.state()
    pair = legal_selection(state["places"])
    assert pair is not None, "seed 5 deals a board with a play"
    after = table.replace(pair)
    assert after["undealt"] == 41 and after["note"] == ""
    assert all(after["places"][k] != state["places"][k] for k in pair)
    refused = table.replace(illegal_selection(after["places"]))
    assert refused["note"] == "not a legal selection" and refused["places"] == after["places"]
    assert table.replace([]) ["note"] == "not a legal selection"
    assert table.replace([0, 99])["note"] == "not a legal selection"


def test_whole_games_end_as_the_rules_say_and_every_card_is_seen_once():
    """Play seeds 1-40 to their end with the tests' own Elevens rules: a game ends "won" with the
    board and the deck empty, or "stuck" exactly when no play is left; the tally counts them."""
    table = served(seed=1)
    outcomes = []
    for _ in range(40):
        state = table.state() if not outcomes else table.restart()
        seen = set(cards(state))
        while not state["over"]:
            play = legal_selection(state["places"])
            assert play is not None, f"seed {state['seed']}: a play is left but the game says {state['over']!r}"
            state = table.replace(play)
            seen |= set(cards(state))
        assert legal_selection(state["places"]) is None
        if state["over"] == "won":
            assert state["undealt"] == 0 and not cards(state) and len(seen) == 52
        outcomes.append(state["over"])
    assert set(outcomes) == {"won", "stuck"}, outcomes
    assert (state["won"], state["played"]) == (outcomes.count("won"), 40)


def test_thirteens_takes_a_single_king_and_pairs_worth_13():
    table = served("thirteens", seed=2)
    for _ in range(30):
        state = table.restart()
        kings = [p["index"] for p in state["places"] if p["rank"] == "king"]
        if kings:
            break
    assert kings, "some seed deals a king"
    assert table.replace(kings[:1])["undealt"] == state["undealt"] - 1
    state = table.state()
    ranks = {p["index"]: p["rank"] for p in state["places"] if p["rank"] is not None}
    for a in ranks:
        for b in ranks:
            if a < b:
                legal = ranks[a] != "king" != ranks[b] and VALUES_13[ranks[a]] + VALUES_13[ranks[b]] == 13
                taken = table.replace([a, b])
                assert (taken["note"] == "") == legal, (ranks[a], ranks[b], taken["note"])
                if legal:
                    return
    pytest.skip("no pair worth 13 on this board")


def test_the_page_plays_it_over_http(tmp_path):
    with serving(served(seed=5)) as address:
        with urllib.request.urlopen(address + "api/state", timeout=30) as reply:
            state = json.loads(reply.read())
        request = urllib.request.Request(address + "api/replace", method="POST", headers={"Content-Type": "application/json"},
                                         data=json.dumps({"selected": legal_selection(state["places"])}).encode())
        with urllib.request.urlopen(request, timeout=30) as reply:
            assert json.loads(reply.read())["undealt"] == state["undealt"] - 2


def test_rules_that_do_not_load_are_named_for_the_labs_author():
    from dataclasses import replace

    with pytest.raises(ValueError, match="'grader_labs.elevens.games:NOPE' cannot be loaded"):
        load_rules(replace(LAB.games[0], rules="grader_labs.elevens.games:NOPE"))
