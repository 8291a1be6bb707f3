"""The Elevens handout's Buggy decks load and behave the same on every Python the grader
supports, whatever Python wrote the handout (a .pyc would load only on the teacher's).

One test per Python version; a version this machine lacks is skipped, and the skip says why.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from grader_labs.elevens.handout import BUGGY, write_handout

from tests.classroom import REFERENCE
from tests.lab_loader import ROOT
from tests.pythons import VERSIONS, interpreter

# A tiny deck tester: what a 1-card deck does, or which error building it raises and in which deck file.
TINY_TESTER = """\
import traceback
from deck import Deck
try:
    deck = Deck(["ace"], ["hearts"], [1])
    print("size", deck.size(), "empty", deck.is_empty(), "deals", deck.deal(), "then", deck.deal())
except Exception as exc:
    frames = [frame.filename for frame in traceback.extract_tb(exc.__traceback__) if "deck.py" in frame.filename]
    print("raised", type(exc).__name__, "in", frames[-1])
"""


def tiny_tester_output(python: str, folder: Path) -> str:
    (folder / "tiny_tester.py").write_text(TINY_TESTER, encoding="utf-8")
    done = subprocess.run([python, "tiny_tester.py"], cwd=folder, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture(scope="module")
def handout(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("handout") / "out"
    write_handout(out)
    return out


@pytest.fixture(scope="module")
def expected(tmp_path_factory) -> dict[str, str]:
    """What the tiny tester prints for each variant's plain source, on the Python running the tests."""
    found = {}
    for variant in BUGGY:
        folder = tmp_path_factory.mktemp(variant)
        shutil.copyfile(ROOT / "buggy_variants" / "elevens" / variant / "deck.py", folder / "deck.py")
        shutil.copyfile(REFERENCE / "card.py", folder / "card.py")
        found[variant] = tiny_tester_output(sys.executable, folder).replace(str(folder / "deck.py"), f"deck.py ({variant})")
    return found


@pytest.mark.parametrize("version", VERSIONS)
def test_every_buggy_deck_loads_and_behaves_on(version, handout, expected, tmp_path):
    python, why = interpreter(version)
    if python is None:
        pytest.skip(why)
    for variant in BUGGY:
        folder = tmp_path / variant
        shutil.copytree(handout / "activity5" / variant, folder)
        shutil.copyfile(REFERENCE / "card.py", folder / "card.py")  # a correct card.py, beside deck.py as the README says
        assert tiny_tester_output(python, folder) == expected[variant], (version, variant)
    assert expected["Buggy2"].startswith("size 0")  # the dropped first rank: a 1-card deck is empty
    assert expected["Buggy5"] == "raised ValueError in deck.py (Buggy5)"  # the sealed code's traceback names its file
