"""Whether a student's file is still the lab's starter file: work not started.

An untouched starter file earns nothing, whatever the tests would say of it (a board whose
constructor the starter already writes passes a test or two). So an activity whose every file is
the starter's is not run at all: it is ``not_started``, 0 points, one line in every report.

"The starter's" means the same Python code: the files' syntax trees are equal (docstrings
included), so re-indenting, moving blank lines or changing a comment does not count as work, and
writing one line of code does. A file that is not Python (answers in YAML) counts as the
starter's when its lines, stripped and without blank ones, are the same. A file that does not
parse is never the starter's: it is someone's work (and it will not load).
"""

import ast
from pathlib import Path

from grader.lab.rubric import Rubric

MAX_BYTES = 1 << 20  # a starter file is small; a larger file is someone's work


def is_starter_copy(rubric: Rubric, names: list[str], path: Path) -> bool:
    """Whether the file at ``path`` is the lab's starter file for one of ``names`` (the names an
    activity's file may have: ``widget_tester.py|test_widget.py``)."""
    folder = rubric.home.starter if rubric.home is not None else None
    if folder is None or not folder.is_dir():
        return False
    for name in names:
        starter = folder / name
        if starter.is_file() and same_code(starter, path):
            return True
    return False


def same_code(starter: Path, path: Path) -> bool:
    """Whether two files hold the same code (see the module's docstring)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return False
        theirs, ours = path.read_bytes(), starter.read_bytes()
    except OSError:
        return False
    if theirs == ours:
        return True
    try:
        theirs_text, ours_text = theirs.decode("utf-8-sig"), ours.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    if starter.suffix != ".py":
        return _lines(theirs_text) == _lines(ours_text)
    try:
        return ast.dump(ast.parse(theirs_text)) == ast.dump(ast.parse(ours_text))
    except (SyntaxError, ValueError):
        return False


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]
