"""One game at a time on a board class, played through the sandbox: what `grader play` serves.

The board lives in a sandbox worker, exactly as in grading: the student's board file beside the
lab's reference files, one worker per game, seeded so a game can be dealt again (``--seed``).
This side only asks the board questions (``size``, ``card_at``, ``is_legal``, ...) and turns
the answers into plain data for the page. Whatever goes wrong in the student's code (an
exception, a hang, an answer of the wrong kind) becomes a message for the page; the game is then
over until it is restarted, and a hung worker is replaced, so the server always keeps serving.
"""

from dataclasses import dataclass, field
from pathlib import Path

from grader.lab.registry import PlayableGame
from grader.play.problems import NEXT_STEP, explain
from grader.sandbox.errors import SandboxError
from grader.sandbox.launcher import Launcher
from grader.sandbox.limits import Limits
from grader.sandbox.proxy import Remote, Student
from grader.sandbox.session import SandboxSession, WorkerLink

# A board's answer takes microseconds; a second means a loop that never ends.
CALL_SECONDS = 2.0


class BoardProblem(Exception):
    """The board's code failed or answered nonsense; the message is for the student. ``error``:
    the sandbox's own report, when the student's code raised (problems.py reads it)."""

    def __init__(self, message: str, error: SandboxError | None = None) -> None:
        super().__init__(message)
        self.error = error


@dataclass
class Tally:
    played: int = 0
    won: int = 0


