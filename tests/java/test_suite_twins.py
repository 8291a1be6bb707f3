"""Every hand-written message of the suites, checked for the other language's words (issue 28,
point 4): every ``Twin`` has Python on one side and Java on the other, and every plain message
text (no Twin) has neither Python-only nor Java-only words in it. No JVM needed."""

import ast
from pathlib import Path

import pytest

from tests.java.language_words import JAVA_WORDS, PYTHON_WORDS

ROOT = Path(__file__).resolve().parents[2]
LAB = ROOT / "labs" / "elevens"
# Every file whose strings a student reads: the suites, the lab's shared checks, and the core
# helpers that write messages for any lab.
MESSAGE_FILES = sorted((LAB / "suites").glob("test_*.py")) + [
    LAB / "board_checks.py", LAB / "shuffle_checks.py", LAB / "planting.py",
    ROOT / "grader" / "testers" / "verdicts.py", ROOT / "grader" / "checks" / "assertions.py",
]


# -- the suites' own texts ----------------------------------------------------------------------
def _strings(node: ast.AST) -> list[str]:
    """The text of every string constant under ``node`` (an f-string's literal parts too)."""
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _is_twin(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Twin"


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _twins() -> list[tuple[str, int, str, str]]:
    found = []
    for path in MESSAGE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if _is_twin(node):
                python, java = node.args
                found.append((path.name, node.lineno, " ".join(_strings(python)), " ".join(_strings(java))))
    return found


TWINS = _twins()


def test_the_suites_have_twins():
    assert len(TWINS) >= 40 and {name for name, *_ in TWINS} >= {"test_a1_card.py", "test_a8_board.py", "board_checks.py"}


@pytest.mark.parametrize("twin", TWINS, ids=[f"{t[0]}:{t[1]}" for t in TWINS])
def test_each_twin_speaks_its_own_language(twin):
    _, _, python, java = twin
    assert python != java, "the same text in both languages is a plain str, not a Twin"
    assert not JAVA_WORDS.search(python), f"Java in the Python side: {JAVA_WORDS.search(python).group()!r}"
    assert not PYTHON_WORDS.search(java), f"Python in the Java side: {PYTHON_WORDS.search(java).group()!r}"


def _plain_texts() -> list[tuple[str, int, str]]:
    """Message texts outside any Twin: string constants with a space in them (prose, not a name
    or a protocol value), docstrings and comments left out."""
    found = []
    for path in MESSAGE_FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside_twins = {id(n) for t in ast.walk(tree) if _is_twin(t) for n in ast.walk(t)}
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value
                    and id(node) not in inside_twins and id(node) not in docs):
                found.append((path.name, node.lineno, node.value))
    return found


def test_plain_messages_use_neither_languages_own_words():
    """A text both students read must not hold Python's words (None, len(...), is_empty()) nor
    Java's (null, pointValue()): such a text must be a Twin. Known to be read by both and fine:
    names the two languages share (size(), deal(), matches())."""
    wrong = [(name, line, text) for name, line, text in _plain_texts()
             if PYTHON_WORDS.search(text) or JAVA_WORDS.search(text)]
    assert wrong == []


def test_no_twin_is_turned_into_text_without_its_idiom():
    """``f"{Twin(...)}"`` would always read as Python: a Twin inside an f-string must go through say()."""
    for path in MESSAGE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FormattedValue):
                assert not _is_twin(node.value) and not (isinstance(node.value, ast.Name) and node.value.id.isupper()
                                                         and node.value.id.endswith("HINT")), \
                    f"{path.name}:{node.lineno}: a Twin written without say()"
