"""``grader play [FOLDER]``: play a lab's board game in the browser, on the student's own board.

With a FOLDER the board class is the student's, run in the sandbox beside the lab's reference
files, as its activity grades it; without one it is the lab's reference. The server listens on
127.0.0.1 until Ctrl-C; nothing it started is left running afterwards.
"""

import os
import random
import signal
import sys
import webbrowser
from pathlib import Path

import click

from grader.exitcodes import ExitCode, fail
from grader.kit.edition import is_kit
from grader.lab_choice import choose_lab, lab_option
from grader.labs import Lab, PlayableGame
from grader.suite_index import closest


@click.command("play")
@click.argument("folder", required=False, type=click.Path(path_type=Path))
@click.option("--game", "game_id", default=None, metavar="NAME",
              help="Which of the lab's games (`grader labs` lists them; default: the lab's first).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port on 127.0.0.1 (default: a free one).")
@click.option("--seed", type=int, default=None, help="Deal this game (the page shows each game's seed, to deal it again).")
@click.option("--no-browser", is_flag=True, help="Only print the address; do not open a browser.")
@lab_option
def play_command(folder: Path | None, game_id: str | None, port: int, seed: int | None, no_browser: bool,
                 lab_id: str | None) -> None:
    """Play a board game of the lab in your browser, on your own board (FOLDER) or the lab's."""
    from grader.play.server import PlayServer
    from grader.play.table import GameTable
    from grader.sandbox.launcher import Launcher

    if folder is not None and not folder.resolve().is_dir():
        fail(ExitCode.BAD_INPUT, f"{folder} is not a folder. Give the folder with your board's .py file, or leave it out to play the lab's own board.")
    lab = choose_lab(lab_id, folder.resolve() if folder else None, fallback=lambda lab: bool(lab.games))
    game = _game(lab, game_id)
    files, own = _files(lab, game, folder.resolve() if folder else None)
    launcher = Launcher()
    table = GameTable(game, files, own, seed if seed is not None else random.SystemRandom().randrange(1, 100_000), launcher)
    try:
        server = PlayServer(table, port)
    except OSError as exc:
        table.close()
        launcher.close()
        fail(ExitCode.USAGE, f"cannot listen on port {port} ({exc.strerror}). Leave out --port to take a free one.")
    signal.signal(signal.SIGTERM, _stop_like_ctrl_c)
    # Started in the background of a script, Python inherits SIGINT ignored: the server must
    # still stop (and clean up its sandbox) on Ctrl-C or `kill -INT`.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    whose = f"your {game.file}" if folder else f"the lab's own {game.board_class}"
    click.echo(f"Playing {game.title} on {whose}: open {server.address}  (Ctrl-C to stop)")
    sys.stdout.flush()
    if not no_browser and _has_display():
        webbrowser.open(server.address)
    elif not no_browser:
        click.echo("(No display here to open a browser on: open the address in a browser yourself.)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        table.close()
        launcher.close()
    click.echo("Stopped.")
    sys.exit(ExitCode.OK)


def _has_display() -> bool:
    """On Linux without a display, webbrowser would start a text browser in this terminal."""
    return not sys.platform.startswith("linux") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _stop_like_ctrl_c(signum, frame) -> None:
    """SIGTERM ends the server as Ctrl-C does, so the sandbox is always cleaned up."""
    raise KeyboardInterrupt


def _game(lab: Lab, game_id: str | None) -> PlayableGame:
    if not lab.games:
        fail(ExitCode.USAGE, f"the lab {lab.id} has no board game to play.")
    if game_id is None:
        return lab.games[0]
    for game in lab.games:
        if game.id == game_id.strip().lower():
            return game
    ids = [g.id for g in lab.games]
    fail(ExitCode.USAGE, f"the lab {lab.id} has no game {game_id!r}{closest(game_id.strip().lower(), ids)}: "
                         f"choose one of {', '.join(ids)}.")


def _files(lab: Lab, game: PlayableGame, folder: Path | None) -> tuple[dict[str, Path], tuple[str, ...]]:
    """The board file (the student's, or the reference's) and the reference stand-ins beside it."""
    from grader.submissions import unwrap

    if is_kit():  # no reference board or stand-ins in a student kit: the student's own files
        return _own_files(lab, game, folder)
    files = {name: lab.reference / name for name in game.stand_ins}
    if folder is None:
        return {game.file: lab.reference / game.file, **files}, ()
    mine = unwrap(folder) / game.file
    if not mine.is_file():
        fail(ExitCode.BAD_INPUT, f"{folder} has no {game.file}. Write your board in {game.file}, or run `grader play` "
                                 f"without a folder to play the lab's own {game.title}.")
    return {game.file: mine, **files}, (game.file,)


def _own_files(lab: Lab, game: PlayableGame, folder: Path | None) -> tuple[dict[str, Path], tuple[str, ...]]:
    """In the student kit: the student's board beside their own files (or a file the lab gives)."""
    from grader.submissions import unwrap

    if folder is None:
        fail(ExitCode.USAGE, f"the student kit has no {game.title} board of its own to play: give the folder with your "
                             f"{game.file}, e.g. `grader play --game {game.id} .`")
    mine = unwrap(folder)
    files, missing = {}, []
    for name in (game.file, *game.stand_ins):
        path = lab.reference / name if (lab.reference / name).is_file() else mine / name
        if path.is_file():
            files[name] = path
        else:
            missing.append(name)
    if missing:
        fail(ExitCode.BAD_INPUT, f"{folder} has no {', '.join(missing)}. The student kit plays your {game.file} on your own "
                                 f"{', '.join(game.stand_ins)}: write {'it' if len(missing) == 1 else 'them'} first.")
    return files, tuple(name for name in files if not (lab.reference / name).is_file())
