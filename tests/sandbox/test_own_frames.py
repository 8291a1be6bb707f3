"""Error messages quote only the student's own lines, never the lab's stand-ins or a class under test."""

import pytest

from grader.testers.own_tests import OwnTests
from grader_labs.elevens.variants import run_tester, variant_file
from grader.sandbox import (
    Limits,
    SandboxSession,
    Student,
    StudentError,
    StudentLoadError,
)
from tests.classroom import reference_text
from tests.sandbox.tester_runs import REFERENCE

# A board whose is_legal asks the reference Board for a slot that does not exist: the
# IndexError is raised inside the lab's board.py, called from the student's file.
BAD_BOARD = reference_text("elevens_board.py").replace(
    "    def is_legal(self, selected: list[int]) -> bool:\n",
    "    def is_legal(self, selected: list[int]) -> bool:\n        self.card_at(99)\n", 1)

STAND_INS = {name: REFERENCE / name for name in ("card.py", "deck.py", "board.py")}
BOARD_LINES = [line.strip() for line in reference_text("board.py").splitlines() if len(line.strip()) > 8]


def board_session(tmp_path, text: str, own: tuple[str, ...] | None) -> SandboxSession:
    path = tmp_path / "elevens_board.py"
    path.write_text(text, encoding="utf-8")
    return SandboxSession({"elevens_board.py": path, **STAND_INS}, ["card", "deck", "board", "elevens_board"], own=own)


def error_of_is_legal(session: SandboxSession) -> StudentError:
    link = session.worker(1)
    try:
        board = Student(link, session.modules).elevens_board.ElevensBoard()
        with pytest.raises(StudentError) as caught:
            board.is_legal([0, 1])
        return caught.value
    finally:
        link.finish()
        session.close()


def test_an_error_inside_the_labs_board_quotes_only_the_students_line(tmp_path):
    error = error_of_is_legal(board_session(tmp_path, BAD_BOARD, own=("elevens_board.py",)))
    message = str(error)
    assert "IndexError" in message and "self.card_at(99)" in message and "elevens_board.py line" in message
    assert "inside the lab's own board.py" in message
    assert not [line for line in BOARD_LINES if line in message]
    assert [frame["file"] for frame in error.details["frames"]] == ["elevens_board.py"]


def test_without_own_every_file_of_the_sandbox_is_quoted_as_before(tmp_path):
    error = error_of_is_legal(board_session(tmp_path, BAD_BOARD, own=None))
    assert error.details["frames"][-1]["file"] == "board.py" and "return self.cards[k]" in str(error)


def test_an_error_with_no_frame_of_the_students_still_says_what_and_where(tmp_path):
    # The reference board.py is the one failing at import here (its Deck import is broken by a
    # student's deck.py); nothing of the student's is on the stack.
    deck = tmp_path / "deck.py"
    deck.write_text("raise ImportError('no Deck here')\n", encoding="utf-8")
    session = SandboxSession({"deck.py": deck, **{k: v for k, v in STAND_INS.items() if k != "deck.py"}},
                             ["card", "board"], own=("elevens_board.py",))
    try:
        with pytest.raises(StudentLoadError) as caught:
            session.load()
    finally:
        session.close()
    message = str(caught.value)
    assert "ImportError: no Deck here" in message and "inside the lab's own deck.py" in message
    assert "from deck import Deck" not in message


def test_a_tester_failing_inside_the_class_under_test_quotes_only_the_tester(tmp_path):
    tester = tmp_path / "deck_tester.py"
    tester.write_text("from deck import Deck\nDeck(['ace'], ['hearts'], [1])\n", encoding="utf-8")
    run = run_tester(OwnTests({"deck_tester.py": tester}, 1, Limits()), "deck.py", variant_file("Buggy5", "deck.py"))
    deck_lines = [line.strip() for line in variant_file("Buggy5", "deck.py").read_text().splitlines() if len(line.strip()) > 8]
    assert run.outcome == "failed" and "deck_tester.py line 2" in run.message and "inside deck.py" in run.message
    assert not [line for line in deck_lines if line in run.message]
