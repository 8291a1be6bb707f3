"""``grader play [FOLDER]``: play a lab's board game in the browser, on the student's own board.

FOLDER defaults to the current folder, as for ``grader check``: the board class is the
student's, run in the sandbox beside the lab's reference files (the stand-ins), as its activity
grades it (in the student kit: beside the student's own files). ``--lab-board`` plays the lab's
own game instead, to learn it before writing a board: served by the grader from the lab's rule
code (grader/play/served.py), so the student kit plays it too without holding any board of the
lab's; a lab game without rule code plays the reference board (teacher's grader only). The
first line says whose board and which stand-ins are played; the page's replay hint names the
folder, so it deals the same game wherever it is pasted. The server listens on
127.0.0.1 until Ctrl-C; nothing it started is left running afterwards.
"""

import os
import random
import shlex
import signal
import sys
import webbrowser
from pathlib import Path

import click

from grader.commands.exitcodes import ExitCode, fail
from grader.kit.edition import is_kit
from grader.commands.lab_choice import choose_lab, lab_option
from grader.lab.registry import Lab, PlayableGame
from grader.commands.option_types import WholeNumber
from grader.lab.suite_index import closest


@click.command("play")
@click.argument("folder", default=".", type=click.Path(path_type=Path))
@click.option("--game", "game_id", default=None, metavar="NAME",
              help="Which of the lab's games (`grader labs` lists them; default: the lab's first).")
@click.option("--lab-board", is_flag=True,
              help="Play the lab's own game instead of your board, to learn it first (no file of yours is used).")
@click.option("--port", type=WholeNumber(0, 65535, meaning="--port is a TCP port on 127.0.0.1 (0: a free one)",
                                         fix="Leave out --port to take a free one."),
              default=0, help="Port on 127.0.0.1 (default, or 0: a free one).")
@click.option("--seed", type=int, default=None, help="Deal this game (the page shows each game's seed, to deal it again).")
@click.option("--no-browser", is_flag=True, help="Only print the address; do not open a browser.")
@lab_option
def play_command(folder: Path, game_id: str | None, lab_board: bool, port: int, seed: int | None, no_browser: bool,
                 lab_id: str | None) -> None:
    """Play a board game of the lab in your browser, on your own board in FOLDER (default: the
    current folder), or on the lab's own with --lab-board."""
    from grader.play.server import PlayServer
    from grader.play.table import GameTable
    from grader.sandbox.launcher import Launcher

    where = _folder(folder, lab_board)
    lab = choose_lab(lab_id, where, fallback=lambda lab: bool(lab.games))
    game = _game(lab, game_id)
    first = seed if seed is not None else random.SystemRandom().randrange(1, 100_000)
    launcher = None
    if lab_board and game.rules:
        table, whose = _served(game, first, _replay(None, game, lab_id)), SERVED
    else:
        if lab_board and is_kit():
            fail(ExitCode.USAGE, f"--lab-board: the lab {lab.id} gives no rules for {game.title} to play, and the student "
                                 "kit holds no board of the lab's. Run `grader play` in the folder with your board.")
        files, own = _files(lab, game, where)
        launcher = Launcher()
        table = GameTable(game, files, own, first, launcher, replay=_replay(where, game, lab_id),
                          lab_board=_replay(None, game, lab_id) if game.rules or not is_kit() else "")
        whose = f"on {_whose(game, files, own)}"
    try:
        server = PlayServer(table, port)
    except OSError as exc:
        table.close()
        if launcher is not None:
            launcher.close()
        fail(ExitCode.USAGE, f"cannot listen on port {port} ({exc.strerror}). Leave out --port to take a free one.")
    signal.signal(signal.SIGTERM, _stop_like_ctrl_c)
    # Started in the background of a script, Python inherits SIGINT ignored: the server must
    # still stop (and clean up its sandbox) on Ctrl-C or `kill -INT`.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    click.echo(f"Playing {game.title} {whose}: open {server.address}  (Ctrl-C to stop)")
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
        if launcher is not None:
            launcher.close()
    click.echo("Stopped.")
    sys.exit(ExitCode.OK)


