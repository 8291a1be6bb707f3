"""The game `grader play` serves, driven directly and over HTTP: the reference board, a board
with a rule bug (its verdicts are the game's), and boards that raise, hang or answer nonsense
(a message for the page, and the server goes on)."""

import json
import urllib.request

from grader.play.table import GameTable
from tests.play.tables import ELEVENS, LAB, REFERENCE_BOARD, board_with, illegal_selection, legal_selection, serving, table


def test_a_legal_play_takes_two_new_cards_and_an_illegal_one_is_refused(tmp_path):
    game = table(tmp_path)
    try:
        state = game.state()
        assert len(state["places"]) == 9 and state["undealt"] == 43 and not state["problem"]
        pair = legal_selection(state["places"])
        assert pair is not None, "seed 5 deals a board with a play"
        before = {p["index"]: (p["rank"], p["suit"]) for p in state["places"]}
        after = game.replace(pair)
        assert after["undealt"] == state["undealt"] - len(pair) and after["note"] == ""
        assert all((after["places"][k]["rank"], after["places"][k]["suit"]) != before[k] for k in pair)
        refused = game.replace(illegal_selection(after["places"]))
        assert refused["note"] == "not a legal selection" and refused["undealt"] == after["undealt"]
    finally:
        game.close()


def test_the_same_seed_deals_the_same_game_and_restart_deals_the_next(tmp_path):
    first, again = table(tmp_path, seed=11), table(tmp_path, seed=11)
    try:
        assert first.state()["places"] == again.state()["places"]
        restarted = first.restart()
        assert restarted["seed"] == 12 and restarted["undealt"] == 43
    finally:
        first.close()
        again.close()


def test_a_board_that_accepts_any_pair_is_played_by_its_own_rules(tmp_path):
    game = table(tmp_path, board_with("    def is_legal(self, selected: list[int]) -> bool:\n",
                                      "    def is_legal(self, selected: list[int]) -> bool:\n        return len(selected) == 2\n"))
    try:
        state = game.state()
        after = game.replace(illegal_selection(state["places"]))
        assert after["note"] == "" and after["undealt"] == state["undealt"] - 2  # the bug shows on the page
    finally:
        game.close()


def test_a_board_that_raises_shows_the_students_line_and_can_be_restarted(tmp_path):
    game = table(tmp_path, board_with("    def is_legal(self, selected: list[int]) -> bool:\n",
                                      "    def is_legal(self, selected: list[int]) -> bool:\n        raise ValueError('<b>oops</b>')\n"))
    try:
        state = game.state()
        broken = game.replace([0, 1])
        assert "ValueError: <b>oops</b>" in broken["problem"] and "elevens_board.py line" in broken["problem"]
        assert broken["places"] == [] and broken["undealt"] is None
        assert game.restart()["undealt"] == 43 and state["seed"] == 5
    finally:
        game.close()


def test_a_board_that_hangs_is_stopped_and_replaced(tmp_path):
    game = table(tmp_path, board_with("    def another_play_is_possible(self) -> bool:\n",
                                      "    def another_play_is_possible(self) -> bool:\n        while True:\n            pass\n"))
    try:
        hung = game.state()
        assert "did not finish" in hung["problem"] and hung["places"] == []
        again = game.restart()
        assert "did not finish" in again["problem"]  # the same board hangs again, and is stopped again
    finally:
        game.close()


def test_a_board_that_answers_nonsense_is_told_what_was_expected(tmp_path):
    game = table(tmp_path, board_with("    def is_legal(self, selected: list[int]) -> bool:\n",
                                      "    def is_legal(self, selected: list[int]) -> bool:\n        return 'yes'\n"))
    try:
        game.state()
        said = game.replace([0, 1])["problem"]
        assert "is_legal() should return True or False, but it returned 'yes'" in said
    finally:
        game.close()


def test_a_board_file_that_does_not_load_says_so(tmp_path):
    game = table(tmp_path, "class ElevensBoard(:\n")
    try:
        assert "elevens_board.py could not be loaded: SyntaxError" in game.state()["problem"]
    finally:
        game.close()


