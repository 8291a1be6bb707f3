"""Game tables and servers for the tests of `grader play`: the reference board, or a student's
board file written on the fly, served on a free port by a thread that owns its sandbox."""

import threading
from contextlib import contextmanager
from pathlib import Path

from grader.lab.registry import get_lab
from grader.play.server import PlayServer
from grader.play.table import GameTable

LAB = get_lab("elevens")
ELEVENS = LAB.games[0]
REFERENCE_BOARD = (LAB.reference / "elevens_board.py").read_text(encoding="utf-8")


def table(tmp_path: Path, board_source: str | None = None, seed: int = 5, game_id: str = "elevens") -> GameTable:
    files = {name: LAB.reference / name for name in ELEVENS.stand_ins}
    if board_source is None:
        game = next(g for g in LAB.games if g.id == game_id)
        return GameTable(game, {game.file: LAB.reference / game.file, **files}, (), seed)
    mine = tmp_path / ELEVENS.file
    mine.write_text(board_source, encoding="utf-8")
    return GameTable(ELEVENS, {ELEVENS.file: mine, **files}, (ELEVENS.file,), seed)


def board_with(old: str, new: str) -> str:
    assert old in REFERENCE_BOARD, old
    return REFERENCE_BOARD.replace(old, new)


@contextmanager
def serving(game_table: GameTable):
    """The server on a free port, served (and its sandbox owned) by one thread; its address."""
    server = PlayServer(game_table)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.address
    finally:
        server.shutdown()
        thread.join(10)
        server.server_close()
        game_table.close()


def legal_selection(places: list[dict]) -> list[int] | None:
    """A legal Elevens play among the board's cards: a pair worth 11, or J, Q and K."""
    values = {"ace": 1, "jack": 0, "queen": 0, "king": 0, **{str(n): n for n in range(2, 11)}}
    cards = [(p["index"], p["rank"]) for p in places if p["rank"] is not None]
    for i, (a, rank_a) in enumerate(cards):
        for b, rank_b in cards[i + 1:]:
            if values[rank_a] and values[rank_b] and values[rank_a] + values[rank_b] == 11:
                return [a, b]
    faces = {rank: index for index, rank in cards if rank in ("jack", "queen", "king")}
    return sorted(faces.values()) if len(faces) == 3 else None


def illegal_selection(places: list[dict]) -> list[int]:
    """Two cards that are not a play (their values do not make 11, or a face is among them)."""
    values = {"ace": 1, "jack": 0, "queen": 0, "king": 0, **{str(n): n for n in range(2, 11)}}
    cards = [(p["index"], p["rank"]) for p in places if p["rank"] is not None]
    for i, (a, rank_a) in enumerate(cards):
        for b, rank_b in cards[i + 1:]:
            if not (values[rank_a] and values[rank_b] and values[rank_a] + values[rank_b] == 11):
                return [a, b]
    raise AssertionError("every pair on the board is a play")