def _folder(folder: Path, lab_board: bool) -> Path | None:
    """The student's folder (absolute), or None for the lab's own board."""
    if lab_board:
        if folder != Path("."):
            fail(ExitCode.USAGE, f"--lab-board plays the lab's own board, so it takes no folder ({folder} was given). "
                                 "Leave out the folder, or leave out --lab-board to play the board in it.")
        return None
    if not folder.resolve().is_dir():
        fail(ExitCode.BAD_INPUT, f"{folder} is not a folder. Give the folder with your board's .py file "
                                 "(default: the current folder), or --lab-board to play the lab's own board.")
    return folder.resolve()


# What the first line says of the lab's game when the grader serves it (no board class runs).
SERVED = "as the lab plays it, served by the grader from the lab's rules (no file of yours is used)"


def _served(game: PlayableGame, seed: int, replay: str):
    """The lab's game, served from its rule code in this process (grader/play/served.py)."""
    from grader.play.served import ServedTable, load_rules

    try:
        rules = load_rules(game)
    except ValueError as exc:
        fail(ExitCode.INTERNAL, f"{exc}. Reinstall the grader or the kit; if it persists, tell your teacher.")
    return ServedTable(game, rules, seed, replay=replay)


def _whose(game: PlayableGame, files: dict[str, Path], own: tuple[str, ...]) -> str:
    """Whose board is played, from which file, and whose files stand beside it."""
    board = (f"your {game.board_class} from {files[game.file]}" if game.file in own
             else f"the lab's own {game.board_class}")
    beside = [name for name in files if name != game.file]
    if not beside:
        return board
    yours = [name for name in beside if name in own]
    labs = [name for name in beside if name not in own]
    said = ([f"your {_listed(yours)}"] if yours else []) + ([f"the lab's {_listed(labs)}"] if labs else [])
    return f"{board}, with {' and '.join(said)}"


def _listed(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def _replay(folder: Path | None, game: PlayableGame, lab_id: str | None) -> str:
    """The command that plays this board again, wherever it is pasted (the seed is added per game)."""
    where = shlex.quote(str(folder)) if folder is not None else "--lab-board"
    lab = f" --lab {shlex.quote(lab_id)}" if lab_id else ""
    return f"grader play {where} --game {game.id}{lab}"


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
    from grader.intake.class_folder import unwrap

    if is_kit():  # no reference board or stand-ins in a student kit: the student's own files
        return _own_files(lab, game, folder)
    files = {name: lab.reference / name for name in game.stand_ins}
    if folder is None:
        return {game.file: lab.reference / game.file, **files}, ()
    mine = unwrap(folder) / game.file
    if not mine.is_file():
        fail(ExitCode.BAD_INPUT, f"{folder} has no {game.file}. Write your board in {game.file} and run `grader play` in "
                                 f"its folder (or give the folder), or run `grader play --lab-board` to play the "
                                 f"lab's own {game.title}.")
    return {game.file: mine, **files}, (game.file,)


def _own_files(lab: Lab, game: PlayableGame, folder: Path | None) -> tuple[dict[str, Path], tuple[str, ...]]:
    """In the student kit: the student's board beside their own files (or a file the lab gives)."""
    from grader.intake.class_folder import unwrap

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
        meanwhile = f" Until then, `grader play --lab-board --game {game.id}` plays the lab's own game." if game.rules else ""
        fail(ExitCode.BAD_INPUT, f"{folder} has no {', '.join(missing)}. The student kit plays your {game.file} on your own "
                                 f"{', '.join(game.stand_ins)}: write {'it' if len(missing) == 1 else 'them'} first.{meanwhile}")
    return files, tuple(name for name in files if not (lab.reference / name).is_file())
