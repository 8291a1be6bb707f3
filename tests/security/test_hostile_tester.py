"""A student's tester earns credit only by testing: it cannot tell the Deck it is run against
apart by anything but what the Deck does.

- ``PROBES`` (hostile_tester.py) tries every channel a tester has (the file and its folder, a
  copy anywhere, the module's and the class's attributes, code, source and docstrings, the
  frames and line numbers of an error, strings and code objects in memory, the process that
  holds the class, a counter in /tmp or the home, the seed, the environment) and prints what
  each gave. Run against the correct Decks, the lab's Buggy Decks and mutants of every method,
  it must print exactly the same thing for every one of them.
- ``CHEAT`` passes exactly when it can read the text of a correct Deck. Graded as a student's
  deck tester (Activity 5), as root and as an ordinary user, it must score 0. (Before the class
  under test moved to a process of its own, it scored 18/18.)
"""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grader.testers.own_tests import OwnTests, close_warm_sandboxes
from grader.sandbox import Limits
from grader.sandbox.launcher import namespaces_work
from grader_labs.elevens.variants import run_tester, variant_file
from tests.security import as_user
from tests.security.hostile_tester import CHEAT, PROBES

VERSIONS = [("reference", "deck.py"), ("Correct", "deck.py"), ("Buggy1", "deck.py"), ("Buggy2", "deck.py"),
            ("Buggy3", "deck.py"), ("Buggy4", "deck.py"), ("Buggy5", "deck.py"), ("mutants", "deck-002.py"),
            ("mutants", "deck-007.py"), ("mutants", "deck-012.py"), ("mutants", "deck-020.py")]


def probe(tmp_path: Path) -> list[dict]:
    tester = tmp_path / "deck_tester.py"
    tester.write_text(PROBES, encoding="utf-8")
    own = OwnTests({tester.name: tester}, 7, Limits(output_bytes=1 << 20, call_seconds=20))
    try:
        runs = [run_tester(own, "deck.py", variant_file(folder, name)) for folder, name in VERSIONS]
    finally:
        close_warm_sandboxes()
    assert [run.outcome for run in runs] == ["passed"] * len(VERSIONS), [run.message for run in runs]
    return [json.loads(run.output.strip().splitlines()[-1]) for run in runs]


@pytest.fixture(scope="module")
def probed(tmp_path_factory) -> list[dict]:
    return probe(tmp_path_factory.mktemp("probes"))


def test_every_channel_gives_the_same_answer_for_every_deck(probed):
    first = probed[0]
    for (folder, name), found in zip(VERSIONS, probed):
        differs = {channel: (first[channel], found[channel]) for channel in first if found[channel] != first[channel]}
        assert not differs, (folder, name, differs)


@pytest.mark.parametrize("channel, expected", [
    ("read deck.py", "refused: FileNotFoundError"),
    ("getsource", "refused: OSError"),
    ("getsource module", "refused: OSError"),
    ("private attribute", "refused: AttributeError"),
    ("other attribute", "refused: AttributeError"),
    ("files holding a deal method", []),
    ("counter in /tmp", 0),
    ("counter in home", 0),
    ("docstrings", [None, None, None, None]),
])
def test_what_a_channel_gives(probed, channel, expected):
    assert probed[0][channel] == expected


def test_nothing_is_left_in_tmp_but_the_sandboxs_own_folder(probed):
    assert all(name.startswith("grader-sandbox-") for name in probed[0]["leftovers in /tmp"])


def test_the_class_is_nowhere_in_the_testers_memory_and_its_host_is_closed(probed):
    texts, codes = probed[0]["memory"]
    assert texts == []
    assert all(code[1] == "forward" for code in codes), codes  # the one frame named after the file
    host = next(entry for label, entry in probed[0]["other processes"].items() if label.startswith("child"))
    assert host["mem"] != "read: True" and not host["mem"].startswith("read")
    for name in ("maps", "environ", "fd", "stack", "auxv"):
        assert host[name] in ("PermissionError", "FileNotFoundError"), (name, host[name])


def cheat_folder(root: Path) -> Path:
    known = [hashlib.sha256(variant_file(v, "deck.py").read_bytes()).hexdigest() for v in ("reference", "Correct")]
    folder = root / "cheat"
    folder.mkdir()
    (folder / "deck_tester.py").write_text(CHEAT.replace("{KNOWN!r}", repr(set(known))), encoding="utf-8")
    return folder


def a5_points(stdout: str) -> str:
    return next(line for line in stdout.splitlines() if line.strip().startswith("A5 "))


@pytest.mark.skipif(not namespaces_work(), reason="user/PID/mount namespaces are not available here")
def test_the_cheat_scores_0(tmp_path):
    folder = cheat_folder(tmp_path)
    done = subprocess.run([sys.executable, "-c", "from grader.cli import main; main()", "check", str(folder),
                           "--activity", "A5", "--all"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert " 0 / 18" in a5_points(done.stdout), done.stdout + done.stderr
    assert "cannot tell which Deck this is" in done.stdout


@pytest.mark.skipif(not namespaces_work(), reason="user/PID/mount namespaces are not available here")
def test_as_an_ordinary_user_the_cheat_scores_0(tmp_path, ordinary_site):
    work = tmp_path / "run"
    work.mkdir()
    folder = cheat_folder(work)
    for path in (work, *work.rglob("*")):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    done = as_user.run_as_ordinary_user(ordinary_site, ["check", "cheat", "--activity", "A5"], cwd=work)
    assert " 0 / 18" in a5_points(done.stdout), done.stdout + done.stderr