@dataclass
class GameTable:
    """A board game served to one browser page: its sandbox, the game in progress and the tally.

    Used from one thread only (the server answers one request at a time): the sandbox's
    processes end with the thread that started them."""

    game: PlayableGame
    files: dict[str, Path]  # name in the sandbox -> file: the board, then the stand-ins
    own: tuple[str, ...]  # the student's files among them (their lines may be shown)
    first_seed: int
    launcher: Launcher | None = None
    replay: str = ""  # the command that plays this board again, but for its seed (commands/play.py)
    lab_board: str = ""  # the command that plays the lab's own game meanwhile ("": there is none)
    tally: Tally = field(default_factory=Tally)
    seed: int = 0
    moves: int = 0
    counted: bool = False
    problem: str = ""
    next_step: str = ""  # what the page says to do about the problem
    _session: SandboxSession | None = None
    _link: WorkerLink | None = None
    _board: Remote | None = None

    # -- what the server calls -----------------------------------------------------------
    def state(self) -> dict:
        if self._board is None and not self.problem:
            self._begin(self.first_seed)
        return self._state()

    def restart(self) -> dict:
        if self.moves and not self.counted:
            self.tally.played += 1  # a game given up still counts as played
        dealt = self._board is not None or bool(self.problem)
        self.close()  # a new sandbox, so a board file the student has fixed and saved is the one played
        self._begin(self.seed + 1 if dealt else self.first_seed)
        return self._state()

    def replace(self, selected: list[int]) -> dict:
        if self._board is None:
            return self._state()
        note = ""
        try:
            legal = self._ask(self._board.is_legal, sorted(selected), kind=bool)
            if legal:
                self._ask(self._board.replace_selected_cards, sorted(selected))
                self.moves += 1
            else:
                note = "not a legal selection"
        except BoardProblem as exc:
            self._stop(exc)
        return self._state(note)

    def close(self) -> None:
        """End the game's worker and the sandbox (its processes and its folder)."""
        self._end_worker()
        if self._session is not None:
            self._session.close()
            self._session = None

    # -- the game ------------------------------------------------------------------------
    def _begin(self, seed: int) -> None:
        self.seed, self.moves, self.counted, self.problem, self.next_step = seed, 0, False, "", ""
        self._end_worker()
        if self._session is None:
            self._session = SandboxSession(self.files, [Path(n).stem for n in self.files if n.endswith(".py")],
                                           Limits(call_seconds=CALL_SECONDS), launcher=self.launcher, own=self.own)
        try:
            self._link = self._session.worker(seed)
            student = Student(self._link, list(self._session.modules))
            board_class = getattr(getattr(student, Path(self.game.file).stem), self.game.board_class)
            self._board = self._ask(board_class)
            if not isinstance(self._board, Remote):
                raise BoardProblem(f"{self.game.board_class}() should make a board, but it gave {self._board!r}.")
        except BoardProblem as exc:
            self._stop(exc)
        except SandboxError as exc:
            self._stop(BoardProblem(str(exc), exc))

    def _state(self, note: str = "") -> dict:
        state = {"game": self.game.id, "title": self.game.title, "seed": self.seed, "places": [], "undealt": None,
                 "over": "", "note": note, "problem": self.problem, "next": self.next_step, "won": self.tally.won, "played": self.tally.played,
                 "replay": f"{self.replay or 'grader play'} --seed {self.seed}"}
        if self._board is None:
            return state
        try:
            state["places"] = self._places()
            state["undealt"] = self._ask(self._board.deck_size, kind=int)
            if self._ask(self._board.game_is_won, kind=bool):
                state["over"] = "won"
            elif not self._ask(self._board.another_play_is_possible, kind=bool):
                state["over"] = "stuck"
        except BoardProblem as exc:
            self._stop(exc)
            return {**state, "problem": self.problem, "next": self.next_step, "places": [], "undealt": None}
        if state["over"] and not self.counted:
            self.counted = True
            self.tally.played += 1
            self.tally.won += state["over"] == "won"
        return {**state, "won": self.tally.won, "played": self.tally.played}

    def _places(self) -> list[dict]:
        size = self._ask(self._board.size, kind=int)
        if not 0 < size <= 60:
            raise BoardProblem(f"size() should be the number of places on the board, but it returned {size}.")
        student = Student(self._link, [])
        held = self._batch(student, [self._board.card_at.later(k) for k in range(size)], "card_at")
        filled = [(k, thing) for k, thing in enumerate(held) if thing is not None]
        for k, thing in filled:
            if not isinstance(thing, Remote):
                raise BoardProblem(f"card_at({k}) should return None or an object with rank() and suit(), "
                                   f"but it returned {thing!r}.")
        texts = self._batch(student, [call for _, thing in filled for call in (thing.rank.later(), thing.suit.later())],
                            "rank() and suit()")
        places = [{"index": k, "rank": None, "suit": None} for k in range(size)]
        for (k, _), rank, suit in zip(filled, texts[0::2], texts[1::2]):
            places[k].update(rank=str(rank), suit=str(suit))
        return places

    # -- talking to the board ------------------------------------------------------------
    def _ask(self, method, *args, kind: type | None = None):
        try:
            answer = method(*args, timeout=CALL_SECONDS)
        except SandboxError as exc:
            raise BoardProblem(str(exc), exc) from None
        if kind is not None and type(answer) is not kind:
            name = getattr(method, "name", "the board")  # the method as the lab names it
            raise BoardProblem(f"{name}() should return {'True or False' if kind is bool else 'a whole number'}, "
                               f"but it returned {answer!r}.")
        return answer

    def _batch(self, student: Student, calls: list, what: str) -> list:
        try:
            return student.batch(*calls, timeout=CALL_SECONDS) if calls else []
        except SandboxError as exc:
            raise BoardProblem(str(exc), exc) from None

    def _stop(self, problem: BoardProblem) -> None:
        """The board failed: show why and what to do, end this game, and throw its worker away
        (it may hang)."""
        if problem.error is not None:
            self.problem, self.next_step = explain(problem.error, self.lab_board)
        else:
            self.problem, self.next_step = f"Your board had a problem:\n{problem}", NEXT_STEP
        self._end_worker()

    def _end_worker(self) -> None:
        self._board = None
        if self._link is not None:
            try:
                self._link.finish()
            except SandboxError:
                pass
            self._link = None
