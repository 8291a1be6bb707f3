"""How a sandboxed interpreter is started: its command line and its from-scratch environment."""

import sys
from pathlib import Path


def interpreter_command(boot: str) -> list[str]:
    """Python without site-packages (-S -s), without writing bytecode (-B), in UTF-8 mode.

    Not ``-I``: isolated mode also ignores PYTHONHASHSEED, which determinism needs. Student
    files are never on the path at start-up; they are imported by name from the staged folder
    appended to the end of ``sys.path``, after the standard library.
    """
    return [sys.executable, "-S", "-s", "-B", "-X", "utf8", "-c", boot]


def child_environment(home: Path) -> dict[str, str]:
    """A fresh environment: none of the teacher's variables (tokens, paths) reach student code.

    PYTHONHASHSEED is fixed so that the order of a set of strings, and so any student code
    that depends on it, is the same in every run: part of "same submission, same grade".
    """
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
