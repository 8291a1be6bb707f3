"""What ``grader diagnose PATH`` diagnoses: the decks a PATH holds, and how the answer is printed.

PATH may be

- a ``deck.py`` (any ``.py`` file is taken as a deck; the handout's sealed Buggy decks are
  ``deck.py`` files too), or a ``deck.pyc`` on its own: older handouts shipped Buggy1-4 as
  bytecode only, and Python imports a ``.pyc`` that has no source beside it;
- a folder holding a ``deck.py`` or a ``deck.pyc`` (the source wins when both are there, as it
  does for Python's own import);
- a ``.zip`` of such a folder, unpacked with the grader's safe unpacker into a temporary folder
  that is removed afterwards;
- any other folder, such as the one ``grader handout`` writes: every deck found in it, up to three
  folders down, is diagnosed under its own heading. A deck that is not written yet (the blank
  starter) is named as such and skipped.

Problems with PATH itself are ``DiagnoseInputError``: the message says what is wrong, the rule,
and the fix; the command exits with code 3 for them.
"""

import importlib.util
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from grader_labs.elevens.diagnosis import diagnose_deck
from grader_labs.elevens.diagnosis.printing import print_diagnosis
from rich.markup import escape

from grader.terminal.screen import console
from grader.commands.exitcodes import ExitCode
from grader.lab.registry import LabInputError
from grader.intake.class_folder import unpack_zip

DECK_NAMES = ("deck.py", "deck.pyc")  # in the order Python's import prefers them
MAX_DEPTH = 3  # folders this far below PATH are searched; the handout's decks are two down
WHAT_TO_GIVE = ("Give a deck.py or deck.pyc, the folder it is in, a .zip of that folder, or a folder "
                "written by `grader handout`.")


class DiagnoseInputError(LabInputError):
    """PATH cannot be diagnosed; the message is for the person who typed it."""


@dataclass(frozen=True)
class DeckFile:
    label: str  # how the deck is named in the output: relative to what the user typed
    path: Path  # the file to put in the sandbox


def diagnose_path(path: Path) -> ExitCode:
    """Diagnose every deck PATH holds and print what is wrong; OK only when nothing is."""
    with decks_in(path) as decks:
        if len(decks) == 1:
            findings = diagnose_deck(decks[0].path)
            print_diagnosis(Path(decks[0].label), findings)
            return ExitCode.TESTS_FAILED if findings else ExitCode.OK
        diagnosed, found = 0, False
        for deck in decks:
            console.print()
            console.rule(escape(deck.label), style="bold")
            findings = diagnose_deck(deck.path)
            if findings and all(finding.unwritten for finding in findings):
                console.print(f"{deck.label} is not written yet (it still raises NotImplementedError): skipped.",
                              markup=False)
                continue
            diagnosed += 1
            found = found or bool(findings)
            print_diagnosis(Path(deck.label), findings)
        return ExitCode.TESTS_FAILED if found or not diagnosed else ExitCode.OK


@contextmanager
def decks_in(path: Path) -> Iterator[list[DeckFile]]:
    """The decks PATH holds, in a stable order; a zip's are valid only inside the ``with``."""
    if not path.exists():
        raise DiagnoseInputError(f"{path} does not exist. {WHAT_TO_GIVE}")
    if path.is_dir():
        yield _in_folder(path, path)
        return
    if path.suffix.lower() == ".zip":
        with tempfile.TemporaryDirectory(prefix="elevens-diagnose-") as scratch:
            unpacked = unpack_zip(path, Path(scratch))
            if unpacked.problem:
                raise DiagnoseInputError(f"{unpacked.problem}. A .zip must be a plain zip of a folder holding a deck.py "
                                         "or deck.pyc (for example made with your system's \"compress\" command).")
            yield _in_folder(unpacked.folder, Path(path.name))
        return
    if path.suffix.lower() in (".py", ".pyc"):
        yield [_deck_file(str(path), path)]
        return
    raise DiagnoseInputError(f"{path} is not a .py, .pyc or .zip file. {WHAT_TO_GIVE}")


def _in_folder(folder: Path, shown: Path) -> list[DeckFile]:
    """The folder's own deck; failing that, every deck in the folders below it."""
    own = _deck_of(folder)
    if own:
        return [_deck_file(str(shown / own.name), own)]
    found = []
    for current, subfolders, _ in os.walk(folder):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith((".", "__")))
        here = Path(current)
        if len(here.relative_to(folder).parts) >= MAX_DEPTH:
            subfolders[:] = []
        deck = _deck_of(here) if here != folder else None
        if deck:
            found.append(_deck_file(str(shown / deck.relative_to(folder)), deck))
    if not found:
        raise DiagnoseInputError(f"{shown} holds no deck.py or deck.pyc, neither itself nor in the folders up to "
                                 f"{MAX_DEPTH} levels below it. {WHAT_TO_GIVE}")
    return found


def _deck_of(folder: Path) -> Path | None:
    return next((folder / name for name in DECK_NAMES if (folder / name).is_file()), None)


def _deck_file(label: str, path: Path) -> DeckFile:
    if path.suffix.lower() == ".pyc":
        _check_bytecode(label, path)
    return DeckFile(label, path.resolve())


def _check_bytecode(label: str, path: Path) -> None:
    """A .pyc runs only on the Python version that wrote it: refuse any other with a clear reason."""
    with open(path, "rb") as file:
        magic = file.read(len(importlib.util.MAGIC_NUMBER))
    if magic != importlib.util.MAGIC_NUMBER:
        version = f"{sys.version_info.major}.{sys.version_info.minor}"
        raise DiagnoseInputError(
            f"{label} is not bytecode of Python {version}, the version running the grader. A .pyc file runs only "
            "on the Python version that made it: run the grader with that version, or diagnose the deck.py "
            "it was made from (`grader handout` writes the Buggy decks as deck.py files now).")
