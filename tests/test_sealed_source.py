"""grader.lab.sealed_source: seal/unseal round-trip, and a sealed module runs its source when imported."""

import subprocess
import sys
from pathlib import Path

import pytest

from grader.lab.sealed_source import seal, sealed_module, unseal

SOURCE = '''"""A tiny module to seal."""

GREETING = "héllo"


def shout(text: str) -> str:
    return text.upper() + "!"


def broken() -> None:
    raise RuntimeError("planted")
'''


@pytest.mark.parametrize("text", ["", "x = 1\n", SOURCE, "ünïcödé ♠♥♦♣\n" * 500])
def test_unseal_gives_back_what_seal_was_given(text):
    sealed = seal(text)
    assert sealed.isascii() and "\n" not in sealed
    assert unseal(sealed) == text


def test_unseal_ignores_line_breaks():
    sealed = seal(SOURCE)
    wrapped = "\n".join(sealed[i:i + 10] for i in range(0, len(sealed), 10))
    assert unseal(wrapped) == SOURCE


@pytest.mark.parametrize("damaged", ["not base64 at all!", "aGVsbG8=", seal(SOURCE)[:-8]])
def test_unseal_refuses_what_seal_did_not_write(damaged):
    with pytest.raises(ValueError, match="not text sealed"):
        unseal(damaged)


def run(folder: Path, code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=60)


def test_a_sealed_module_defines_what_its_source_defines_and_nothing_else(tmp_path):
    text = sealed_module(SOURCE, "A note for the student.\nSecond line.", label="Demo")
    assert text.startswith("# A note for the student.\n# Second line.\n")
    assert "shout" not in text and "GREETING" not in text  # the source is not readable as such
    (tmp_path / "tiny.py").write_text(text, encoding="utf-8")
    done = run(tmp_path, "import tiny; print(tiny.shout('hi'), tiny.GREETING);"
                         "print(sorted(n for n in vars(tiny) if n.startswith('_') and not n.startswith('__')))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["HI! héllo", "[]"]


def test_a_traceback_names_the_file_and_its_label(tmp_path):
    (tmp_path / "tiny.py").write_text(sealed_module(SOURCE, "note", label="Demo"), encoding="utf-8")
    done = run(tmp_path, "import tiny; tiny.broken()")
    assert done.returncode != 0
    assert 'File "tiny.py (Demo)", line 11, in broken' in done.stderr and "RuntimeError: planted" in done.stderr


def test_a_missing_required_module_says_where_to_put_it(tmp_path):
    source = "from card import Card\n"
    (tmp_path / "deck.py").write_text(sealed_module(source, "note", label="Buggy3", requires=("card",)), encoding="utf-8")
    done = run(tmp_path, "import deck")
    assert "deck.py (Buggy3) needs your card.py. Copy your card.py into this folder" in done.stderr
    (tmp_path / "card.py").write_text("class Card:\n    pass\n")
    assert run(tmp_path, "import deck; print(deck.Card.__name__)").stdout == "Card\n"


def test_a_source_that_does_not_compile_is_refused_when_sealing():
    with pytest.raises(SyntaxError):
        sealed_module("def broken(:\n", "note")


@pytest.mark.parametrize("label", ['x" + y', "a\nb"])
def test_a_label_that_could_break_the_loader_is_refused(label):
    with pytest.raises(ValueError, match="label"):
        sealed_module("x = 1\n", "note", label=label)