def post(address: str, path: str, body: bytes = b"") -> dict:
    request = urllib.request.Request(address + path.lstrip("/"), data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


def test_the_http_api_serves_the_page_and_the_game(tmp_path):
    with serving(table(tmp_path)) as address:
        with urllib.request.urlopen(address, timeout=30) as reply:
            page = reply.read().decode()
            assert "data-undealt" in page and reply.headers["Content-Security-Policy"].startswith("default-src 'none'; script-src 'sha256-")
        with urllib.request.urlopen(address + "api/state", timeout=30) as reply:
            state = json.loads(reply.read())
        after = post(address, "/api/replace", json.dumps({"selected": legal_selection(state["places"])}).encode())
        assert after["undealt"] == state["undealt"] - 2
        assert post(address, "/api/restart", b"{}")["seed"] == state["seed"] + 1
        try:
            post(address, "/api/replace", b'{"selected": "all"}')
            raise AssertionError("a malformed selection must be refused")
        except urllib.error.HTTPError as refused:
            assert refused.code == 400


def test_another_sites_page_and_non_json_posts_are_refused(tmp_path):
    with serving(table(tmp_path)) as address:
        # A page elsewhere that points a name of its own at 127.0.0.1 sends that name as Host.
        rebound = urllib.request.Request(address + "api/state", headers={"Host": "evil.example:80"})
        form = urllib.request.Request(address + "api/restart", data=b"x=1", method="POST",
                                      headers={"Content-Type": "application/x-www-form-urlencoded"})
        for request, code in ((rebound, 403), (form, 415)):
            try:
                urllib.request.urlopen(request, timeout=30)
                raise AssertionError(f"{request.full_url} must be refused")
            except urllib.error.HTTPError as refused:
                assert refused.code == code


def test_restart_plays_the_file_as_the_student_saved_it_since(tmp_path):
    game = table(tmp_path, board_with("    def is_legal(self, selected: list[int]) -> bool:\n",
                                      "    def is_legal(self, selected: list[int]) -> bool:\n        raise ValueError('not yet')\n"))
    try:
        game.state()
        assert "ValueError: not yet" in game.replace([0, 1])["problem"]
        (tmp_path / "elevens_board.py").write_text(board_with("x", "x"), encoding="utf-8")  # fixed and saved
        fixed = game.restart()
        state = game.replace(illegal_selection(fixed["places"]))
        assert state["problem"] == "" and state["note"] == "not a legal selection"
    finally:
        game.close()



STARTER = LAB.starter / "elevens_board.py"


def test_a_method_not_written_yet_is_named_with_what_to_do_and_the_labs_game_meanwhile(tmp_path):
    """The starter's elevens_board.py: restarting cannot help, so the page names the method, its
    file, line and activity, says to write it, and offers the lab's own game meanwhile."""
    game = table(tmp_path, STARTER.read_text(encoding="utf-8"))
    game.lab_board = "grader play --lab-board --game elevens"
    try:
        state = game.state()
        assert state["problem"].startswith("Not written yet: ElevensBoard.another_play_is_possible in elevens_board.py "
                                           "(line 22) still raises NotImplementedError, the starter's placeholder "
                                           "(Activity 9)."), state["problem"]
        assert state["next"] == ("Write it, save the file, and press Restart (R). Until then, play the lab's own game: "
                                 "`grader play --lab-board --game elevens`"), state["next"]
        assert "Press Restart to play again" not in json.dumps(state)
        (tmp_path / "elevens_board.py").write_text(board_with("x", "x"), encoding="utf-8")  # written and saved
        written = game.restart()
        assert written["problem"] == "" and written["undealt"] == 43
    finally:
        game.close()


def test_a_half_done_folder_names_the_first_unwritten_method_under_the_board(tmp_path):
    """As in the kit, where the stand-ins are the student's own: an unwritten Board.__init__ is named."""
    (tmp_path / "board.py").write_text((LAB.starter / "board.py").read_text(encoding="utf-8"), encoding="utf-8")
    mine = tmp_path / "elevens_board.py"
    mine.write_text(REFERENCE_BOARD, encoding="utf-8")
    files = {"elevens_board.py": mine, "card.py": LAB.reference / "card.py", "deck.py": LAB.reference / "deck.py",
             "board.py": tmp_path / "board.py"}
    game = GameTable(ELEVENS, files, ("elevens_board.py", "board.py"), 5)
    try:
        state = game.state()
        assert state["problem"].startswith("Not written yet: Board.__init__ in board.py (line 13) still raises "
                                           "NotImplementedError, the starter's placeholder (Activity 8)."), state["problem"]
        assert state["next"] == "Write it, save the file, and press Restart (R)."  # no lab game offered: none given
    finally:
        game.close()


def test_any_other_error_says_restart_plays_the_file_as_saved(tmp_path):
    game = table(tmp_path, board_with("    def is_legal(self, selected: list[int]) -> bool:\n",
                                      "    def is_legal(self, selected: list[int]) -> bool:\n        raise ValueError('x')\n"))
    try:
        game.state()
        broken = game.replace([0, 1])
        assert broken["problem"].startswith("Your board had a problem:\n") and "ValueError: x" in broken["problem"]
        assert broken["next"] == "Fix it, save the file, and press Restart (R): it plays the file as you saved it."
    finally:
        game.close()
